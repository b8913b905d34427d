#!/usr/bin/env node
// Counts what the web app's look is made of: hard-coded colours, px values, font sizes and radii in
// its CSS files and in inline styles (style={{ … }} in .tsx). A value declared in the token file is
// a token, not a hard-coded value, and is counted apart.
// Usage: node scripts/css-metrics.mjs [dir …]   (default apps/web/src apps/admin/src)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const TOKEN_FILE = /shared\/theme\/tokens\.css$/;
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['apps/web/src', 'apps/admin/src'];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(css|tsx)$/.test(name) && !/\.test\.tsx$/.test(name)) yield path;
  }
}

/** The text a file's styles live in: all of a .css file; the style={{ … }} objects of a .tsx file. */
function styleText(path, text) {
  if (path.endsWith('.css')) return text.replace(/\/\*[\s\S]*?\*\//g, '');
  const out = [];
  for (const m of text.matchAll(/style=\{\{([\s\S]*?)\}\}/g)) out.push(m[1]);
  return out.join('\n');
}

const COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\([^)]*\)/g;
const PX = /-?\b\d+(?:\.\d+)?px\b/g;

function tally() {
  return { occurrences: 0, distinct: new Map() };
}
function add(t, value) {
  t.occurrences++;
  t.distinct.set(value, (t.distinct.get(value) ?? 0) + 1);
}

const colours = tally();
const px = tally();
const fontSizes = tally();
const radii = tally();
const tokenColours = tally();
const inlineStyles = tally();

for (const dir of dirs) {
  for (const path of walk(dir)) {
    const rel = relative(process.cwd(), path);
    const text = styleText(path, readFileSync(path, 'utf8'));
    if (!text) continue;
    if (path.endsWith('.tsx')) add(inlineStyles, rel);
    const isTokens = TOKEN_FILE.test(path);
    for (const m of text.matchAll(COLOUR))
      add(isTokens ? tokenColours : colours, m[0].toLowerCase().replace(/\s+/g, ' '));
    if (isTokens) continue;
    for (const m of text.matchAll(PX)) add(px, m[0]);
    // font-size: 13px (CSS) or fontSize: 13 (inline)
    for (const m of text.matchAll(/font-size:\s*([^;}\n]+)|fontSize:\s*([^,}\n]+)/g))
      add(fontSizes, (m[1] ?? m[2]).trim());
    for (const m of text.matchAll(/border-(?:[a-z-]*-)?radius:\s*([^;}\n]+)|borderRadius:\s*([^,}\n]+)/g))
      add(radii, (m[1] ?? m[2]).trim());
  }
}

const print = (line) => process.stdout.write(`${line}\n`);
const rows = [
  ['hard-coded colours', colours],
  ['px values', px],
  ['font sizes', fontSizes],
  ['radii', radii],
  ['colours in the token file', tokenColours],
  ['files with inline styles', inlineStyles],
];
print('what                          distinct  occurrences');
for (const [name, t] of rows)
  print(`${name.padEnd(30)}${String(t.distinct.size).padStart(8)}${String(t.occurrences).padStart(13)}`);
if (process.argv.includes('--list') || process.env.LIST) {
  for (const [name, t] of rows) {
    print(`\n${name}:`);
    for (const [v, n] of [...t.distinct].sort((a, b) => b[1] - a[1]))
      print(`  ${String(n).padStart(4)}  ${v}`);
  }
}
