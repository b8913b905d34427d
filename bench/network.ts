// Playback on a network a viewer has: headless Chromium with the DevTools protocol's network
// emulation (Network.emulateNetworkConditions) on "slow 4G" (1.6 Mbit/s down, 150 ms) and "3G"
// (400 kbit/s, 400 ms), against the production build with media in an S3-compatible store
// (OpenStack Swift's S3 API on loopback: segments are presigned GETs there, the instance answers
// only playlists). The fixture: BENCH_EPISODES (3) episodes of BENCH_EPISODE_SECONDS (75) made by
// ffmpeg with motion and grain (testsrc2, a turning hue, temporal noise: ~1.5 Mbit/s at CRF 28 in
// 720p, like filmed drama), packaged two ways and served from two tenants in the same run:
//  - single: today's one rendition (720×1280 H.264 CRF 28, 2 s MPEG-TS segments, index.m3u8);
//  - ladder: the adaptive ladder as packaged today (180p-720p in fMP4/CMAF, a 1 s first
//    segment, media/ladder.ts);
//  - ladder-ts (BENCH_TS=1): the same ladder in MPEG-TS segments, to compare start-up.
// For each network and packaging:
//  - a shared episode link opened cold (a fresh browser context: nothing cached), BENCH_RUNS (3)
//    times: first frame from navigation, then BENCH_WATCH_SECONDS (60) watched: stalls after the
//    first frame and their time, the average rendition fetched, the media bytes, what was fetched
//    10 s after the first frame (in seconds of media: at most the 10 watched plus the player's
//    15 s bound), and the share of the bytes that passed through the instance;
//  - Shorts opened cold and swiped BENCH_SWIPES (2) times after 8 s of each episode: swipe to
//    playing, stalls, rendition, bytes.
// Then on loopback, no emulation: the ladder's cold open against a bare page that asks the same
// signed stream and plays it with hls.js (the baseline of this run), BENCH_LOOPBACK_RUNS (10)
// each, alternated. Aims (issue 43): slow 4G first frame p95 ≤ 2.5 s and no stall after it; 3G
// first frame p95 ≤ 5 s; the ladder's first frame ≤ 0.6× the single rendition's; 10 s of
// watching fetches at most what was watched plus the bounded buffer; loopback cold open ≤ 1.5×
// the bare page. The fixture is kept in the temporary directory between runs.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client.js';
import { episodes, series } from '../apps/server/src/db/schema/index.js';
import { FFMPEG, probeDuration, run } from '../apps/server/src/media/ffmpeg.js';
import { encodeLadder } from '../apps/server/src/media/hls.js';
import {
  DEFAULT_SEGMENT_FORMAT,
  parseMasterPlaylist,
  type Rendition,
} from '../apps/server/src/media/ladder.js';
import { s3Storage } from '../apps/server/src/media/storage-s3.js';
import { createTenantService, DEFAULT_TENANT } from '../apps/server/src/modules/tenant/tenant.service.js';
import { startSwiftS3 } from '../apps/server/src/test/swift-s3.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { startServer } from '../e2e/server.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RUNS = env('BENCH_RUNS', 3);
const WATCH_SECONDS = env('BENCH_WATCH_SECONDS', 60);
const SWIPES = env('BENCH_SWIPES', 2);
const LOOPBACK_RUNS = env('BENCH_LOOPBACK_RUNS', 10);
const EPISODES = env('BENCH_EPISODES', 3);
const EPISODE_SECONDS = env('BENCH_EPISODE_SECONDS', 75);
const WITH_TS = process.env.BENCH_TS === '1';
/** BENCH_TRACE=1: the requests each first cold open waited for, with their times and sizes. */
const TRACE = process.env.BENCH_TRACE === '1';
/** Only these networks (BENCH_NETWORKS=3G,loopback), to look at one. */
const ONLY = process.env.BENCH_NETWORKS?.split(',');
/** The player's bound on what it buffers ahead (attach.ts MAX_BUFFER_SECONDS). */
const BUFFER_BOUND_SECONDS = 15;

