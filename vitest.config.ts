import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Resolve @dramastar/contract to its TypeScript source (the `source` export condition), not dist/. */
const source = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

/**
 * One timeout policy for every project and test (no test sets its own): generous, because the
 * suite shares two cores with builds, browsers and `.ci/under-load`'s busy processes, and its
 * heaviest tests (the bank test over HTTP, races across two instances, transcoding) take minutes
 * there; a passing test returns as soon as it passes, so this only bounds a hang. The DOM
 * projects' waits for an element or a condition share one bound too (`asyncUtilTimeout` in each
 * `src/test/setup.ts`).
 */
const timeouts = { testTimeout: 180_000, hookTimeout: 180_000 };

export default defineConfig({
  test: {
    projects: [
      {
        ...source,
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], ...timeouts },
      },
      {
        ...source,
        // Node's own resolution for packages (not bundlers' `module` builds: @opentelemetry/api's,
        // which prom-client loads, imports files without their extension).
        ssr: {
          resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] },
        },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          ...timeouts,
        },
      },
      {
        // The web app's own Vite config (React plugin, `source` condition) plus the test settings.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          ...timeouts,
        },
      },
      {
        // The operator console's logic (request helper, action rules) with its own Vite config.
        extends: './apps/admin/vite.config.ts',
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          ...timeouts,
        },
      },
    ],
  },
});
