import { randomUUID } from 'node:crypto';
import { consoleCalls, DEVICE_ID_HEADER } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../clock.js';
import { purgeExpired } from '../../jobs/cleanup.job.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { DEVICES_PER_ADDRESS, PLAY_WINDOW_MINUTES } from './play-views.js';

/**
 * A series' play count grows once per viewer and episode in 30 minutes: the signed-in account,
 * else the browser's device id (x-device-id), else the client address. Refreshing, replaying or
 * scripting plays from one viewer adds one; concurrent plays on two instances (PostgreSQL) too.
 * The console shows each series' unique viewers of the last 30 days.
 */
let t: TestApp;
let f: ReturnType<typeof walletFixtures>;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', LOG_LEVEL: 'warn' });
  f = walletFixtures(t);
});
afterAll(() => t.close());

/** A published series of tenant 000000 with `n` free episodes (playing needs no media files). */
async function newSeries(n = 2) {
  const slug = `plays-${++seq}-${randomUUID().slice(0, 8)}`;
  const [s] = await t.database.query<{ id: number }>(
    `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, created_at)
     values ('000000', $1, '{"en":"Plays"}', '{"en":""}', '/media/covers/t/plays/cover.jpg', '[]', 'romance', $2, now())
     returning id::int as id`,
    [slug, n],
  );
  const episodes: number[] = [];
  for (let number = 1; number <= n; number++) {
    const [e] = await t.database.query<{ id: number }>(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       values ($1, $2, 60, '/media/covers/t/plays/cover.jpg', $3, now()) returning id::int as id`,
      [s!.id, number, `hls/t/plays/${number}`],
    );
    episodes.push(e!.id);
  }
  return { id: s!.id, slug, episodes };
}

const playCount = async (seriesId: number) =>
  (
    await t.database.query<{ n: number }>('select play_count::int as n from series where id = $1', [seriesId])
  )[0]!.n;

/** Another instance on the same database, its clock at the main one's; closing it flushes its plays. */
async function instance(): Promise<TestApp> {
  const other = await buildTestApp({ DEMO_CONTENT: 'true', LOG_LEVEL: 'warn' }, { database: t.database });
  other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
  return other;
}

interface Viewer {
  ip: string;
  token?: string;
  device?: string;
}

async function play(app: TestApp, videoId: number, viewer: Viewer) {
  const res = await app.app.inject({
    method: 'POST',
    url: `/app-api/sv/play/${videoId}`,
    remoteAddress: viewer.ip,
    headers: {
      ...(viewer.token ? { authorization: `Bearer ${viewer.token}` } : {}),
      ...(viewer.device ? { [DEVICE_ID_HEADER]: viewer.device } : {}),
    },
  });
  return res.statusCode;
}

/** Plays on a fresh instance, then closed (its plays are added to their series): the count added. */
async function counted(seriesId: number, plays: (app: TestApp) => Promise<void>) {
  const before = await playCount(seriesId);
  const app = await instance();
  try {
    await plays(app);
  } finally {
    await app.close();
  }
  return (await playCount(seriesId)) - before;
}

let address = 0;
const newAddress = () => `10.66.${Math.floor(++address / 200)}.${address % 200}`;
const newDevice = () => randomUUID();

describe('play counts', () => {
  it('counts 320 plays of one episode from one guest address once', async () => {
    const s = await newSeries();
    const ip = newAddress();
    const statuses: number[] = [];
    const added = await counted(s.id, async (app) => {
      for (let i = 0; i < 320; i++) statuses.push(await play(app, s.episodes[0]!, { ip }));
    });
    // The address's limit still answers 429 past 300 a minute; what was signed counts once.
    expect(statuses.filter((code) => code === 200)).toHaveLength(300);
    expect(statuses.filter((code) => code === 429)).toHaveLength(20);
    expect(added).toBe(1);
  });

  it('counts each signed-in viewer once, on one address; and each episode apart', async () => {
    const s = await newSeries();
    const ip = newAddress();
    const [a, b] = [await f.user('000000'), await f.user('000000')];
    const added = await counted(s.id, async (app) => {
      for (let i = 0; i < 5; i++) {
        expect(await play(app, s.episodes[0]!, { ip, token: a.token })).toBe(200);
        expect(await play(app, s.episodes[0]!, { ip, token: b.token })).toBe(200);
      }
      // The same user on another device or address is still one viewer.
      expect(await play(app, s.episodes[0]!, { ip: newAddress(), token: a.token, device: newDevice() })).toBe(
        200,
      );
      // Another episode is another view.
      expect(await play(app, s.episodes[1]!, { ip, token: a.token })).toBe(200);
    });
    expect(added).toBe(3);
  });

  it('counts guests by device id, else by address; a malformed device id counts as the address', async () => {
    const s = await newSeries();
    const ip = newAddress();
    const [one, two] = [newDevice(), newDevice()];
    const added = await counted(s.id, async (app) => {
      for (let i = 0; i < 3; i++) {
        await play(app, s.episodes[0]!, { ip, device: one });
        await play(app, s.episodes[0]!, { ip, device: two });
        // No device id, or one off the contract's pattern: the address, one viewer.
        await play(app, s.episodes[0]!, { ip });
        await play(app, s.episodes[0]!, { ip, device: 'short' });
        await play(app, s.episodes[0]!, { ip, device: `${'x'.repeat(20)}/..` });
      }
    });
    expect(added).toBe(3);
  });

  it(`counts at most ${DEVICES_PER_ADDRESS} new device ids per address and episode in a window; more count as the address`, async () => {
    const s = await newSeries();
    const ip = newAddress();
    const added = await counted(s.id, async (app) => {
      // A script sending a new device id with every play.
      for (let i = 0; i < 40; i++)
        expect(await play(app, s.episodes[0]!, { ip, device: newDevice() })).toBe(200);
      // Another address's devices are its own.
      expect(await play(app, s.episodes[0]!, { ip: newAddress(), device: newDevice() })).toBe(200);
    });
    expect(added).toBe(DEVICES_PER_ADDRESS + 1 + 1);
  });

  it(`counts the same viewer again once ${PLAY_WINDOW_MINUTES} minutes have passed since the play that counted`, async () => {
    const s = await newSeries();
    const ip = newAddress();
    const device = newDevice();
    const user = await f.user('000000');
    const added = await counted(s.id, async (app) => {
      const all = async () => {
        await play(app, s.episodes[0]!, { ip });
        await play(app, s.episodes[0]!, { ip: newAddress(), device });
        await play(app, s.episodes[0]!, { ip, token: user.token });
      };
      await all(); // 3
      app.clock.advance((PLAY_WINDOW_MINUTES - 1) * 60_000);
      await all(); // within the window: nothing
      app.clock.advance(60_000);
      await all(); // 30 minutes after the plays that counted: 3 more
      app.clock.advance(10 * 60_000);
      await all(); // the new window runs from there: nothing
    });
    expect(added).toBe(6);
  });

  it('counts concurrent plays of one viewer on two instances once', async () => {
    const s = await newSeries();
    const a = await instance();
    // Its own pool on PostgreSQL (two processes' worth of connections); PGlite shares its one.
    const b = (await secondInstance(t, { DEMO_CONTENT: 'true', LOG_LEVEL: 'warn' })) ?? (await instance());
    const before = await playCount(s.id);
    const user = await f.user('000000');
    const guest: Viewer = { ip: newAddress() };
    const device: Viewer = { ip: newAddress(), device: newDevice() };
    try {
      for (const viewer of [guest, device, { ip: newAddress(), token: user.token }]) {
        const statuses = await Promise.all(
          Array.from({ length: 24 }, (_, i) => play(i % 2 === 0 ? a : b, s.episodes[0]!, viewer)),
        );
        expect(statuses.every((code) => code === 200)).toBe(true);
      }
      // Many devices of one address at once, on both instances: the address's places hold.
      const crowd = newAddress();
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          play(i % 2 === 0 ? a : b, s.episodes[1]!, { ip: crowd, device: newDevice() }),
        ),
      );
    } finally {
      await a.close();
      await b.close();
    }
    expect((await playCount(s.id)) - before).toBe(3 + DEVICES_PER_ADDRESS + 1);
  });

  it("shows the console each series' unique viewers of the last 30 days; the clean-up forgets older plays", async () => {
    const s = await newSeries();
    const ip = newAddress();
    const user = await f.user('000000');
    await counted(s.id, async (app) => {
      for (const episode of s.episodes) {
        await play(app, episode, { ip, token: user.token });
        await play(app, episode, { ip: newAddress(), device: newDevice() });
        await play(app, episode, { ip });
      }
    });
    const editor = await f.operator('content', ['000000']);
    const listed = async (token = editor) => {
      const res = await f.admin(consoleCalls.content.series, { token, query: { keyword: s.slug } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.list[0] as { playCount: number; viewers: number };
    };
    // Six plays counted (3 viewers × 2 episodes); 2 devices, an account and an address: 4 viewers.
    expect(await listed()).toMatchObject({ playCount: 6, viewers: 4 });
    const detail = await f.admin(consoleCalls.content.seriesDetail, {
      token: editor,
      query: { seriesId: s.id },
    });
    expect(detail.body.data.series).toMatchObject({ playCount: 6, viewers: 4 });

    t.clock.advance(31 * DAY_MS);
    const later = await f.operator('content', ['000000']);
    expect(await listed(later)).toMatchObject({ playCount: 6, viewers: 0 });
    const rows = async () =>
      Number(
        (
          await t.database.query<{ n: string }>(
            'select count(*)::text as n from play_view where series_id = $1',
            [s.id],
          )
        )[0]?.n,
      );
    expect(await rows()).toBe(6);
    await purgeExpired(t.database.db, t.clock);
    expect(await rows()).toBe(0);
  });
});