const root = fileURLToPath(new URL('..', import.meta.url));

interface Network {
  name: string;
  /** Bytes per second down and up, and the latency added to every request (ms). */
  down: number;
  up: number;
  latency: number;
}
const NETWORKS: Network[] = [
  { name: 'slow 4G', down: 1_600_000 / 8, up: 750_000 / 8, latency: 150 },
  { name: '3G', down: 400_000 / 8, up: 400_000 / 8, latency: 400 },
];

interface Packaging {
  name: 'single' | 'ladder' | 'ladder-ts';
  tenant: string;
  host: string;
}
/** Only these packagings measured (BENCH_PACKAGINGS=single,ladder); the fixture has them all. */
const ONLY_PACKAGINGS = process.env.BENCH_PACKAGINGS?.split(',');
const PACKAGINGS: Packaging[] = [
  { name: 'single' as const, tenant: '000101', host: 'single.localhost' },
  { name: 'ladder' as const, tenant: '000102', host: 'ladder.localhost' },
  ...(WITH_TS ? [{ name: 'ladder-ts' as const, tenant: '000103', host: 'ts.localhost' }] : []),
].filter((p) => !ONLY_PACKAGINGS || ONLY_PACKAGINGS.includes(p.name));

// ---------------------------------------------------------------------------------------------
// The fixture: sources with motion and grain, packaged each way (kept between runs).

const fixtureKey = createHash('sha256')
  .update(JSON.stringify({ v: 5, EPISODES, EPISODE_SECONDS, ts: WITH_TS }))
  .digest('hex')
  .slice(0, 12);
const fixtureDir = join(tmpdir(), `ds-bench-network-${fixtureKey}`);

interface Packaged {
  dir: string;
  duration: number;
  renditions: Rendition[];
}

/** Today's packaging, before the ladder: one 720×1280 rendition at CRF 28, `index.m3u8` + `seg_NNN.ts`. */
const SINGLE_720 = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p'],
  ...['-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'],
  ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2'],
  ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
];

/**
 * CPU seconds used by this process's finished children (ffmpeg), from /proc/self/stat's cutime
 * and cstime (clock ticks, 100 per second on Linux); null where there is no /proc.
 */
function childCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** A step's cost, kept beside its output so a fixture made over several runs still reports it. */
interface Cost {
  wallSeconds: number;
  cpuSeconds: number | null;
  sourceSeconds: number;
}

/**
 * Runs `make` unless `done` exists, and records its wall time and ffmpeg's CPU seconds in
 * `dir/cost.json`; returns the step's cost when it is known.
 */
async function step(dir: string, done: string, make: () => Promise<void>): Promise<Cost | null> {
  const costFile = join(dir, 'cost.json');
  if (existsSync(done))
    return existsSync(costFile) ? (JSON.parse(readFileSync(costFile, 'utf8')) as Cost) : null;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const wall = Date.now();
  const before = childCpuSeconds();
  await make();
  const after = childCpuSeconds();
  const cost: Cost = {
    wallSeconds: (Date.now() - wall) / 1000,
    cpuSeconds: before !== null && after !== null ? after - before : null,
    sourceSeconds: EPISODE_SECONDS,
  };
  writeFileSync(costFile, JSON.stringify(cost));
  return cost;
}

/**
 * One source with motion and grain, packaged each way; episodes 2… are copies of episode 1 under
 * their own addresses (no cache is shared between them, and the network sees the same bytes an
 * encode of other pictures of the kind would give). Each step is kept when done, so a fixture
 * interrupted on a busy machine is finished by the next run.
 */
