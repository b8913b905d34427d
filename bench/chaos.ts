// Chaos benchmark: two instances of the built server behind Debian's HAProxy (active health checks
// on /readyz, WebSocket upgrades passed, a request retried on another instance only when it never
// reached one or was refused with 503), on a PostgreSQL cluster of its own (so it may be stopped)
// and media in OpenStack Swift's S3 API (MEDIA_STORAGE=s3) behind a gate it can cut. The load mix
// of bench/load.ts (bench/mix.ts) runs throughout; one fault at a time:
//   kill -9 of an instance (restarted at once, as a supervisor would);
//   SIGTERM of an instance (it drains: /readyz 503, serves what arrives, closes; then restarted);
//   PostgreSQL stopped ~10 s and started, then a connection storm (every user at once);
//   object storage unreachable for 30 s;
//   a rolling restart of both instances, one after the other.
// For each: failed calls (5xx or no answer) during the fault and in the 10 s after, and the time
// from the fault's end until every call answers again. After all faults: unanswered webhooks are
// sent again (as providers do), every money request is replayed with its idempotency key, and the
// books, the orders and the jobs are checked. Baseline of the same run: the mix's calls/s with no
// fault.
//   npm run build && npx tsx bench/chaos.ts
//   CHAOS_USERS=12 (concurrent users), CHAOS_SETTLE_S=8 (seconds of load before each fault),
//   CHAOS_FAULTS=kill,sigterm,postgres,storage,rolling (the faults to run, in this order; default
//   all; the checks after them are the same whichever ran)
// Needs haproxy, swift and PostgreSQL 15's binaries (/usr/lib/postgresql/15/bin); without them it
// says so and stops.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../apps/server/src/clock.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { configuredStorage } from '../apps/server/src/media/storage-s3.js';
import { createPointsService } from '../apps/server/src/modules/catalog/points.service.js';
import { contentKeys } from '../apps/server/src/modules/catalog/content/content.service.js';
import { ledgerViolations } from '../apps/server/src/modules/ledger/ledger-health.js';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.service.js';
import { createMembershipService } from '../apps/server/src/modules/membership/membership.service.js';
import { createCopyrightService } from '../apps/server/src/modules/team/copyright.service.js';
import { createTeamRewards } from '../apps/server/src/modules/team/team-rewards.js';
import { startSwiftS3, swiftInstalled } from '../apps/server/src/test/swift-s3.js';
import { freePort, type RunningServer, startServer } from '../e2e/server.js';
import { WebSocket } from 'ws';
import { createLoadMix, type LoadMix } from './mix.js';

const USERS = Number(process.env.CHAOS_USERS ?? 12);
const SETTLE_MS = Number(process.env.CHAOS_SETTLE_S ?? 8) * 1000;
const FAULTS = ['kill', 'sigterm', 'postgres', 'storage', 'rolling'] as const;
const chosen = (process.env.CHAOS_FAULTS ?? FAULTS.join(',')).split(',').map((f) => f.trim());
for (const f of chosen)
  if (!(FAULTS as readonly string[]).includes(f))
    throw new Error(`CHAOS_FAULTS: unknown fault ${f} (${FAULTS.join(', ')})`);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const missing = [
  HAPROXY ? null : 'haproxy (apt-get install -y haproxy)',
  existsSync(join(PG_BIN, 'pg_ctl'))
    ? null
    : 'PostgreSQL 15 server binaries (apt-get install -y postgresql-15)',
  swiftInstalled() ? null : 'OpenStack Swift (see README)',
].filter(Boolean);
if (missing.length) {
  console.log(`chaos benchmark skipped: missing ${missing.join(', ')}`);
  process.exit(0);
}

