import { api } from '@dramastar/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from '../../media/storage.js';
import { parseSubtitles } from '../../media/subtitles.js';
import { caller } from '../../test/client.js';
import { buildTestApp, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';
import { subtitleTrackStore } from './subtitle-tracks.js';
import { STREAM_TTL_SECONDS } from './stream-signer.js';

/**
 * Subtitles are as protected as the playlist: the play answer lists an episode's tracks behind
 * the same signed /stream prefix (episode, viewer, expiry), and /stream serves only that
 * episode's own tracks, as WebVTT, cacheable privately until the address expires.
 */
const media = mkdtempSync(join(tmpdir(), 'ds-subs-'));
let t: TestApp;
let call: ReturnType<typeof caller>;
const passHolders = new Set<string>();
const ids = { free: 0, paid: 0, other: 0 };
let n = 0;

const VI = '1\n00:00:01,000 --> 00:00:02,000\nXin chào\n';
const EN = 'WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n';
const TH = '1\n00:00:01,000 --> 00:00:02,000\nสวัสดี\n';

async function episode(tenantId: string, slug: string, numbers: number[]): Promise<number[]> {
  const [s] = await t.database.query<{ id: number }>(
    `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, created_at)
     values ($1, $2, '{"en":"S"}', '{"en":""}', '/media/covers/x.jpg', '[]', 'romance', 1, now()) returning id`,
    [tenantId, slug],
  );
  const made: number[] = [];
  for (const number of numbers) {
    const [e] = await t.database.query<{ id: number }>(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       values ($1, $2, 4, '/media/covers/x.jpg', $3, now()) returning id`,
      [s!.id, number, `hls/${slug}/${number}`],
    );
    made.push(e!.id);
  }
  return made;
}

async function track(tenantId: string, episodeId: number, language: string, label: string, text: string) {
  const store = subtitleTrackStore({ storage: localDiskStorage(media), clock: t.clock });
  const parsed = parseSubtitles(text);
  const storageKey = await store.putFile(tenantId, episodeId, language, parsed);
  await t.database.query(
    `insert into subtitle_track (tenant_id, episode_id, language, label, storage_key, bytes, cue_count, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [tenantId, episodeId, language, label, storageKey, parsed.bytes, parsed.cues.length],
  );
  return parsed;
}

async function user(): Promise<{ token: string; userId: string }> {
  const captcha = (await call(api.auth.captcha)).body.data;
  const res = await call(api.auth.registerByName, {
    body: {
      userName: `subs_viewer_${++n}`,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
      tenantId: '000000',
    },
    ip: `10.6.0.${n}`,
  });
  const token = res.body.data.access_token;
  return { token, userId: (await call(api.user.info, { token })).body.data.userId };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await buildTestApp(
    { MEDIA_DIR: media, LOG_LEVEL: 'warn' },
    { entitlements: { hasViewingPass: async (v) => passHolders.has(String(v.userId)) } },
  );
  call = caller(t.app);
  const [free, paid] = await episode('000000', 'subs', [1, 2]);
  ids.free = free!;
  ids.paid = paid!;
  await t.database.query(
    `insert into tenant (id, name, currency, default_language, time_zone, invite_url)
     values ('000001', 'Other', 'PHP', 'en', 'UTC', 'http://x') on conflict do nothing`,
  );
  ids.other = (await episode('000001', 'subs-other', [1]))[0]!;
  await track('000000', ids.free, 'vi', 'Tiếng Việt', VI);
  await track('000000', ids.free, 'en', 'English', EN);
  await track('000000', ids.paid, 'vi', 'Tiếng Việt', VI);
  await track('000000', ids.paid, 'th', 'ไทย', TH);
  await track('000001', ids.other, 'id', 'Bahasa Indonesia', '1\n00:00:01,000 --> 00:00:02,000\nHalo\n');
});
afterAll(() => t.close());

describe('the play answer', () => {
  it("lists the episode's tracks behind the playlist's signed prefix, and each serves its WebVTT", async () => {
    const play = await call(api.video.play, { params: { videoId: ids.free } });
    expect(play.status).toBe(200);
    const { playlistUrl, subtitles } = play.body.data as {
      playlistUrl: string;
      subtitles: { language: string; label: string; url: string }[];
    };
    const prefix = playlistUrl.slice(0, playlistUrl.lastIndexOf('/'));
    expect(subtitles).toEqual([
      { language: 'en', label: 'English', url: `${prefix}/sub_en.vtt` },
      { language: 'vi', label: 'Tiếng Việt', url: `${prefix}/sub_vi.vtt` },
    ]);
    const res = await get(subtitles[1]!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['cache-control']).toBe(`private, max-age=${STREAM_TTL_SECONDS}`);
    expect(res.body).toBe(parseSubtitles(VI).vtt);
    // Cacheable only until the address expires.
    t.clock.advance(10 * 60 * 1000);
    const later = await get(subtitles[0]!.url);
    expect(later.headers['cache-control']).toBe(`private, max-age=${STREAM_TTL_SECONDS - 600}`);
    expect(later.body).toContain('Hello');
  });

  it("another tenant's episode is not played here, so its tracks are never listed", async () => {
    const play = await call(api.video.play, { params: { videoId: ids.other } });
    expect(play.status).toBe(404);
    expect(JSON.stringify(play.body)).not.toContain('.vtt');
  });

  it('a guest never gets a subtitle address of a paid episode: the play call is refused', async () => {
    const play = await call(api.video.play, { params: { videoId: ids.paid } });
    expect(play.status).toBe(409);
    expect(play.body.errorKey).toBe('EpisodeLocked');
    expect(JSON.stringify(play.body)).not.toContain('.vtt');
    // Nor a signed-in viewer without a pass.
    const { token } = await user();
    const locked = await call(api.video.play, { params: { videoId: ids.paid }, token });
    expect(locked.status).toBe(409);
    expect(JSON.stringify(locked.body)).not.toContain('.vtt');
  });

  it("a viewer with a pass gets the paid episode's tracks, bound to that viewer", async () => {
    const { token, userId } = await user();
    passHolders.add(userId);
    const play = await call(api.video.play, { params: { videoId: ids.paid }, token });
    expect(play.status).toBe(200);
    const subs = play.body.data.subtitles as { language: string; url: string }[];
    expect(subs.map((s) => s.language)).toEqual(['th', 'vi']);
    expect(subs[0]!.url).toMatch(
      new RegExp(`^/stream/${ids.paid}/${userId}/\\d+/[0-9a-f]{32}/sub_th\\.vtt$`),
    );
    expect((await get(subs[0]!.url)).body).toContain('สวัสดี');
    // Rewritten to another viewer (a guest, 0): the signature no longer matches.
    const [, , id, , expires, signature, file] = subs[0]!.url.split('/');
    const res = await get(`/stream/${id}/0/${expires}/${signature}/${file}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('สวัสดี');
  });
});

describe('a subtitle address', () => {
  const signedOf = async () =>
    (
      (await call(api.video.play, { params: { videoId: ids.free } })).body.data.subtitles as { url: string }[]
    )[0]!.url;

  it('tampered is 403', async () => {
    const url = await signedOf();
    const parts = url.split('/');
    const sig = parts[5]!;
    parts[5] = `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`;
    const res = await get(parts.join('/'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('Forbidden');
    // A later expiry with the old signature: also refused.
    const later = url.split('/');
    later[4] = String(Number(later[4]) + 3600);
    expect((await get(later.join('/'))).statusCode).toBe(403);
  });

  it('expired is 403 StreamExpired', async () => {
    const url = await signedOf();
    t.clock.advance((STREAM_TTL_SECONDS + 1) * 1000);
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('StreamExpired');
  });

  it("reaches only the signed episode's own tracks: another episode's or tenant's is refused", async () => {
    const url = await signedOf();
    // The free episode's signed prefix with a language only the paid episode has: not found.
    const th = url.replace(/sub_\w+\.vtt$/, 'sub_th.vtt');
    expect((await get(th)).statusCode).toBe(404);
    // The same prefix with another episode's id (this tenant's paid one, another tenant's): 403.
    for (const other of [ids.paid, ids.other]) {
      const parts = url.split('/');
      parts[2] = String(other);
      const res = await get(parts.join('/'));
      expect(res.statusCode).toBe(403);
    }
    // Names that are not a track's file, or a path, never reach the store.
    for (const bad of ['sub_.vtt', 'sub_VI.vtt', 'sub_vi.srt', 'sub_vi.vtt%2f..%2fx', '..%2fsub_vi.vtt'])
      expect((await get(url.replace(/sub_\w+\.vtt$/, bad))).statusCode).toBe(404);
  });
});