async function makeFixture(): Promise<Record<Packaging['name'], Packaged[]>> {
  const done = join(fixtureDir, 'fixture.json');
  if (existsSync(done))
    return JSON.parse(readFileSync(done, 'utf8')) as Record<Packaging['name'], Packaged[]>;
  mkdirSync(fixtureDir, { recursive: true });
  const started = Date.now();
  const source = join(fixtureDir, 'source-1.mp4');
  const sourceDone = join(fixtureDir, 'source-1.done');
  if (!existsSync(sourceDone)) {
    // Moving test pictures, a hue turning with time, and temporal grain: hard to compress, as film is.
    await run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i'],
      `testsrc2=size=720x1280:rate=30:duration=${EPISODE_SECONDS},hue=H=2*PI*t/11,noise=alls=10:allf=t+u`,
      ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${EPISODE_SECONDS}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-shortest', source],
    ]);
    writeFileSync(sourceDone, '');
  }
  const out: Record<string, Packaged[]> = { single: [], ladder: [], 'ladder-ts': [] };
  const costs: Record<string, Cost | null> = {};
  const single = join(fixtureDir, 'single', '1');
  costs.single = await step(single, join(single, 'index.m3u8'), async () => {
    await run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source],
      ...SINGLE_720,
      ...['-hls_segment_filename', join(single, 'seg_%03d.ts'), join(single, 'index.m3u8')],
    ]);
  });
  out.single!.push({
    dir: single,
    duration: await probeDuration(join(single, 'index.m3u8')),
    renditions: [],
  });
  for (const format of WITH_TS ? ([DEFAULT_SEGMENT_FORMAT, 'ts'] as const) : [DEFAULT_SEGMENT_FORMAT]) {
    const name = format === DEFAULT_SEGMENT_FORMAT ? 'ladder' : 'ladder-ts';
    const dir = join(fixtureDir, name, '1');
    costs[name] = await step(dir, join(dir, 'master.m3u8'), async () => {
      await encodeLadder(source, dir, { format });
    });
    const renditions = parseMasterPlaylist(readFileSync(join(dir, 'master.m3u8'), 'utf8'));
    out[name]!.push({
      dir,
      duration: await probeDuration(join(dir, `${renditions[0]!.name}.m3u8`)),
      renditions,
    });
  }
  for (const name of Object.keys(out)) {
    const first = out[name]![0];
    if (!first) continue;
    for (let n = 2; n <= EPISODES; n++) {
      const dir = join(fixtureDir, name, String(n));
      rmSync(dir, { recursive: true, force: true });
      cpSync(first.dir, dir, { recursive: true });
      out[name]!.push({ ...first, dir });
    }
  }
  rmSync(source, { force: true });
  console.log(
    `fixture made in ${((Date.now() - started) / 1000).toFixed(0)} s; encoding per minute of source (${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}): ${Object.entries(costs)
      .map(([name, cost]) =>
        cost
          ? `${name} ${((cost.wallSeconds / cost.sourceSeconds) * 60).toFixed(0)} s wall, ${cost.cpuSeconds === null ? '?' : ((cost.cpuSeconds / cost.sourceSeconds) * 60).toFixed(0)} s CPU`
          : `${name} (made by an earlier run)`,
      )
      .join('; ')}`,
  );
  writeFileSync(done, JSON.stringify(out));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Measuring one page: its requests (DevTools protocol) and its player (window.__dsPlayer, events).

interface Fetched {
  url: string;
  bytes: number;
  /** When it was asked and when it finished (wall clock ms; page time once converted). */
  sent: number;
  at: number;
}

/** Every request of the page that finished, with its bytes on the wire and when, in page time. */
async function recordRequests(page: Page): Promise<{ cdp: CDPSession; fetched: Fetched[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, { url: string; sent: number }>();
  let wallMinusMonotonic = 0;
  const fetched: Fetched[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    wallMinusMonotonic = event.wallTime - event.timestamp;
    urls.set(event.requestId, { url: event.request.url, sent: event.wallTime * 1000 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const asked = urls.get(event.requestId);
    if (asked)
      fetched.push({
        url: asked.url,
        bytes: event.encodedDataLength,
        sent: asked.sent,
        at: (event.timestamp + wallMinusMonotonic) * 1000,
      });
  });
  return { cdp, fetched };
}

async function emulate(cdp: CDPSession, network: Network | null): Promise<void> {
  if (!network) return;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latency,
    downloadThroughput: network.down,
    uploadThroughput: network.up,
  });
}

