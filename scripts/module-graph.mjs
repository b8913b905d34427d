#!/usr/bin/env node
// Folder-level import graph of apps/server/src (tests excluded): each modules/<name> is a node,
// and so is each other top-level folder or file (admin, db, http, jobs, money, clock…). A module's
// routes (*.routes.ts: the app-api surface) and its register function (*.register.ts: what buildApp
// calls), which eslint.config.js puts in the top layer, are a node of their own, `<module>:edge`; `--flat` counts them in their folder. The console's API lives
// above the modules in admin/<area> (routes and their services), which no module imports.
// Prints the edges between nodes, the cycles (strongly connected components of more than one node)
// and the pairs that import each other both ways. `--json` prints the figures as JSON.
// `--check` exits 1 when there is a cycle. `--flat --check` (CI) holds the flat graph to
// module-graph-known.json: a two-way pair or a folder in a cycle that is not listed there fails,
// and so does a listed one that is gone (take it off the list), so the list only ever shrinks.
/* eslint-disable no-console -- a command-line report */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src');

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) yield path;
  }
}

const flat = process.argv.includes('--flat');
const edgeFile = /\.(routes|register)\.ts$/;

/** modules/<name> for a module's files, else the first path segment without its extension. */
function nodeOf(file) {
  const parts = relative(root, file).split('/');
  if (parts[0] === 'modules') return `modules/${parts[1]}${!flat && edgeFile.test(file) ? ':edge' : ''}`;
  return parts[0].replace(/\.ts$/, '');
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
const imports = []; // [fromNode, toNode] per import statement crossing nodes
for (const file of sources(root)) {
  if (nodeOf(file).startsWith('test')) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const target = resolve(dirname(file), (match[1] ?? match[2]).replace(/\.js$/, '.ts'));
    const from = nodeOf(file);
    const to = nodeOf(target);
    if (from !== to) imports.push([from, to]);
  }
}

const edges = new Map(); // "from → to" → count
for (const [from, to] of imports) edges.set(`${from} → ${to}`, (edges.get(`${from} → ${to}`) ?? 0) + 1);
const graph = new Map();
for (const key of edges.keys()) {
  const [from, to] = key.split(' → ');
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from).add(to);
}

// Tarjan's strongly connected components.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let counter = 0;
function connect(node) {
  index.set(node, counter);
  low.set(node, counter++);
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node)) {
    if (!index.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) === index.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

const twoWay = [];
for (const [from, targets] of graph)
  for (const to of targets) if (from < to && graph.get(to).has(from)) twoWay.push(`${from} ↔ ${to}`);

const isModule = (node) => node.startsWith('modules/') && !node.endsWith(':edge');
const moduleImports = imports.filter(([from, to]) => isModule(from) && isModule(to));
const moduleEdges = [...edges.keys()].filter((key) => key.split(' → ').every(isModule));
const figures = {
  imports: imports.length,
  edges: edges.size,
  moduleImports: moduleImports.length,
  moduleEdges: moduleEdges.length,
  cycles: components,
  twoWay: twoWay.sort(),
};

if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(
    `imports crossing folders: ${figures.imports} (between modules${flat ? '' : ', edge files aside'}: ${figures.moduleImports})`,
  );
  console.log(
    `folder-level edges: ${figures.edges} (between modules${flat ? '' : ', edge files aside'}: ${figures.moduleEdges})`,
  );
  console.log(`cycles (strongly connected folders): ${components.length}`);
  for (const component of components) console.log(`  ${component.length}: ${component.join(', ')}`);
  console.log(`two-way pairs: ${twoWay.length}`);
  for (const pair of figures.twoWay) console.log(`  ${pair}`);
  if (process.argv.includes('--edges'))
    for (const [key, count] of [...edges].sort()) console.log(`  ${key} (${count})`);
}
if (process.argv.includes('--check')) {
  if (!flat) {
    if (components.length > 0) process.exit(1);
  } else {
    const known = JSON.parse(
      readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'module-graph-known.json'), 'utf8'),
    );
    const inCycles = [...new Set(components.flat())].sort();
    const problems = [
      ...figures.twoWay.filter((p) => !known.twoWay.includes(p)).map((p) => `new two-way pair: ${p}`),
      ...inCycles.filter((f) => !known.inCycles.includes(f)).map((f) => `new folder in a cycle: ${f}`),
      ...known.twoWay
        .filter((p) => !figures.twoWay.includes(p))
        .map((p) => `gone, take it off module-graph-known.json: ${p}`),
      ...known.inCycles
        .filter((f) => !inCycles.includes(f))
        .map((f) => `out of every cycle, take it off module-graph-known.json: ${f}`),
    ];
    for (const problem of problems) console.log(problem);
    if (problems.length > 0) process.exit(1);
    console.log(
      `no new cycle or two-way pair (${known.twoWay.length} pairs and ${known.inCycles.length} folders in cycles still to untangle)`,
    );
  }
}
