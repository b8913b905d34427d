#!/usr/bin/env node
// Who owns each table of apps/server/src/db/schema: one module reads and writes it, the others ask
// that module. eslint.config.js turns OWNERS into no-restricted-imports rules (importing another
// module's table from db/schema is an error); the imports that predate the rule are listed, file
// by file, in table-owners-known.json, and the list only ever shrinks. Raw SQL counts too: a table's
// SQL name after from/join/into/update in a sql`…` template of another owner's file is a borrow,
// listed apart (`sql` in the known file), as lint cannot see it. JOINS below names the few
// permanent exceptions: one query that must span two owners' tables, each with its reason.
//
//   node scripts/table-owners.mjs           prints who borrows whose tables (files and counts)
//   node scripts/table-owners.mjs --check   (CI) fails when a table has no owner or two, when a
//                                           listed borrow or join is gone (take it off), or when a
//                                           borrow is not listed (lint says the same)
//   node scripts/table-owners.mjs --write   rewrites the known list from today's imports (less JOINS)
/* eslint-disable no-console -- a command-line report */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../apps/server/src');
const knownPath = join(here, 'table-owners-known.json');

/**
 * The owner of each table: a module under modules/, or a kernel folder (`db`, `http`) for what every
 * module uses through the kernel's own functions.
 */
export const OWNERS = {
  db: ['appSecrets'],
  // The rate limiter every module counts attempts with (http/rate-limit.ts).
  http: ['rateLimits'],
  mail: ['devOutbox'],
  tenant: ['tenants', 'tenantDomains'],
  ledger: ['ledgerAccounts', 'ledgerAccountShards', 'ledgerTransfers'],
  // The invitation tree is written when an account is made (team-tree.ts), and a user's sign-in
  // methods are part of their account: the user module owns both.
  user: ['users', 'userMessages', 'userIdentities', 'teamLinks', 'teamCounts'],
  auth: ['sessions', 'emailCodes', 'captchas', 'authTickets'],
  oauth: ['oauthStates'],
  operator: ['operators', 'operatorSessions', 'operatorRecoveryCodes', 'auditLog'],
  // The titles on both sides: the viewer's reads and the console's edits (catalog/content: uploads,
  // transcoding, subtitles, home sections, series edits).
  catalog: [
    'series',
    'homeSections',
    'episodes',
    'subtitleTracks',
    'favorites',
    'likes',
    'viewHistory',
    'playViews',
    'pointEntries',
    'transcodeJobs',
  ],
  payment: ['paymentProviders', 'sandboxPayments'],
  wallet: [
    'rechargeOrders',
    'gatewayEvents',
    'withdrawals',
    'walletCredits',
    'creditQuotas',
    'bankCards',
    'payPasswords',
  ],
  membership: ['membershipCards', 'trialCards'],
  team: [
    'copyrightProducts',
    'copyrightHoldings',
    'copyrightRevenue',
    'teamRewards',
    'rewardDebts',
    'salaryClaims',
    'dividendGrants',
  ],
  earn: ['checkins', 'taskClaims', 'redPackets', 'redPacketShares', 'dailyAwards'],
  chat: ['chatConversations', 'chatMessages', 'chatCannedReplies'],
  analytics: [
    'analyticsEpisodeDays',
    'analyticsSeriesDays',
    'analyticsViewers',
    'analyticsUserDays',
    'analyticsFunnel',
    'analyticsRollups',
  ],
};

/**
 * Permanent exceptions, not debt: a file whose query must read another owner's table in the same
 * statement, the table, and why two queries would be wrong. Lint and --check allow these; they stay
 * off the known list, and --check fails when one is no longer imported.
 */
export const JOINS = {
  'modules/auth/session.service.ts': {
    users:
      "the per-request session lookup (resolve, and isLive) reads the session with its user's status and tenant in one query: every signed-in request runs it, and a second round trip would double its cost on the hot path",
  },
};

const ownerOf = new Map(Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));
export const ALL_TABLES = [...ownerOf.keys()];

/** The kernel folders that own tables (their files speak for them). */
export const KERNEL_OWNERS = ['db', 'http'];