/** Stalls of a video that has started: `waiting` while playing, until it plays again (in page time). */
const STALL_PROBE = `(() => {
  const started = new WeakSet();
  const since = new Map();
  const log = { stalls: [] };
  window.__stalls = log;
  const end = (v) => {
    const at = since.get(v);
    if (at !== undefined) { log.stalls.push({ at, ms: performance.now() - at }); since.delete(v); }
  };
  document.addEventListener('loadstart', (e) => { started.delete(e.target); since.delete(e.target); }, true);
  document.addEventListener('playing', (e) => { started.add(e.target); end(e.target); }, true);
  document.addEventListener('pause', (e) => end(e.target), true);
  document.addEventListener('waiting', (e) => {
    const v = e.target;
    if (started.has(v) && !v.paused && !v.seeking && !v.ended && !since.has(v)) since.set(v, performance.now());
  }, true);
  window.__stallsNow = () => [...log.stalls, ...[...since.values()].map((at) => ({ at, ms: performance.now() - at }))];
})();`;

interface Probe {
  openedAt: number | null;
  firstFrameAt: number | null;
  lastSwitchAt: number | null;
  lastPlayingAt: number | null;
}
declare global {
  interface Window {
    __dsPlayer?: Probe;
    __stallsNow?: () => { at: number; ms: number }[];
    __bare?: { firstFrameAt: number };
    __timeOrigin?: number;
  }
}

const SEGMENT = /\/(?:(\d{3,4})p_\d{3,6}\.(?:ts|m4s)|seg_\d{3,6}\.ts)(?:\?|$)/;
/** The rung a segment address belongs to (single: 720), or null for anything else. */
const rungOf = (url: string): number | null => {
  const match = SEGMENT.exec(url);
  if (!match) return null;
  return match[1] ? Number(match[1]) : 720;
};
const pathOf = (url: string) => url.split('?')[0] ?? url;

interface MediaSummary {
  /** Media bytes (playlists and segments) on the wire. */
  bytes: number;
  /** Of which through the instance (`/stream`). */
  instanceBytes: number;
  /** Average short side of the segments fetched. */
  rendition: number;
  /** Seconds of media fetched (distinct segments × 2 s). */
  seconds: number;
}

function summarize(fetched: Fetched[], from = -Infinity, until = Infinity): MediaSummary {
  const media = fetched.filter(
    (f) => f.at >= from && f.at <= until && (f.url.includes('/stream/') || SEGMENT.test(f.url)),
  );
  const segments = new Map<string, number>();
  for (const f of media) {
    const rung = rungOf(f.url);
    if (rung !== null) segments.set(pathOf(f.url), rung);
  }
  const rungs = [...segments.values()];
  return {
    bytes: media.reduce((sum, f) => sum + f.bytes, 0),
    instanceBytes: media.filter((f) => f.url.includes('/stream/')).reduce((sum, f) => sum + f.bytes, 0),
    rendition: rungs.length > 0 ? rungs.reduce((a, b) => a + b, 0) / rungs.length : 0,
    seconds: segments.size * 2,
  };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { n: sorted.length, median: at(0.5), p95: at(0.95) };
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: number[]) => (values.length > 0 ? sum(values) / values.length : NaN);

// ---------------------------------------------------------------------------------------------

const fixture = await makeFixture();
// BENCH_FIXTURE_ONLY=1: make (or check) the fixture and stop, e.g. while the build runs.
if (process.env.BENCH_FIXTURE_ONLY === '1') process.exit(0);

