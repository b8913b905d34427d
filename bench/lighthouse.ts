// Lighthouse (mobile: simulated slow 4G and a 4× slower CPU, its default) on the production build
// served by the real server with demo content on the embedded database, in the system Chromium:
// Home, Shorts and an episode page, each BENCH_RUNS (3) times (the median run is reported, as
// Lighthouse's own docs advise). Baseline of the same run: a bare Vite + React page (an <h1>
// rendered by React), built here with the web app's Vite and served with the same compression.
// Prints performance and accessibility scores, FCP, LCP, TBT, CLS, bytes transferred and each
// page's performance score as a ratio of the baseline's. Then the initial JavaScript of Home
// (what index.html loads before the first route renders), gzipped, from the build.
// Aims (issue 16): performance ≥ 95 and accessibility ≥ 95; initial JavaScript ≤ 120 KB gzipped.
//   npm run build && npx tsx bench/lighthouse.ts     CHROME_PATH (/usr/bin/chromium), BENCH_RUNS
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { freePort, startServer } from '../e2e/server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'apps/web/dist');

/** The bare Vite + React page: built with the same toolchain, served gzipped like the app. */
async function bareReactPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ds-bare-react-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="description" content="A bare page." /><title>Bare</title></head><body><div id="root"></div><script type="module" src="/src/main.js"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src/main.js'),
    "import { createElement as h } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(h('main', null, h('h1', null, 'Hello, DramaStar'), h('p', null, 'A bare Vite + React page.')));\n",
  );
  await build({
    root: dir,
    logLevel: 'error',
    // React from the project's dependencies, whatever the temporary directory.
    resolve: {
      alias: {
        'react-dom/client': join(root, 'node_modules/react-dom/client.js'),
        react: join(root, 'node_modules/react/index.js'),
      },
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir: join(dir, 'dist') },
  });
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    const path = !req.url || req.url === '/' ? '/index.html' : req.url.split('?')[0]!;
    let body: Buffer;
    try {
      body = readFileSync(join(dir, 'dist', path));
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(gzipSync(body));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  kib: number;
  failedA11y: string[];
}

const median = (values: Figures[]): Figures => {
  const sorted = [...values].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const bare = await bareReactPage();
const server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9' });

async function audit(url: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const accessibility = lhr.categories.accessibility;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    kib: value('total-byte-weight') / 1024,
    failedA11y: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

try {
  const allSeries = await fetch(`${server.url}/app-api/sv/allSeries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageSize: 1 }),
  });
  const first = ((await allSeries.json()) as { data: { list: { id: number }[] } }).data.list[0];
  if (!first) throw new Error('the demo content has no series');
  const pages: [string, string][] = [
    ['baseline: bare Vite + React page', bare.url],
    ['Home', `${server.url}/#/`],
    ['Shorts', `${server.url}/#/pages/shorts/index`],
    ['episode page', `${server.url}/#/pages/shorts/videoDetails?seriesId=${first.id}`],
  ];
  const rows: [string, Figures][] = [];
  /** Every run's performance score per page: a loaded machine spreads them (best and median). */
  const spread: string[] = [];
  for (const [name, url] of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(url));
    rows.push([name, median(runs)]);
    const scores = runs.map((run) => run.performance);
    spread.push(`${name}: runs ${scores.join(', ')}; best ${Math.max(...scores)}`);
  }
  const baseline = rows[0]![1].performance;
  console.log(
    `\nDramaStar Lighthouse ${lighthouseVersion()} (mobile, simulated throttling), median of ${RUNS} runs, Node ${process.version}`,
  );
  console.log(
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | KiB | ratio vs baseline |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, f] of rows)
    console.log(
      `| ${name} | ${f.performance} | ${f.accessibility} | ${f.fcp.toFixed(0)} | ${f.lcp.toFixed(0)} | ${f.tbt.toFixed(0)} | ${f.cls.toFixed(3)} | ${f.kib.toFixed(0)} | ${(f.performance / baseline).toFixed(2)} |`,
    );
  for (const line of spread) console.log(line);
  for (const [name, f] of rows)
    if (f.failedA11y.length)
      console.log(`accessibility audits failed on ${name}: ${f.failedA11y.join(', ')}`);
  printInitialJavaScript();
} finally {
  await server.stop();
  await bare.close();
  chrome.kill();
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * The scripts index.html loads (entry and module preloads) and the language's catalogue, gzipped
 * at level 9.
 */
function printInitialJavaScript() {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = (path: string) => gzipSync(readFileSync(join(webDist, path)), { level: 9 }).length / 1024;
  console.log('\n| initial JavaScript of Home (index.html) | KB gzipped |');
  console.log('|---|---:|');
  // The first screen also waits for its language's catalogue (English here): the files the build's
  // route map (route-preload.ts, window.__dsChunks in index.html) lists for it.
  const map = /window\.__dsChunks=(\{.*?\})<\/script>/.exec(html);
  if (!map) throw new Error('index.html has no window.__dsChunks (route-preload.ts)');
  scripts.push(...(JSON.parse(map[1]!) as Record<string, { js: string[] }>).en!.js);
  let total = 0;
  for (const path of scripts) {
    const size = gz(path);
    total += size;
    console.log(`| ${path} | ${size.toFixed(1)} |`);
  }
  console.log(`| total (aim ≤ 120) | ${total.toFixed(1)} |`);
}