/** The owner a server file speaks for (`modules/<name>` → name, `db/…` → db, `http/…` → http), else null (edges). */
export function ownerOfFile(file) {
  const parts = file.split('/');
  if (parts[0] === 'modules') return parts[1];
  if (KERNEL_OWNERS.includes(parts[0])) return parts[0];
  return null;
}

/** The known borrows: server file (relative to apps/server/src) → tables it imports from another owner. */
export function knownBorrows() {
  return JSON.parse(readFileSync(knownPath, 'utf8')).borrows;
}

/** What each file may import of other owners' tables: its known borrows and its JOINS. */
export function allowedBorrows() {
  const allowed = { ...knownBorrows() };
  for (const [file, tables] of Object.entries(JOINS))
    allowed[file] = [...new Set([...(allowed[file] ?? []), ...Object.keys(tables)])];
  return allowed;
}

/** The known reads of other owners' tables in raw SQL: server file → tables (by their schema name). */
export function knownSqlBorrows() {
  return JSON.parse(readFileSync(knownPath, 'utf8')).sql ?? {};
}

/** Tables a file may not import: everyone else's, less its listed borrows. */
export function forbiddenTables(owner, borrowed = []) {
  return ALL_TABLES.filter((t) => ownerOf.get(t) !== owner && !borrowed.includes(t));
}

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) yield path;
  }
}

/** Today's imports of other owners' tables, file by file. */
function borrowsToday() {
  const found = {};
  const importPattern = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']*schema\/[\w-]+\.js)'/g;
  for (const path of sources(root)) {
    const file = relative(root, path);
    if (file.startsWith('test/') || file.startsWith('db/schema/')) continue;
    const owner = ownerOfFile(file);
    for (const match of readFileSync(path, 'utf8').matchAll(importPattern)) {
      for (const spec of match[1].split(',')) {
        const name = spec
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (ownerOf.has(name) && ownerOf.get(name) !== owner) (found[file] ??= new Set()).add(name);
      }
    }
  }
  return Object.fromEntries(
    Object.keys(found)
      .sort()
      .map((f) => [f, [...found[f]].sort()]),
  );
}