// Posters as the app makes them (a 720×1280 JPEG of the episode at 0.5 s), served like a CDN of
// public images: a guest's episode page shows its poster first, as it would in production.
const imagesDir = join(fixtureDir, 'images');
for (const [i, episode] of fixture.single.entries()) {
  const poster = join(imagesDir, 'posters', 'bench', String(i + 1), 'poster.jpg');
  if (existsSync(poster)) continue;
  mkdirSync(join(poster, '..'), { recursive: true });
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', '0.5', '-i', join(episode.dir, 'index.m3u8')],
    ...['-frames:v', '1', '-q:v', '4', poster],
  ]);
}
const images = createServer((req, res) => {
  const file = join(imagesDir, (req.url ?? '/').split('?')[0]!.replace(/\.\./g, ''));
  if (!existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res
    .writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=3600' })
    .end(readFileSync(file));
});
await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
const imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/`;
const swift = await startSwiftS3({ readyTimeoutMs: 180_000 });
await swift.createBucket('bench-media');
await swift.createBucket('bench-originals');
const s3 = {
  endpoint: swift.endpoint,
  region: swift.region,
  accessKeyId: swift.accessKeyId,
  secretAccessKey: swift.secretAccessKey,
  originals: { bucket: 'bench-originals', prefix: '' },
  hls: { bucket: 'bench-media', prefix: 'hls/' },
  public: { bucket: 'bench-media', prefix: 'public/' },
};

// The catalogue, written before the server starts (PGlite serves one process): three tenants on
// their own host names, one series each, every episode free (a guest's shared link plays).
const dataDir = mkdtempSync(join(tmpdir(), 'ds-bench-network-data-'));
const seriesOf = new Map<Packaging['name'], { id: number; episodes: number[] }>();
{
  const database = await openDatabase({ url: undefined, dataDir: join(dataDir, 'pglite'), poolMax: 2 });
  await database.migrate();
  const tenants = createTenantService(database.db, {
    publicUrl: 'http://localhost',
    googleLogin: false,
    devMailbox: null,
  });
  await tenants.upsert([
    DEFAULT_TENANT,
    ...PACKAGINGS.map((p) => ({
      id: p.tenant,
      name: `Bench ${p.name}`,
      currency: 'PHP' as const,
      timeZone: 'Asia/Manila',
      domains: [p.host],
    })),
  ]);
  const storage = s3Storage(s3);
  for (const p of PACKAGINGS) {
    const [row] = await database.db
      .insert(series)
      .values({
        tenantId: p.tenant,
        slug: `bench-${p.name}`,
        title: { en: `Bench ${p.name}` },
        description: { en: 'Motion and grain' },
        cover: '/media/posters/bench/1/poster.jpg',
        tags: [],
        category: 'drama',
        freeEpisodes: EPISODES,
        createdAt: new Date(),
      })
      .returning({ id: series.id });
    const ids: number[] = [];
    for (const [i, episode] of fixture[p.name].entries()) {
      const hlsKey = `hls/bench/${p.name}/${i + 1}`;
      await storage.putDirectory(episode.dir, hlsKey);
      const [e] = await database.db
        .insert(episodes)
        .values({
          seriesId: row!.id,
          number: i + 1,
          duration: episode.duration,
          poster: `/media/posters/bench/${i + 1}/poster.jpg`,
          hlsKey,
          renditions: episode.renditions,
          createdAt: new Date(),
        })
        .returning({ id: episodes.id });
      ids.push(e!.id);
    }
    seriesOf.set(p.name, { id: row!.id, episodes: ids });
  }
  await database.close();
}

// The web app as built, plus the bare page of the loopback baseline (same origin as the app).
const webDir = mkdtempSync(join(tmpdir(), 'ds-bench-network-web-'));
cpSync(join(root, 'apps/web/dist'), webDir, { recursive: true });
cpSync(join(root, 'node_modules/hls.js/dist/hls.light.min.js'), join(webDir, 'bare-hls.js'));
writeFileSync(
  join(webDir, 'bare.html'),
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>html,body{margin:0;background:#000}video{width:100vw;height:100vh;object-fit:cover}</style></head>
<body><video id="v" muted playsinline></video><script src="/bare-hls.js"></script><script>
const v = document.getElementById('v');
const hls = new Hls({ enableWorker: false });
hls.attachMedia(v);
v.requestVideoFrameCallback(() => { window.__bare = { firstFrameAt: performance.now() }; });
fetch('/app-api/sv/play/' + new URLSearchParams(location.search).get('videoId'), { method: 'POST' })
  .then((r) => r.json()).then((a) => { hls.loadSource(a.data.playlistUrl); v.play().catch(() => {}); });
</script></body></html>`,
);

