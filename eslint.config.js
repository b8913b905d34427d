import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {
  KERNEL_OWNERS,
  OWNERS,
  allowedBorrows,
  forbiddenTables,
  ownerOfFile,
} from './scripts/table-owners.mjs';

/**
 * The server's layers, lowest first (README "Server layers"). Kernel: the top-level files and db/,
 * http/, media/. Then the modules in one order: foundation, then domain; a module imports the
 * kernel and the modules before it only, so module imports can never form a cycle. Edges (routes,
 * each module's register function (*.register.ts), the console's API in admin/, jobs, cli, seed,
 * app.ts, main.ts) import anything; nothing but edges and tests imports an edge.
 */
const SERVER_FOUNDATION = ['mail', 'tenant', 'ledger', 'user', 'auth', 'operator'];
const SERVER_DOMAIN = [
  'catalog',
  'payment',
  'wallet',
  'membership',
  'team',
  'earn',
  'chat',
  'oauth',
  'health',
];

/** A colour written as a value in code: `#rgb`…`#rrggbbaa`, or rgb()/hsl() (also in templates). */
const RAW_COLOUR = String.raw`/^#[0-9a-fA-F]{3,8}$|\b(rgba?|hsla?)\(/`;
const rawColourInCode = [
  {
    selector: `Literal[value=${RAW_COLOUR}]`,
    message: 'Raw colour: take a token (web: shared/theme/tokens.css; console: shared/ui/palette.ts).',
  },
  {
    selector: `TemplateElement[value.raw=${RAW_COLOUR}]`,
    message: 'Raw colour: take a token (web: shared/theme/tokens.css; console: shared/ui/palette.ts).',
  },
];

/** The console's look is in its stylesheet and antd's theme, not in inline styles. */
const inlineStyle = {
  selector: "JSXAttribute[name.name='style']",
  message:
    'No inline style in the console: a class of apps/admin/src/app/admin.css, an antd prop, or a theme token (app/app.tsx).',
};

/**
 * A read of the web app is declared once, as its xQueryOptions function (queryOptions or
 * infiniteQueryOptions: key, fetch and fixed settings); hooks and the query client take those
 * options and add only what depends on the caller (`enabled`). See shared/api/request.ts.
 */
const readDeclaredInline = [
  {
    selector:
      "CallExpression[callee.name=/^use(Suspense)?(Infinite)?Query$/] > ObjectExpression > Property[key.name='queryFn']",
    message:
      'Declare the read as xQueryOptions(...) and spread it: useQuery({ ...xQueryOptions(args), enabled }).',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^((fetch|prefetch|ensure)(Infinite)?Query(Data)?|query)$/] > ObjectExpression > Property[key.name='queryFn']",
    message: "Pass the read's xQueryOptions(...) to the query client instead of a key and a fetch.",
  },
];

const pagedByHand = {
  selector: "CallExpression[callee.property.name='offset']",
  message: 'Cut a page with onePage or pageOf (db/paging.ts).',
};

const SERVER_MODULES = [...SERVER_FOUNDATION, ...SERVER_DOMAIN];
const server = 'apps/server/src';

/**
 * Each table has one owner (scripts/table-owners.mjs): a file imports from db/schema only its own
 * module's tables; the rest it asks the owner for. The imports from before the rule are listed file
 * by file in scripts/table-owners-known.json (CI holds that list to today's imports, so it only
 * shrinks); the permanent exceptions, one query spanning two owners, are its JOINS, each with
 * its reason.
 */
