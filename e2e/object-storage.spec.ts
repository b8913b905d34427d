import { expect, type Page, type Response, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { startSwiftS3, swiftInstalled, type SwiftS3 } from '../apps/server/src/test/swift-s3.js';
import { apiClient } from './client.js';
import { type RunningServer, startServer } from './server.js';

/**
 * The app on object storage (OpenStack Swift's S3 API on loopback, checking every signature), in
 * Chromium: a card holder's paid episode plays with its segments fetched from the store by
 * presigned GET, the instance answering only playlists; a guest is never given an address.
 */
let swift: SwiftS3 | undefined;
let server: RunningServer | undefined;
const started = () => {
  if (!swift || !server) throw new Error('not started');
  return { swift, server };
};

test.skip(!swiftInstalled(), 'Swift (Debian swift-proxy, memcached) is not installed');

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const store = await startSwiftS3();
  swift = store;
  await store.createBucket('ds-originals');
  await store.createBucket('ds-media');
  server = await startServer({
    // Development mode: the outbox gives the sign-up code, /test/openVipLevel the card.
    NODE_ENV: 'development',
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: store.endpoint,
    S3_REGION: store.region,
    S3_ACCESS_KEY_ID: store.accessKeyId,
    S3_SECRET_ACCESS_KEY: store.secretAccessKey,
    S3_ORIGINALS_BUCKET: 'ds-originals',
    S3_HLS_BUCKET: 'ds-media/hls-store',
    S3_PUBLIC_BUCKET: 'ds-media/public',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await swift?.stop();
});

/** A signed-up viewer holding a Star Card, by the API (the code from the development outbox). */
async function cardHolder(): Promise<string> {
  const { server } = started();
  const guest = apiClient(server.url);
  const email = `s3-viewer-${Date.now().toString(36)}@example.ph`;
  await guest.call(api.auth.sendEmailCode, { body: { email, isRegister: 1 } });
  const mails = (await (await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  const reg = await guest.call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: mails[0]!.code },
  });
  const card = await fetch(`${server.url}/app-api/test/openVipLevel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reg.access_token}` },
    body: JSON.stringify({ level: 1 }),
  });
  expect(card.status).toBe(200);
  return reg.access_token;
}

/** A series with a paid episode, and that episode. */
async function paidEpisode() {
  const { server } = started();
  const guest = apiClient(server.url);
  const all = await guest.call(api.video.allSeries, { body: { pageNum: 1, pageSize: 20 } });
  for (const series of all.list) {
    const detail = await guest.call(api.video.videos, { params: { seriesId: series.id } });
    const episode = detail.episodes.find((e) => e.locked);
    if (episode) return { seriesId: series.id, episode };
  }
  throw new Error('no series has a paid episode');
}

interface Seen {
  url: string;
  status: number;
  type: string;
  bytes: number;
}

/** Every response the page receives, with its body's size. */
function recordResponses(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('response', (response: Response) => {
    void (async () => {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      seen.push({
        url: response.url(),
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
        bytes: sizes?.responseBodySize ?? 0,
      });
    })();
  });
  return seen;
}

test('a card holder’s paid episode plays in Chromium from presigned segments; the instance serves only playlists', async ({
  page,
}) => {
  const { swift, server } = started();
  const token = await cardHolder();
  const { seriesId, episode } = await paidEpisode();
  await page.addInitScript((t) => localStorage.setItem('user_token', t), token);
  const seen = recordResponses(page);
  await page.goto(`${server.url}/#/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${episode.id}`);
  const video = page.getByTestId('details-video');
  await expect(video).toHaveAttribute('data-video-id', String(episode.id));
  // It plays into its second segment (2 s each): both came from the store.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(2.2);

  // fMP4 (CMAF): the init segment (the playlist's #EXT-X-MAP) and the media segments, all presigned.
  const inits = seen.filter((r) => /_init\.mp4(\?|$)/.test(r.url));
  const media = seen.filter((r) => /_\d{3}\.m4s(\?|$)/.test(r.url));
  expect(inits.length).toBeGreaterThanOrEqual(1);
  expect(media.length).toBeGreaterThanOrEqual(2);
  const segments = [...inits, ...media];
  for (const segment of segments) {
    expect(new URL(segment.url).origin).toBe(swift.endpoint);
    expect(segment.url).toMatch(/[?&]X-Amz-Signature=[0-9a-f]{64}/);
    expect(segment.status).toBe(200);
    expect(segment.type).toBe(inits.includes(segment) ? 'video/mp4' : 'video/iso.segment');
  }
  // From the instance: the playlists, never a segment's bytes.
  const stream = seen.filter((r) => r.url.startsWith(`${server.url}/stream/`));
  expect(stream.map((r) => new URL(r.url).pathname.split('/').pop())).toEqual(
    expect.arrayContaining(['master.m3u8']),
  );
  // Playlists, and the subtitle files (WebVTT, a few KB: served by the instance behind the same
  // signature, not yet presigned at the store).
  for (const r of stream) expect(r.url).toMatch(/\.(m3u8|vtt)$/);
  expect(seen.filter((r) => r.url.startsWith(server.url) && /video\//.test(r.type))).toEqual([]);
  const fromInstance = stream.reduce((sum, r) => sum + r.bytes, 0);
  const fromStore = segments.reduce((sum, r) => sum + r.bytes, 0);
  console.log(
    `playlists through the instance ${fromInstance} B, segments from the store ${fromStore} B (${((100 * fromInstance) / (fromInstance + fromStore)).toFixed(1)} % through the instance; a 4 s demo episode)`,
  );
});

test('a guest opening the paid episode gets the unlock prompt, and no playlist or segment address', async ({
  page,
}) => {
  const { swift, server } = started();
  const { seriesId, episode } = await paidEpisode();
  const seen = recordResponses(page);
  await page.goto(`${server.url}/#/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${episode.id}`);
  await expect(page.getByTestId('unlock-prompt')).toBeVisible();
  await expect(page.getByTestId('unlock-prompt')).toHaveAttribute('data-number', String(episode.number));
  expect(seen.filter((r) => r.url.includes('/stream/') || r.url.startsWith(swift.endpoint))).toEqual([]);
});