const server = await startServer(
  {
    SMTP_URL: 'smtp://127.0.0.1:9',
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    DEMO_CONTENT: 'false',
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: swift.endpoint,
    S3_REGION: swift.region,
    S3_ACCESS_KEY_ID: swift.accessKeyId,
    S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    S3_ORIGINALS_BUCKET: 'bench-originals',
    S3_HLS_BUCKET: 'bench-media/hls/',
    S3_PUBLIC_BUCKET: 'bench-media/public/',
    S3_PUBLIC_BASE_URL: imagesUrl,
  },
  { readyTimeoutMs: 120_000 },
);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--autoplay-policy=no-user-gesture-required',
    // The tenants' *.localhost names to this machine's IPv4 loopback, where the server listens.
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
});
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};
const origin = (p: Packaging) => `http://${p.host}:${server.port}`;

async function newPage(
  network: Network | null,
): Promise<{ context: BrowserContext; page: Page; fetched: Fetched[] }> {
  const context = await browser.newContext(phone);
  await context.addInitScript(STALL_PROBE);
  const page = await context.newPage();
  // Times are the page's own (from navigation start); on a busy machine under 3G the load event
  // may take longer than Playwright's default 30 s.
  page.setDefaultNavigationTimeout(180_000);
  const { cdp, fetched } = await recordRequests(page);
  await emulate(cdp, network);
  return { context, page, fetched };
}

interface OpenResult {
  firstFrame: number;
  stalls: number;
  stalledMs: number;
  watch: MediaSummary;
  at10: MediaSummary;
}

/** A shared episode link opened cold, then watched. */
async function coldOpen(network: Network, p: Packaging, run: number): Promise<OpenResult> {
  const s = seriesOf.get(p.name)!;
  const videoId = s.episodes[run % s.episodes.length]!;
  const { context, page, fetched } = await newPage(network);
  try {
    await page.goto(`${origin(p)}/#/pages/shorts/videoDetails?seriesId=${s.id}&videoId=${videoId}`);
    await page.waitForFunction(() => typeof window.__dsPlayer?.firstFrameAt === 'number', null, {
      timeout: 60_000,
      polling: 50,
    });
    const probe = (await page.evaluate(() => window.__dsPlayer))!;
    const firstFrame = probe.firstFrameAt!;
    await page.waitForTimeout(WATCH_SECONDS * 1000);
    const stalls = (await page.evaluate(() => window.__stallsNow?.() ?? [])).filter(
      (x) => x.at >= firstFrame,
    );
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const pageTime = fetched.map((f) => ({ ...f, sent: f.sent - timeOrigin, at: f.at - timeOrigin }));
    if (TRACE && run === 0) {
      // What the first frame waited for: every request until then, in page time.
      console.log(`\n${network.name} ${p.name}: first frame at ${firstFrame.toFixed(0)} ms`);
      for (const f of [...pageTime].sort((x, y) => x.sent - y.sent).filter((x) => x.sent < firstFrame))
        console.log(
          `  ${f.sent.toFixed(0).padStart(6)} → ${f.at.toFixed(0).padStart(6)} ms ${kb(f.bytes).padStart(5)} KB ${f.url.replace(/\?.*/, '').replace(/^https?:\/\/[^/]+/, '')}`,
        );
    }
    return {
      firstFrame,
      stalls: stalls.length,
      stalledMs: sum(stalls.map((x) => x.ms)),
      watch: summarize(pageTime, -Infinity, firstFrame + WATCH_SECONDS * 1000),
      at10: summarize(pageTime, -Infinity, firstFrame + 10_000),
    };
  } finally {
    await context.close();
  }
}

interface ShortsResult {
  swipes: number[];
  stalls: number;
  stalledMs: number;
  media: MediaSummary;
  seconds: number;
}