// ---- a PostgreSQL cluster of our own (the machine's shared server is never stopped) -------------
const pgPort = await freePort();
const pgDir = mkdtempSync(join(tmpdir(), 'ds-chaos-pg-'));
const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], { stdio: 'pipe' });
chownSync(
  pgDir,
  Number(execFileSync('id', ['-u', 'postgres']).toString()),
  Number(execFileSync('id', ['-g', 'postgres']).toString()),
);
asPostgres('initdb', ['-D', join(pgDir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
const pgStart = () =>
  asPostgres('pg_ctl', [
    '-D',
    join(pgDir, 'data'),
    '-l',
    join(pgDir, 'log'),
    '-w',
    '-o',
    `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
    'start',
  ]);
const pgStop = () => asPostgres('pg_ctl', ['-D', join(pgDir, 'data'), '-m', 'fast', '-w', 'stop']);
pgStart();
// However the benchmark ends, its cluster goes with it.
process.once('exit', () => {
  try {
    pgStop();
  } catch {
    // already stopped
  }
  rmSync(pgDir, { recursive: true, force: true });
});
const dbUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

// ---- object storage behind a gate that can be cut -------------------------------------------------
// Swift takes a while to start on a busy machine: a second try before giving up.
const swift = await startSwiftS3({ readyTimeoutMs: 120_000 }).catch(() =>
  startSwiftS3({ readyTimeoutMs: 120_000 }),
);
await swift.createBucket('ds-originals');
await swift.createBucket('ds-media');
const swiftPort = Number(new URL(swift.endpoint).port);
const gatePort = await freePort();
const gate = (() => {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(swiftPort, '127.0.0.1');
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.listen(gatePort, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
    });
  return { open, cut };
})();
await gate.open();

// ---- two instances and HAProxy -------------------------------------------------------------------
const ports = [await freePort(), await freePort()];
const env = (port: number) => ({
  NODE_ENV: 'development', // the sandbox gateway pays (production refuses it)
  TEST_API: 'false',
  PORT: String(port),
  DATABASE_URL: dbUrl,
  DATA_ENCRYPTION_KEY: 'c'.repeat(64),
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '127.0.0.1',
  DB_POOL_MAX: '10',
  SHUTDOWN_DRAIN_MS: '3000',
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${gatePort}`,
  S3_REGION: swift.region,
  S3_ACCESS_KEY_ID: swift.accessKeyId,
  S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
  S3_ORIGINALS_BUCKET: 'ds-originals',
  S3_HLS_BUCKET: 'ds-media/hls',
  S3_PUBLIC_BUCKET: 'ds-media/public',
});
const servers: RunningServer[] = [];
/** Instances this benchmark stopped on purpose; any other exit is reported with its last log lines. */
const stopping = new Set<RunningServer>();
const watch = (s: RunningServer, i: number) => {
  s.process.once('exit', (code, signal) => {
    if (stopping.has(s)) return;
    const tail = s.output().trim().split('\n').slice(-15).join('\n');
    console.log(`!! instance ${i + 1} exited unexpectedly (${code ?? signal}):\n${tail}`);
  });
  return s;
};
// The first start makes the demo's media and puts it in the store: minutes on a busy machine.
const READY_MS = 300_000;
servers.push(watch(await startServer(env(ports[0]!), { readyTimeoutMs: READY_MS }), 0));
servers.push(watch(await startServer(env(ports[1]!), { readyTimeoutMs: READY_MS }), 1));

const lbPort = await freePort();
const hapDir = mkdtempSync(join(tmpdir(), 'ds-chaos-haproxy-'));
const hapConf = join(hapDir, 'haproxy.cfg');
writeFileSync(
  hapConf,
  `global
  maxconn 4000
  stats socket ${join(hapDir, 'admin.sock')} mode 600 level admin
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 3
  option redispatch 1
  option forwardfor
  # Sent again on the other instance only when it never reached one, or was refused by one that is
  # closing (503 before any work): safe for every call, keyed or not.
  retry-on conn-failure 503
frontend app
  bind 127.0.0.1:${lbPort}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # A check answered slower than this counts as failed (without it: inter, 0.5 s, which a busy
  # machine's /readyz can exceed, taking healthy instances out).
  timeout check 5s
  default-server inter 500ms fall 2 rise 2
${ports.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check`).join('\n')}
`,
);
const haproxy: ChildProcess = spawn(HAPROXY!, ['-f', hapConf, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
let hapOutput = '';
haproxy.stdout?.on('data', (b: Buffer) => (hapOutput += b.toString()));
haproxy.stderr?.on('data', (b: Buffer) => (hapOutput += b.toString()));
const lb = `http://127.0.0.1:${lbPort}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${lb}/readyz`)).ok) break;
  } catch {
    // not yet
  }
  if (i > 100) throw new Error(`haproxy did not answer:\n${hapOutput}`);
  await sleep(100);
}