function tableRule(owner, borrowed = []) {
  const patterns = Object.keys(OWNERS)
    .filter((other) => other !== owner)
    .map((other) => ({
      group: ['**/db/schema/*.js', './schema/*.js'],
      importNames: forbiddenTables(owner, borrowed).filter((t) => OWNERS[other].includes(t)),
      message: KERNEL_OWNERS.includes(other)
        ? `Use the kernel's function for this table (${other}/).`
        : `Ask the ${other} module instead of reading its tables.`,
    }))
    .filter((pattern) => pattern.importNames.length > 0);
  return { 'no-restricted-imports': ['error', { patterns }] };
}
// db/client.ts hands the whole schema to Drizzle (`import * as schema`); it reads no table itself.
const serverSources = {
  ignores: [
    `${server}/**/*.test.ts`,
    `${server}/test/**`,
    `${server}/db/schema/**`,
    `${server}/db/client.ts`,
  ],
};
const tableOwnership = [
  { ...serverSources, files: [`${server}/**/*.ts`], rules: tableRule(null) },
  ...Object.keys(OWNERS).map((owner) => ({
    ...serverSources,
    files: [
      KERNEL_OWNERS.includes(owner) ? `${server}/${owner}/**/*.ts` : `${server}/modules/${owner}/**/*.ts`,
    ],
    rules: tableRule(owner),
  })),
  ...Object.entries(allowedBorrows()).map(([file, borrowed]) => ({
    files: [`${server}/${file}`],
    rules: tableRule(ownerOfFile(file), borrowed),
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify handlers and test doubles are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs', 'vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        // A test sits beside what it tests and may render the whole app (first match wins).
        { type: 'test', pattern: 'apps/web/src/**/*.test.{ts,tsx}', mode: 'file' },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'apps/web/src/shared' },
        { type: 'locales', pattern: 'apps/web/src/locales' },
        { type: 'test', pattern: 'apps/web/src/test' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way imports: shared → features → app; a feature never reaches into another feature.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'app', allow: ['app', 'feature', 'shared', 'locales'] },
            { from: 'feature', allow: ['shared', 'locales', ['feature', { feature: '${from.feature}' }]] },
            { from: 'shared', allow: ['shared', 'locales'] },
            { from: 'test', allow: ['app', 'feature', 'shared', 'locales', 'test'] },
          ],
        },
      ],
    },
  },
  {
    // Raw colours in code (SVG attributes, inline styles, canvas, charts): stylelint guards the
    // stylesheets, this the scripts. The web app takes a token (`var(--ds-…)`, or cssColour() on a
    // canvas); the console takes antd's tokens from shared/ui/palette.ts.
    files: ['apps/{web,admin}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/admin/src/shared/ui/palette.ts'],
    rules: { 'no-restricted-syntax': ['error', ...rawColourInCode] },
  },
  {
    // The web app's reads: one xQueryOptions each (readDeclaredInline). The raw-colour rules
    // repeat here: this block's list replaces theirs.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...rawColourInCode, ...readDeclaredInline] },
  },
  {
    // The console's components take their look from app/admin.css, antd's props and its theme, never
    // from a `style` attribute. The raw-colour rules repeat here: this block's list replaces theirs.
    files: ['apps/admin/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...rawColourInCode, inlineStyle] },
  },
  {
    // The operator console: the same React rules and one-way imports as the web app.
    files: ['apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['apps/admin/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/admin/src/app' },
        { type: 'feature', pattern: 'apps/admin/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'apps/admin/src/shared' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'app', allow: ['app', 'feature', 'shared'] },
            { from: 'feature', allow: ['shared', ['feature', { feature: '${from.feature}' }]] },
            { from: 'shared', allow: ['shared'] },
          ],
        },
      ],
    },
  },
  {
    // The server's layers: imports only downwards (SERVER_MODULES above).
    files: ['apps/server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [`${import.meta.dirname}/scripts/eslint-ts-resolver.cjs`]: {} },
      'boundaries/include': [`${server}/**/*`],
      'boundaries/elements': [
        { type: 'test', mode: 'full', pattern: [`${server}/**/*.test.ts`, `${server}/test/**`] },
        {
          type: 'edge',
          mode: 'full',
          pattern: [
            `${server}/modules/**/*.routes.ts`,
            `${server}/modules/**/*.register.ts`,
            `${server}/admin/**`,
            `${server}/{app,main}.ts`,
            `${server}/{jobs,cli,seed}/**`,
          ],
        },
        ...SERVER_MODULES.map((name) => ({
          type: name,
          mode: 'full',
          pattern: `${server}/modules/${name}/**`,
        })),
        { type: 'kernel', mode: 'full', pattern: [`${server}/*.ts`, `${server}/{db,http,media}/**`] },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: ['test', 'edge'], allow: ['test', 'edge', 'kernel', ...SERVER_MODULES] },
            ...SERVER_MODULES.map((name, i) => ({
              from: name,
              allow: ['kernel', ...SERVER_MODULES.slice(0, i + 1)],
            })),
            { from: 'kernel', allow: ['kernel'] },
          ],
        },
      ],
    },
  },
  ...tableOwnership,
  {
    // Paged lists cut their page with db/paging.ts (onePage, pageOf, pageClause).
    files: [`${server}/**/*.ts`],
    ignores: [`${server}/db/paging.ts`, `${server}/**/*.test.ts`, `${server}/test/**`],
    rules: { 'no-restricted-syntax': ['error', pagedByHand] },
  },
  {
    // A call's route hands it to one service method; transactions open in services, which keep
    // every change of a call together and retried as one (db/tx.ts), and tables are read by the
    // service that owns them.
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/admin/*/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/tx.js'], message: 'Open transactions in a service, not in a route.' },
            { group: ['**/db/schema/*'], message: 'A route reads no table: ask the service that owns it.' },
            {
              group: ['**/db/client.js'],
              importNames: ['Tx', 'DbOrTx'],
              message: 'A unit of work belongs to a service: a route takes no transaction.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open transactions in a service, not in a route.',
        },
        pagedByHand,
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**', 'e2e/**/*.ts', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      'no-console': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(toBeTruthy|toBeFalsy)$/]',
          message:
            'Assert the value (toBe, toEqual, toMatch, toBeInTheDocument, not.toBeNull), not its truthiness.',
        },
      ],
    },
  },
  {
    // One timeout policy (vitest.config.ts): no Vitest test or hook sets its own.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(toBeTruthy|toBeFalsy)$/]',
          message:
            'Assert the value (toBe, toEqual, toMatch, toBeInTheDocument, not.toBeNull), not its truthiness.',
        },
        {
          selector:
            'CallExpression[callee.name=/^(it|test)$/][arguments.length=3], CallExpression[callee.object.name=/^(it|test)$/][arguments.length=3], CallExpression[callee.callee.object.name=/^(it|test)$/][arguments.length=3], CallExpression[callee.name=/^(before|after)(All|Each)$/][arguments.length=2]',
          message:
            "The suite's one timeout (vitest.config.ts) bounds every test and hook: don't set your own.",
        },
      ],
    },
  },
);
