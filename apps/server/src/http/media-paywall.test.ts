import { api } from '@dramastar/contract';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/client.js';
import { buildTestApp, type TestApp } from '../test/helper.js';

/**
 * Paid episodes never leave the server without a signed /stream address, whatever the spelling
 * of the path: a corpus of traversals (dot segments, encoded, double-encoded, backslashes, mixed
 * case, doubled slashes, NUL) against /media and /stream, on a media directory laid out as older
 * versions wrote it (episodes straight under MEDIA_DIR, beside the covers), which start-up moves.
 */
const SECRET = 'PAID-EPISODE-BYTES-7f3a';
const UPLOAD = 'UPLOADED-SOURCE-BYTES-7f3a';
const media = mkdtempSync(join(tmpdir(), 'ds-paywall-'));
const files: Record<string, string> = {
  'hls/t/paid/1/index.m3u8': '#EXTM3U\n#FREE-EPISODE\nseg_000.ts\n',
  'hls/t/paid/1/seg_000.ts': 'FREE-SEGMENT',
  'hls/t/paid/2/index.m3u8': `#EXTM3U\n#${SECRET}\nseg_000.ts\n`,
  'hls/t/paid/2/seg_000.ts': SECRET,
  'uploads/abc/source': UPLOAD,
  'covers/t/paid/cover.jpg': 'COVER',
};

let t: TestApp;
let signed: string;

beforeAll(async () => {
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(media, path)), { recursive: true });
    writeFileSync(join(media, path), body);
  }
  t = await buildTestApp({ MEDIA_DIR: media, LOG_LEVEL: 'warn' });
  const [s] = await t.database.query<{ id: number }>(
    `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, created_at)
     values ('000000', 'paid', '{"en":"Paid"}', '{"en":""}', '/media/covers/t/paid/cover.jpg', '[]', 'romance', 1, now())
     returning id`,
  );
  for (const n of [1, 2])
    await t.database.query(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       values ($1, $2, 4, '/media/covers/t/paid/cover.jpg', $3, now())`,
      [s!.id, n, `hls/t/paid/${n}`],
    );
  const [first] = await t.database.query<{ id: number }>(
    'select id from episode where series_id = $1 and number = 1',
    [s!.id],
  );
  // A guest's signed address of the free episode 1: the base every /stream attempt starts from.
  const play = await caller(t.app)(api.video.play, { params: { videoId: first!.id } });
  expect(play.status).toBe(200);
  signed = play.body.data.playlistUrl.replace(/\/index\.m3u8$/, '');
});
afterAll(() => t.close());

/** Every way of writing `target` (a path under MEDIA_DIR's old layout) behind `prefix`. */
function spellings(prefix: string, target: string): string[] {
  const upper = target.replace('hls', 'HLS').replace('uploads', 'Uploads');
  const enc = (s: string) => s.replace(/\//g, '%2f');
  return [
    `${prefix}/${target}`,
    `${prefix}/./${target}`,
    `${prefix}/x/../${target}`,
    `${prefix}/%2e/${target}`,
    `${prefix}/%2E/${target}`,
    `${prefix}/x/%2e%2e/${target}`,
    `${prefix}/x/%2E%2E/${target}`,
    `${prefix}/%252e/${target}`,
    `${prefix}/x/%252e%252e/${target}`,
    `${prefix}//${target}`,
    `${prefix}///${target.replace(/\//g, '//')}`,
    `${prefix}/.%2f${target}`,
    `${prefix}/${enc(target)}`,
    `${prefix}/x%2f..%2f${enc(target)}`,
    `${prefix}/x%5c..%5c${target.replace(/\//g, '%5c')}`,
    `${prefix}/x\\..\\${target.replace(/\//g, '\\')}`,
    `${prefix}/${upper}`,
    `${prefix}/${target}%00`,
    `${prefix}/${target}%00.jpg`,
    `${prefix}/covers/%00/../../${target}`,
    `${prefix}/../private/${target}`,
    `${prefix}/%2e%2e/private/${target}`,
    `${prefix}/..%2fprivate%2f${enc(target)}`,
    `${prefix}/public/../private/${target}`,
    `${prefix}/covers/../../private/${target}`,
    `${prefix}/covers/%2e%2e/%2e%2e/private/${target}`,
    `${prefix}/covers/%252e%252e/%252e%252e/private/${target}`,
    `${prefix}/private/${target}`,
    `${prefix}/%70rivate/${target}`,
  ];
}