/** Shorts opened cold, each episode watched 8 s, then swiped to the next. */
async function shortsSession(network: Network, p: Packaging): Promise<ShortsResult> {
  const { context, page, fetched } = await newPage(network);
  try {
    await page.goto(`${origin(p)}/#/pages/shorts/index`);
    await page.waitForFunction(() => typeof window.__dsPlayer?.lastPlayingAt === 'number', null, {
      timeout: 60_000,
      polling: 50,
    });
    const start = (await page.evaluate(() => window.__dsPlayer?.lastPlayingAt)) ?? 0;
    const swipes: number[] = [];
    for (let i = 0; i < SWIPES; i++) {
      await page.waitForTimeout(8_000);
      const before = (await page.evaluate(() => window.__dsPlayer?.lastSwitchAt)) ?? 0;
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(
        (previous) => {
          const probe = window.__dsPlayer;
          return probe?.lastSwitchAt != null && probe.lastPlayingAt != null && probe.lastSwitchAt > previous;
        },
        before,
        { timeout: 60_000, polling: 20 },
      );
      const probe = (await page.evaluate(() => window.__dsPlayer))!;
      swipes.push(probe.lastPlayingAt! - probe.lastSwitchAt!);
    }
    await page.waitForTimeout(8_000);
    const end = await page.evaluate(() => performance.now());
    const stalls = (await page.evaluate(() => window.__stallsNow?.() ?? [])).filter((x) => x.at >= start);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    return {
      swipes,
      stalls: stalls.length,
      stalledMs: sum(stalls.map((x) => x.ms)),
      media: summarize(fetched.map((f) => ({ ...f, sent: f.sent - timeOrigin, at: f.at - timeOrigin }))),
      seconds: (end - start) / 1000,
    };
  } finally {
    await context.close();
  }
}

/** On loopback: the app's cold open, and the bare page playing the same signed stream. */
async function loopbackOpen(p: Packaging, run: number, bare: boolean): Promise<number> {
  const s = seriesOf.get(p.name)!;
  const videoId = s.episodes[run % s.episodes.length]!;
  const { context, page } = await newPage(null);
  try {
    if (bare) {
      await page.goto(`${origin(p)}/bare.html?videoId=${videoId}`);
      await page.waitForFunction(() => typeof window.__bare?.firstFrameAt === 'number', null, {
        timeout: 30_000,
        polling: 10,
      });
      return await page.evaluate(() => window.__bare!.firstFrameAt);
    }
    await page.goto(`${origin(p)}/#/pages/shorts/videoDetails?seriesId=${s.id}&videoId=${videoId}`);
    await page.waitForFunction(() => typeof window.__dsPlayer?.firstFrameAt === 'number', null, {
      timeout: 30_000,
      polling: 10,
    });
    return await page.evaluate(() => window.__dsPlayer!.firstFrameAt!);
  } finally {
    await context.close();
  }
}

const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(0) : '–');
const kb = (bytes: number) => (bytes / 1024).toFixed(0);