const database: Database = await openDatabase({ url: dbUrl, poolMax: 2 });
let failed = false;
try {
  const mix: LoadMix = await createLoadMix({ database, users: USERS, next: () => lb });

  // ---- jobs that must not be lost ---------------------------------------------------------------
  // Transcodes: before or during each fault an original goes into the store (directly, not through
  // the gate) and a job is queued for it, as the console's upload does; the instances' workers take
  // them. At the end every one must be done.
  const store = configuredStorage(loadConfig({ ...env(ports[0]!), S3_ENDPOINT: swift.endpoint }));
  const sourceVideo = join(hapDir, 'source.mp4');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=24', '-t', '2'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', sourceVideo],
  ]);
  const transcodes: { id: string; fault: string }[] = [];
  const queueTranscode = async (fault: string) => {
    const key = `${contentKeys.upload()}/source`;
    await store.putFile(sourceVideo, key);
    const [row] = await database.query<{ id: string }>(
      `insert into transcode_job (tenant_id, series_id, episode_number, source_key, status, progress, attempts, created_at, updated_at)
       select s.tenant_id, s.id, 1000 + $2::int, $1, 'queued', 0, 0, now(), now() from series s
       where s.tenant_id = '000000' order by s.id desc limit 1 returning id::text`,
      [key, transcodes.length],
    );
    transcodes.push({ id: row!.id, fault });
  };

  // The daily copyright revenue and the release of Star Card rewards held until the card's period
  // is over: their timers (10 minutes) do not fire in the bench's minutes, so two runners here do
  // what two instances' schedulers do, every second, through every fault. Six holdings whose first
  // four days are due, and twelve held rewards falling due one after another during the faults.
  const jobClock = systemClock;
  const jobRunner = async () => {
    const own = await openDatabase({ url: dbUrl, poolMax: 2 });
    const ledger = createLedger(jobClock);
    const memberships = createMembershipService({
      clock: jobClock,
      ledger,
      points: createPointsService(jobClock),
      // The jobs buy no cards.
      purchaseHooks: [],
    });
    const rewards = createTeamRewards({ clock: jobClock, ledger, memberships });
    const copyrights = createCopyrightService({
      db: own.db,
      clock: jobClock,
      ledger,
      rewards,
      confirmPayPassword: async () => {},
    });
    return { own, copyrights, rewards };
  };
  const [holders, beneficiaries] = await (async () => {
    const ids = await database.query<{ id: string }>(
      "select id::text from app_user where tenant_id = '000000' order by id limit 12",
    );
    return [ids.slice(0, 6).map((r) => r.id), ids.map((r) => r.id)];
  })();
  await database.query(
    `insert into copyright_holding (tenant_id, product_id, user_id, quantity, paid, daily_revenue, first_day, last_day, request_id, request_hash, purchased_at)
     select '000000', p.id, u.id::bigint, 1, p.price, p.daily_profit,
            (now() at time zone t.time_zone)::date - 3, (now() at time zone t.time_zone)::date + 26,
            'chaos-' || u.id, 'chaos', now()
     from unnest($1::text[]) u(id), tenant t,
          (select id, price, daily_profit from copyright_product where tenant_id = '000000' order by id limit 1) p
     where t.id = '000000'`,
    [holders],
  );
  const heldRewards = beneficiaries.length;
  await database.query(
    `insert into team_reward (tenant_id, beneficiary_id, source_user_id, level, kind, cause, base_amount, amount, reference, status, releases_at, created_at)
     select '000000', b.id::bigint, b.id::bigint, 1, 'referral_reward', 'card', 10000, 1000,
            'chaos-card:' || b.n, 'held', now() + make_interval(secs => $2::int + b.n * $3::int), now()
     from unnest($1::text[]) with ordinality b(id, n)`,
    [beneficiaries, Math.round(SETTLE_MS / 1000) + 10, 15],
  );
  let jobsRunning = true;
  const jobFailures = { revenue: 0, release: 0 };
  const runners = Promise.all(
    [0, 1].map(async () => {
      const r = await jobRunner();
      try {
        while (jobsRunning) {
          await r.copyrights.runDailyRevenue().catch(() => jobFailures.revenue++);
          await r.rewards.releaseDue(r.own.db).catch(() => jobFailures.release++);
          await sleep(1_000);
        }
      } finally {
        await r.own.close().catch(() => {});
      }
    }),
  );
  const viewers = Math.round(USERS * 0.6);
  const earners = Math.round(USERS * 0.2);
  let running = true;
  const load = Promise.all(
    mix.tokens.map(async (token, i) => {
      while (running) {
        if (i < viewers) await mix.viewer(token);
        else if (i < viewers + earners) await mix.earner(token);
        else await mix.payer(token);
      }
    }),
  );

  // Chat: users write to support over WebSockets through the balancer, one message a second each
  // (under the 20 per 10 s limit); a message not acknowledged is sent again with the same client id
  // on a new socket, as the app does after reconnecting.
  const chatSent = new Set<string>();
  const chatAcked = new Set<string>();
  let chatReconnects = 0;
  const chatter = async (token: string, n: number) => {
    const pending: string[] = [];
    let seq = 0;
    while (running || pending.length) {
      const socket = new WebSocket(`ws://127.0.0.1:${lbPort}/app-api/chat/ws`);
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
          setTimeout(() => reject(new Error('open timed out')), 5_000);
        });
        const acks = new Map<string, () => void>();
        let hello: () => void = () => {};
        const helloSeen = new Promise<void>((r) => (hello = r));
        socket.on('message', (data: Buffer) => {
          const frame = JSON.parse(data.toString()) as { type: string; clientId?: string };
          if (frame.type === 'hello') hello();
          if (frame.type === 'ack' && frame.clientId) {
            chatAcked.add(frame.clientId);
            acks.get(frame.clientId)?.();
          }
        });
        const closed = new Promise<void>((r) => socket.once('close', () => r()));
        socket.send(JSON.stringify({ type: 'auth', token }));
        await Promise.race([helloSeen, closed, sleep(5_000)]);
        while (running || pending.length) {
          if (socket.readyState !== WebSocket.OPEN) throw new Error('closed');
          const clientId = pending[0] ?? `chaos-${n}-${++seq}-${randomBytes(3).toString('hex')}`;
          if (!pending.length) pending.push(clientId);
          chatSent.add(clientId);
          const acked = new Promise<void>((r) => acks.set(clientId, r));
          socket.send(JSON.stringify({ type: 'send', clientId, kind: 'text', body: `chaos ${clientId}` }));
          await Promise.race([acked, closed, sleep(5_000)]);
          if (!chatAcked.has(clientId)) throw new Error('no ack');
          pending.shift();
          await sleep(1_000);
        }
      } catch {
        chatReconnects++;
        await sleep(500);
      } finally {
        socket.terminate();
      }
    }
  };
  const chat = Promise.all(mix.tokens.slice(0, 2).map((token, n) => chatter(token, n)));

  const isFailure = (status: number) => status === 0 || status >= 500;
  /** How many instances HAProxy sends to now (its runtime API: `show stat`, status UP). */
  const haproxyUp = () =>
    new Promise<number>((resolve) => {
      let out = '';
      const socket = connect(join(hapDir, 'admin.sock'), () => socket.end('show stat\n'));
      socket.on('data', (b: Buffer) => (out += b.toString()));
      socket.on('error', () => resolve(0));
      socket.on('close', () =>
        resolve(
          out
            .split('\n')
            .map((line) => line.split(','))
            .filter((f) => f[0] === 'instances' && /^i\d$/.test(f[1] ?? '') && f[17] === 'UP').length,
        ),
      );
    });
  // Both instances ready and HAProxy sending to both (as a deploy waits before the next step).
  const readyBoth = async () => {
    for (const until = Date.now() + 180_000; ;) {
      if (Date.now() > until) throw new Error('an instance did not become ready within 180 s');
      const ok = await Promise.all(
        ports.map((p) =>
          fetch(`http://127.0.0.1:${p}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      );
      if (ok.every(Boolean) && (await haproxyUp()) === ports.length) break;
      await sleep(200);
    }
  };
  const restart = async (i: number) => {
    servers[i] = watch(await startServer(env(ports[i]!), { readyTimeoutMs: READY_MS }), i);
  };
  const exited = (s: RunningServer) =>
    new Promise<void>((r) => (s.process.exitCode !== null ? r() : s.process.once('exit', () => r())));

  interface Row {
    fault: string;
    calls: number;
    failedDuring: number;
    failedAfter: number;
    recoverS: number;
    note: string;
  }
  const rows: Row[] = [];
  const fault = async (key: (typeof FAULTS)[number], name: string, act: () => Promise<unknown>) => {
    if (!chosen.includes(key)) return;
    await sleep(SETTLE_MS);
    const start = mix.now();
    const said = await act();
    const note = typeof said === 'string' ? said : '';
    const end = mix.now();
    await sleep(10_000);
    const window = mix.outcomes.filter((o) => o.at >= start && o.at < end + 10_000);
    const during = window.filter((o) => o.at < end && isFailure(o.status)).length;
    const after = window.filter((o) => o.at >= end && isFailure(o.status));
    const last = [...window].reverse().find((o) => isFailure(o.status));
    const failures = window.filter((o) => isFailure(o.status));
    const byStatus = [...new Set(failures.map((o) => o.status))]
      .map((code) => `${failures.filter((o) => o.status === code).length}× ${code || 'no answer'}`)
      .join(', ');
    rows.push({
      fault: name,
      calls: window.length,
      failedDuring: during,
      failedAfter: after.length,
      recoverS: last && last.at > end ? (last.at - end) / 1000 : 0,
      note: [note, byStatus && `failed: ${byStatus}`].filter(Boolean).join('; '),
    });
    console.log(`  ${name}: ${during} failed during, ${after.length} after (${window.length} calls)`);
  };

  // Baseline: the mix with no fault.
  await sleep(SETTLE_MS);
  const b0 = mix.now();
  const n0 = mix.outcomes.length;
  await sleep(10_000);
  const baseRate = (mix.outcomes.length - n0) / ((mix.now() - b0) / 1000);
  const baseFailed = mix.outcomes.slice(n0).filter((o) => isFailure(o.status)).length;
  console.log(`baseline: ${baseRate.toFixed(1)} calls/s, ${baseFailed} failed`);

  await fault('kill', 'kill -9 of an instance (restarted at once)', async () => {
    await queueTranscode('kill -9');
    await sleep(2_500); // an instance has taken it
    stopping.add(servers[0]!);
    servers[0]!.process.kill('SIGKILL');
    await exited(servers[0]!);
    await restart(0);
    await readyBoth();
  });
  await fault('sigterm', 'SIGTERM of an instance (drains 3 s, then restarted)', async () => {
    const s = servers[1]!;
    await queueTranscode('SIGTERM');
    await sleep(2_500);
    stopping.add(s);
    const t = Date.now();
    await s.stop();
    const took = Date.now() - t;
    await restart(1);
    await readyBoth();
    return `exited 0 after ${(took / 1000).toFixed(1)} s`;
  });
  await fault('postgres', 'PostgreSQL stopped 10 s, started, connection storm', async () => {
    await queueTranscode('PostgreSQL stopped');
    await sleep(2_500);
    pgStop();
    await sleep(10_000);
    pgStart();
    // The storm: every user at once, twice over, as clients that waited come back.
    const storm = await Promise.all(
      Array.from({ length: USERS * 8 }, (_, i) =>
        mix.call('storm (accountInfo)', '/app-api/account/accountInfo', { token: mix.tokens[i % USERS]! }),
      ),
    );
    const stormFailed = storm.filter((r) => isFailure(r.status)).length;
    return `storm of ${storm.length}: ${stormFailed} failed`;
  });
  // What needs the store through the instances: a rung's media playlist (/stream reads it from the
  // store after its signature check; the play's `startUrl`, the lowest rung's). The master playlist
  // (`playlistUrl`) is made from the episode's row and never touches the store, so asking it would
  // not see the outage. Segments, covers and posters go from the store (or its CDN) directly.
  // Every free episode of the catalogue, asked in turn: an instance keeps a playlist it has read
  // for its signing window, so asking one episode again would measure that cache, not the store.
  const episodeIds = await (async () => {
    const listed = await mix.call<{ list: { id: number }[] }>(
      'setup',
      '/app-api/sv/allSeries?tenantId=000000',
      { body: { pageNum: 1, pageSize: 50 } },
    );
    const ids: number[] = [];
    for (const one of listed.data?.list ?? []) {
      const detail = await mix.call<{ episodes: { id: number; free: boolean }[] }>(
        'setup',
        `/app-api/sv/videos/${one.id}`,
      );
      ids.push(...(detail.data?.episodes.filter((e) => e.free).map((e) => e.id) ?? []));
    }
    mix.calls.delete('setup');
    return ids.length ? ids : [0];
  })();
  // Each probe comes from an address of its own (X-Forwarded-For, which HAProxy passes on to
  // instances trusting it): the mix's plays all come from 127.0.0.1 and use up that address's
  // play limit (300 a minute), which would answer the probe 429 whatever the store does.
  let probes = 0;
  const playlist = async () => {
    const n = ++probes;
    const play = await mix.call<{ playlistUrl: string; startUrl: string | null }>(
      'play address (play/{id})',
      `/app-api/sv/play/${episodeIds[(n - 1) % episodeIds.length]}`,
      {
        token: mix.tokens[n % USERS]!,
        headers: { 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` },
      },
    );
    if (!play.data) return play.status;
    const url = new URL(play.data.startUrl ?? play.data.playlistUrl, lb);
    return (await mix.call('playlist from the store (/stream)', url.pathname + url.search, { method: 'GET' }))
      .status;
  };
  await fault('storage', 'object storage unreachable 30 s', async () => {
    await gate.cut();
    await queueTranscode('store unreachable');
    const during: number[] = [];
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      during.push(await playlist());
      await sleep(1000);
    }
    await gate.open();
    const back = Date.now();
    const after: number[] = [];
    while (Date.now() - back < 20_000) {
      after.push(await playlist());
      if (after.at(-1) === 200) break;
      await sleep(250);
    }
    const count = (list: number[]) =>
      [...new Set(list)].map((code) => `${list.filter((x) => x === code).length}× ${code}`).join(', ');
    return `playlists during the outage: ${count(during)}; after it, 200 again in ${((Date.now() - back) / 1000).toFixed(1)} s (${count(after)})`;
  });
  await fault('rolling', 'rolling restart of both instances', async () => {
    await queueTranscode('rolling restart');
    await sleep(2_500);
    for (const i of [0, 1]) {
      stopping.add(servers[i]!);
      await servers[i]!.stop();
      await restart(i);
      await readyBoth();
    }
  });

  running = false;
  await load;
  await chat;
  // The jobs finish what is due (a held reward falls due every 15 s through the faults; the last
  // ones after them), then the runners stop; transcodes left by a killed instance wait for its
  // lease (60 s) to run out before another instance takes them.
  const lastRelease = await database.query<{ s: string }>(
    "select greatest(0, extract(epoch from max(releases_at) - now()))::text as s from team_reward where reference like 'chaos-card:%'",
  );
  await sleep(Number(lastRelease[0]!.s) * 1000 + 3_000);
  jobsRunning = false;
  await runners;
  const transcodeWait = Date.now();
  for (;;) {
    const [left] = await database.query<{ n: string }>(
      "select count(*)::text as n from transcode_job where id = any($1::bigint[]) and status in ('queued', 'running')",
      [transcodes.map((t) => t.id)],
    );
    if (left!.n === '0' || Date.now() - transcodeWait > 240_000) break;
    await sleep(1_000);
  }

  // After the faults: providers resend webhooks that got no 200; clients replay their keyed requests.
  const resent = [...mix.webhooksUnanswered.entries()];
  for (const [orderNo, body] of resent) await mix.webhook(orderNo, body);
  let replayed = 0;
  let replayMismatch = 0;
  for (const k of mix.keyed) {
    const again = await mix.call(`replay ${k.name}`, k.path, { token: k.token, body: k.body });
    replayed++;
    const first = k.data as { orderNo?: string } | undefined;
    const second = again.data as { orderNo?: string } | undefined;
    if (first?.orderNo && second?.orderNo !== first.orderNo) replayMismatch++;
  }

  const checks: { check: string; ok: boolean; detail: string }[] = [];
  const books = await ledgerViolations(database);
  checks.push({
    check: 'books: every currency sums to zero, no wallet negative, balances equal their transfers',
    ok: books.length === 0,
    detail: books.length ? books.slice(0, 3).join('; ') : 'ok',
  });
  checks.push({
    check: `money requests replayed with their keys (${replayed}): the same order, nothing twice`,
    ok: replayMismatch === 0,
    detail: `${replayMismatch} answered another order`,
  });
  const [dup] = await database.query<{ n: string }>(
    'select count(*)::text as n from (select user_id, request_id from recharge_order group by 1, 2 having count(*) > 1) d',
  );
  checks.push({
    check: 'no recharge order twice for one key',
    ok: dup!.n === '0',
    detail: `${dup!.n} keys with two orders`,
  });
  const [credited] = await database.query<{ n: string }>(
    "select count(*)::text as n from recharge_order where status = 'credited'",
  );
  checks.push({
    check: 'recharges credited = orders whose webhook was answered 200 (after resending)',
    ok: Number(credited!.n) === mix.webhooksCredited.size && mix.webhooksUnanswered.size === 0,
    detail: `${credited!.n} credited, ${mix.webhooksCredited.size} answered, ${mix.webhooksUnanswered.size} still unanswered (${resent.length} resent)`,
  });
  const [stored] = await database.query<{ n: string; distinct: string }>(
    "select count(*)::text as n, count(distinct client_id)::text as distinct from chat_message where client_id like 'chaos-%'",
  );
  const lost = [...chatSent].filter((id) => !chatAcked.has(id)).length;
  checks.push({
    check: 'chat: every message sent is stored once (resent with its client id until acknowledged)',
    ok: Number(stored!.n) === chatSent.size && stored!.n === stored!.distinct && lost === 0,
    detail: `${chatSent.size} sent, ${stored!.n} stored (${stored!.distinct} distinct), ${lost} never acknowledged, ${chatReconnects} reconnects`,
  });
  const queued = await database.query<{ id: string; status: string; attempts: number; error: string | null }>(
    'select id::text, status, attempts, error from transcode_job where id = any($1::bigint[]) order by id',
    [transcodes.map((t) => t.id)],
  );
  const notDone = queued.filter((j) => j.status !== 'done');
  checks.push({
    check: `transcodes queued at each fault (${transcodes.length}): every one done, once`,
    ok: queued.length === transcodes.length && notDone.length === 0,
    detail:
      queued
        .map((j) => `${transcodes.find((t) => t.id === j.id)?.fault}: ${j.status} after ${j.attempts} run(s)`)
        .join('; ') +
      (notDone.length ? ` (${notDone.map((j) => j.error ?? '').join('; ')})` : '') +
      `; the transcode ran in ${((Date.now() - transcodeWait) / 1000).toFixed(0)} s more after the faults`,
  });
  const [jobs] = await database.query<{ failed: string; stuck: string }>(
    "select count(*) filter (where status = 'failed')::text as failed, count(*) filter (where status in ('queued', 'running'))::text as stuck from transcode_job",
  );
  checks.push({
    check: 'every transcode job (the demo catalogue too): none failed or left behind',
    ok: jobs!.failed === '0' && jobs!.stuck === '0',
    detail: `${jobs!.failed} failed, ${jobs!.stuck} queued or running`,
  });
  const [revenue] = await database.query<{ due: string; paid: string; twice: string; transfers: string }>(
    `select (select sum((now() at time zone t.time_zone)::date - h.first_day + 1) from copyright_holding h, tenant t
              where t.id = h.tenant_id and h.request_id like 'chaos-%')::text as due,
            (select count(*) from copyright_revenue r join copyright_holding h on h.id = r.holding_id
              where h.request_id like 'chaos-%')::text as paid,
            (select count(*) from (select r.holding_id, r.day from copyright_revenue r group by 1, 2 having count(*) > 1) d)::text as twice,
            (select count(*) from ledger_transfer x join copyright_holding h
               on x.idempotency_key like 'copyright_revenue:' || h.id || ':%'
              where h.request_id like 'chaos-%')::text as transfers`,
  );
  checks.push({
    check: `daily copyright revenue (${holders.length} holdings, run every second by two runners through the faults): each due day paid exactly once`,
    ok: revenue!.due === revenue!.paid && revenue!.paid === revenue!.transfers && revenue!.twice === '0',
    detail: `${revenue!.due} holding-days due, ${revenue!.paid} paid, ${revenue!.transfers} ledger transfers, ${revenue!.twice} twice; ${jobFailures.revenue} runs failed (database away) and were run again`,
  });
  const [released] = await database.query<{ paid: string; held: string; transfers: string }>(
    `select count(*) filter (where status = 'paid')::text as paid, count(*) filter (where status = 'held')::text as held,
            (select count(*) from ledger_transfer where idempotency_key like 'team:referral_reward:chaos-card:%')::text as transfers
     from team_reward where reference like 'chaos-card:%'`,
  );
  checks.push({
    check: `Star Card rewards held until the card's period ends (${heldRewards}, falling due every 15 s through the faults): each released exactly once`,
    ok:
      released!.paid === String(heldRewards) &&
      released!.held === '0' &&
      released!.transfers === String(heldRewards),
    detail: `${released!.paid} released, ${released!.held} still held, ${released!.transfers} ledger transfers; ${jobFailures.release} runs failed (database away) and were run again`,
  });

  console.log(
    `\nDramaStar chaos benchmark: 2 instances behind HAProxy (checks /readyz every 0.5 s), PostgreSQL 15 of its own, media on Swift s3api, ${USERS} concurrent users of the load mix, Node ${process.version}, ${cpus().length} CPUs`,
  );
  console.log(`baseline (no fault): ${baseRate.toFixed(1)} calls/s, ${baseFailed} failed in 10 s`);
  console.log(
    '| fault | calls in window | failed during | failed in 10 s after | every call answers again after | note |',
  );
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.fault} | ${r.calls} | ${r.failedDuring} | ${r.failedAfter} | ${r.recoverS.toFixed(1)} s | ${r.note} |`,
    );
  console.log('\n| check | result | detail |');
  console.log('|---|---|---|');
  for (const c of checks) console.log(`| ${c.check} | ${c.ok ? 'ok' : 'FAILED'} | ${c.detail} |`);
  const rolling = rows.find((r) => r.fault.startsWith('rolling'));
  const pgRow = rows.find((r) => r.fault.startsWith('PostgreSQL'));
  console.log(
    `\naims: rolling restart fails 0 calls: ${!rolling ? 'not run' : rolling.failedDuring + rolling.failedAfter === 0 ? 'met' : 'NOT met'}; every call answers within 10 s of PostgreSQL's return: ${!pgRow ? 'not run' : pgRow.recoverS <= 10 ? 'met' : 'NOT met'}; no money or job lost: ${checks.every((c) => c.ok) ? 'met' : 'NOT met'}`,
  );
  failed = checks.some((c) => !c.ok);
} finally {
  for (const s of servers) {
    stopping.add(s);
    if (s.process.exitCode === null) s.process.kill('SIGKILL');
  }
  haproxy.kill('SIGTERM');
  await database.close().catch(() => {});
  await gate.cut();
  await swift.stop();
  rmSync(hapDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