const PAID_TARGETS = ['hls/t/paid/2/index.m3u8', 'hls/t/paid/2/seg_000.ts', 'uploads/abc/source'];

async function leaks(urls: string[]): Promise<string[]> {
  const leaked: string[] = [];
  for (const url of urls) {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url, headers: { range: 'bytes=0-' } });
      expect(res.statusCode, `${method} ${url}`).not.toBe(500);
      if (res.body.includes(SECRET) || res.body.includes(UPLOAD)) leaked.push(`${method} ${url}`);
      // A HEAD that finds the file says so with its length; no paid file may even be found.
      if (method === 'HEAD' && res.statusCode < 300 && url.includes('paid/2'))
        leaked.push(`${method} ${url}`);
    }
  }
  return leaked;
}

describe('episode media', () => {
  it('moved out of the public media root at start; public covers are still served', async () => {
    expect(existsSync(join(media, 'private/hls/t/paid/2/index.m3u8'))).toBe(true);
    expect(existsSync(join(media, 'public/covers/t/paid/cover.jpg'))).toBe(true);
    expect(existsSync(join(media, 'hls'))).toBe(false);
    const cover = await t.app.inject({ method: 'GET', url: '/media/covers/t/paid/cover.jpg' });
    expect(cover.statusCode).toBe(200);
    expect(cover.body).toBe('COVER');
  });

  it('plays the free episode through its signed address (the corpus below is not refused for nothing)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${signed}/index.m3u8` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('#FREE-EPISODE');
  });

  it('is never served by /media, however the path is written', async () => {
    const urls = PAID_TARGETS.flatMap((target) => spellings('/media', target));
    expect(await leaks(urls)).toEqual([]);
  });

  it('is bound to the viewer it was signed for: another viewer id in the address is refused', async () => {
    const [, , id, viewer, expires, signature] = signed.split('/');
    expect(viewer).toBe('0'); // a guest
    for (const other of ['1', '00', '18446744073709551616']) {
      const url = `/stream/${id}/${other}/${expires}/${signature}/index.m3u8`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeGreaterThanOrEqual(403);
    }
  });

  it('is never served by /stream beyond the signed episode, however the path is written', async () => {
    const [, , id, viewer, expires, signature] = signed.split('/');
    const otherEpisode = String(Number(id) + 1);
    const urls = [
      // From the free episode's signed address towards the paid one's files.
      ...['2/index.m3u8', '2/seg_000.ts'].flatMap((target) => spellings(`${signed}/..`, target)),
      ...spellings(signed, '../2/index.m3u8'),
      ...spellings(signed, '../../../../../private/hls/t/paid/2/index.m3u8'),
      // The free episode's signature on the paid episode's id, in every spelling of the id.
      ...[
        otherEpisode,
        `0${otherEpisode}`,
        `${otherEpisode}.0`,
        `+${otherEpisode}`,
        `%3${otherEpisode}`,
      ].flatMap((other) => [
        `/stream/${other}/${viewer}/${expires}/${signature}/index.m3u8`,
        `/stream/${other}/${viewer}/${expires}/${signature!.toUpperCase()}/seg_000.ts`,
      ]),
      // Straight at the files.
      ...PAID_TARGETS.flatMap((target) => spellings('/stream', target)),
      ...PAID_TARGETS.flatMap((target) =>
        spellings(`/stream/${otherEpisode}/${viewer}/${expires}/${signature}`, target),
      ),
    ];
    expect(await leaks(urls)).toEqual([]);
  });
});