try {
  // Warm the server and the browser (JIT, first context), as a running service is warm.
  for (const p of PACKAGINGS) await loopbackOpen(p, 0, false);

  const lines: string[] = [];
  const firstFrames = new Map<string, number[]>();
  for (const network of NETWORKS.filter((n) => !ONLY || ONLY.includes(n.name))) {
    for (const p of PACKAGINGS) {
      const opens: OpenResult[] = [];
      for (let i = 0; i < RUNS; i++) opens.push(await coldOpen(network, p, i));
      const first = stats(opens.map((o) => o.firstFrame));
      firstFrames.set(
        `${network.name}/${p.name}`,
        opens.map((o) => o.firstFrame),
      );
      const through =
        sum(opens.map((o) => o.watch.instanceBytes)) / Math.max(1, sum(opens.map((o) => o.watch.bytes)));
      lines.push(
        `| ${network.name} | ${p.name} | link opened cold (${opens.length}) | ${fmt(first.median)} / ${fmt(first.p95)} | ${sum(opens.map((o) => o.stalls))} / ${(sum(opens.map((o) => o.stalledMs)) / 1000).toFixed(1)} s | ${mean(opens.map((o) => o.watch.rendition)).toFixed(0)}p | ${kb(mean(opens.map((o) => o.watch.bytes)))} KB | ${mean(opens.map((o) => o.at10.seconds)).toFixed(0)} s (≤ ${10 + BUFFER_BOUND_SECONDS}) | ${(100 * through).toFixed(2)} % |`,
      );
      console.log(lines[lines.length - 1]);
      const sessions: ShortsResult[] = [];
      for (let i = 0; i < Math.max(1, Math.ceil(RUNS / 2)); i++)
        sessions.push(await shortsSession(network, p));
      const swipe = stats(sessions.flatMap((s) => s.swipes));
      const watched = sum(sessions.map((s) => s.seconds));
      lines.push(
        `| ${network.name} | ${p.name} | Shorts swipe to playing (${swipe.n}) | ${fmt(swipe.median)} / ${fmt(swipe.p95)} | ${sum(sessions.map((s) => s.stalls))} / ${(sum(sessions.map((s) => s.stalledMs)) / 1000).toFixed(1)} s in ${watched.toFixed(0)} s | ${mean(sessions.map((s) => s.media.rendition)).toFixed(0)}p | ${kb(mean(sessions.map((s) => s.media.bytes)))} KB | ${mean(sessions.map((s) => s.media.seconds)).toFixed(0)} s in ${mean(sessions.map((s) => s.seconds)).toFixed(0)} s | ${((100 * sum(sessions.map((s) => s.media.instanceBytes))) / Math.max(1, sum(sessions.map((s) => s.media.bytes)))).toFixed(2)} % |`,
      );
      console.log(lines[lines.length - 1]);
    }
  }

  const app: number[] = [];
  const bare: number[] = [];
  const ladder = PACKAGINGS.find((p) => p.name === 'ladder')!;
  for (let i = 0; i < (ONLY && !ONLY.includes('loopback') ? 0 : LOOPBACK_RUNS); i++) {
    // Alternated, so a machine whose speed drifts tilts both alike.
    bare.push(await loopbackOpen(ladder, i, true));
    app.push(await loopbackOpen(ladder, i, false));
  }
  const a = stats(app);
  const b = stats(bare);

  console.log(
    `\nDramaStar playback on emulated networks: headless Chromium ${browser.version()}, 390×844 at 2.625×, media on Swift's S3 API (presigned segments), ${EPISODES} episodes of ${EPISODE_SECONDS} s, ${RUNS} cold opens each; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log(
    '| network | packaging | measure (runs) | first frame from navigation, median / p95 ms | stalls / stalled time after the first frame | average rendition | media bytes per view | fetched 10 s after the first frame | through the instance |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const line of lines) console.log(line);
  console.log('\n| network | ladder first frame ÷ single (median / p95) | aim |');
  console.log('|---|---:|---:|');
  for (const network of NETWORKS) {
    for (const p of PACKAGINGS.filter((x) => x.name !== 'single')) {
      const mine = stats(firstFrames.get(`${network.name}/${p.name}`) ?? []);
      const single = stats(firstFrames.get(`${network.name}/single`) ?? []);
      console.log(
        `| ${network.name} (${p.name}) | ${(mine.median / single.median).toFixed(2)} / ${(mine.p95 / single.p95).toFixed(2)} | ≤ 0.6 |`,
      );
    }
  }
  console.log(
    '\n| loopback, ladder, from navigation | runs | median ms | p95 ms | ratio (median / p95) | aim |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(
    `| bare page: hls.js plays the signed stream (baseline) | ${b.n} | ${fmt(b.median)} | ${fmt(b.p95)} | 1.00 | |`,
  );
  console.log(
    `| the app: shared episode link opened cold | ${a.n} | ${fmt(a.median)} | ${fmt(a.p95)} | ${(a.median / b.median).toFixed(2)} / ${(a.p95 / b.p95).toFixed(2)} | ≤ 1.5 |`,
  );
} finally {
  await browser.close();
  await server.stop();
  await swift.stop();
  images.close();
  rmSync(webDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