/** The literal text of every sql`…` template in a source (expressions left out, nested templates too). */
function sqlTexts(source) {
  const texts = [];
  // Reads the template literal opening at `start` (after its backtick); returns where it ends.
  const read = (start, into) => {
    let i = start;
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') return i + 1;
      else if (c === '$' && source[i + 1] === '{') {
        let depth = 1;
        i += 2;
        while (i < source.length && depth > 0) {
          if (source[i] === '`') i = read(i + 1, []);
          else {
            if (source[i] === '{') depth++;
            if (source[i] === '}') depth--;
            i++;
          }
        }
        into.push(' ');
      } else {
        into.push(c);
        i++;
      }
    }
    return i;
  };
  for (const match of source.matchAll(/\bsql`/g)) {
    const text = [];
    read(match.index + match[0].length, text);
    texts.push(text.join(''));
  }
  return texts;
}

/** Today's reads of other owners' tables in raw SQL (from/join/into/update <table>), file by file. */
function sqlBorrowsToday() {
  const bySqlName = new Map();
  const dir = join(root, 'db/schema');
  for (const name of readdirSync(dir))
    for (const m of readFileSync(join(dir, name), 'utf8').matchAll(
      /export const (\w+) = pgTable\(\s*'(\w+)'/g,
    ))
      bySqlName.set(m[2], m[1]);
  const found = {};
  for (const path of sources(root)) {
    const file = relative(root, path);
    if (file.startsWith('test/') || file.startsWith('db/schema/')) continue;
    const owner = ownerOfFile(file);
    for (const text of sqlTexts(readFileSync(path, 'utf8')))
      for (const m of text.matchAll(/\b(?:from|join|into|update)\s+(\w+)/gi)) {
        const table = bySqlName.get(m[1]);
        if (table && ownerOf.get(table) !== owner) (found[file] ??= new Set()).add(table);
      }
  }
  return Object.fromEntries(
    Object.keys(found)
      .sort()
      .map((f) => [f, [...found[f]].sort()]),
  );
}

function schemaTables() {
  const dir = join(root, 'db/schema');
  return readdirSync(dir).flatMap((name) =>
    [...readFileSync(join(dir, name), 'utf8').matchAll(/export const (\w+) = pgTable/g)].map((m) => m[1]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const imported = borrowsToday();
  const isJoin = (file, t) => JOINS[file]?.[t] !== undefined;
  const today = Object.fromEntries(
    Object.entries(imported)
      .map(([file, tables]) => [file, tables.filter((t) => !isJoin(file, t))])
      .filter(([, tables]) => tables.length > 0),
  );
  const sqlToday = sqlBorrowsToday();
  if (process.argv.includes('--write')) {
    // Written as prettier would (CI checks the repository's formatting).
    const prettier = await import('prettier');
    const text = JSON.stringify({ borrows: today, sql: sqlToday });
    const options = { ...(await prettier.resolveConfig(knownPath)), filepath: knownPath };
    writeFileSync(knownPath, await prettier.format(text, options));
    console.log(`wrote ${Object.keys(today).length} files to ${relative(process.cwd(), knownPath)}`);
    process.exit(0);
  }
  const problems = [];
  const declared = schemaTables();
  for (const t of declared)
    if (!ownerOf.has(t)) problems.push(`table ${t} has no owner in scripts/table-owners.mjs`);
  for (const t of ownerOf.keys())
    if (!declared.includes(t)) problems.push(`owned table ${t} is not in db/schema`);
  const owners = Object.values(OWNERS).flat();
  for (const t of new Set(owners))
    if (owners.filter((o) => o === t).length > 1) problems.push(`table ${t} has two owners`);
  const known = knownBorrows();
  for (const [file, tables] of Object.entries(JOINS))
    for (const t of Object.keys(tables)) {
      if (!imported[file]?.includes(t)) problems.push(`${file} no longer imports ${t}: take it off JOINS`);
      if (known[file]?.includes(t))
        problems.push(`${file}'s ${t} is a join: take it off table-owners-known.json`);
    }
  for (const [file, tables] of Object.entries(today))
    for (const t of tables)
      if (!known[file]?.includes(t))
        problems.push(`${file} imports ${t} (${ownerOf.get(t)}'s): ask the ${ownerOf.get(t)} module instead`);
  for (const [file, tables] of Object.entries(known))
    for (const t of tables)
      if (!today[file]?.includes(t))
        problems.push(`${file} no longer imports ${t}: take it off table-owners-known.json`);
  const knownSql = knownSqlBorrows();
  for (const [file, tables] of Object.entries(sqlToday))
    for (const t of tables)
      if (!knownSql[file]?.includes(t))
        problems.push(
          `${file} reads ${t} (${ownerOf.get(t)}'s) in SQL: ask the ${ownerOf.get(t)} module instead`,
        );
  for (const [file, tables] of Object.entries(knownSql))
    for (const t of tables)
      if (!sqlToday[file]?.includes(t))
        problems.push(`${file} no longer reads ${t} in SQL: take it off table-owners-known.json`);
  const byOwner = {};
  for (const tables of Object.values(today))
    for (const t of tables) byOwner[ownerOf.get(t)] = (byOwner[ownerOf.get(t)] ?? 0) + 1;
  console.log(
    `${Object.keys(today).length} files import ${Object.values(today).flat().length} tables of another owner; by owner:`,
    Object.entries(byOwner)
      .sort((a, b) => b[1] - a[1])
      .map(([o, n]) => `${o} ${n}`)
      .join(', ') || 'none',
  );
  console.log(
    `${Object.keys(sqlToday).length} files read ${Object.values(sqlToday).flat().length} tables of another owner in SQL`,
  );
  if (!process.argv.includes('--check')) {
    for (const [file, tables] of Object.entries(today)) console.log(`  ${file}: ${tables.join(' ')}`);
    console.log('in SQL:');
    for (const [file, tables] of Object.entries(sqlToday)) console.log(`  ${file}: ${tables.join(' ')}`);
  }
  console.log('permanent joins (JOINS):');
  for (const [file, tables] of Object.entries(JOINS))
    for (const [t, reason] of Object.entries(tables)) console.log(`  ${file}: ${t}: ${reason}`);
  if (!process.argv.includes('--check')) process.exit(0);
  for (const p of problems) console.error(p);
  process.exit(process.argv.includes('--check') && problems.length > 0 ? 1 : 0);
}
