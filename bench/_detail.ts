import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { startServer } from '../e2e/server.js';

const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
try {
  const allSeries = await fetch(`${server.url}/app-api/sv/allSeries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageSize: 1 }) });
  const first = ((await allSeries.json()) as { data: { list: { id: number }[] } }).data.list[0]!;
  const pages: Record<string, string> = {
    Home: `${server.url}/#/`,
    Shorts: `${server.url}/#/pages/shorts/index`,
    episode: `${server.url}/#/pages/shorts/videoDetails?seriesId=${first.id}`,
  };
  const only = process.env.PAGES?.split(',') ?? Object.keys(pages);
  for (const name of only) {
    for (let i = 0; i < Number(process.env.RUNS ?? 1); i++) {
      const result = await lighthouse(pages[name]!, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result!.lhr;
      const a = lhr.audits;
      console.log(`\n## ${name} perf ${Math.round((lhr.categories.performance!.score ?? 0) * 100)} FCP ${a['first-contentful-paint']!.numericValue?.toFixed(0)} LCP ${a['largest-contentful-paint']!.numericValue?.toFixed(0)} TBT ${a['total-blocking-time']!.numericValue?.toFixed(0)} CLS ${a['cumulative-layout-shift']!.numericValue?.toFixed(3)} SI ${a['speed-index']!.numericValue?.toFixed(0)}`);
      for (const id of ['largest-contentful-paint-element', 'layout-shifts', 'long-tasks', 'bootup-time']) {
        const d = a[id]?.details as { items?: unknown[] } | undefined;
        console.log(`- ${id}: ${JSON.stringify(d?.items ?? null).slice(0, 2500)}`);
      }
    }
  }
} finally {
  await server.stop();
  chrome.kill();
}
