import { adminContentApi, api, chatCalls } from '@dramastar/contract';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../clock.js';
import { FFMPEG, run } from '../../../media/ffmpeg.js';
import { s3Storage } from '../../../media/storage-s3.js';
import { ChatTestClient, listenLocal } from '../../../test/chat-client.js';
import { caller, unchecked } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { skipWithoutSwift, startSwiftS3, type SwiftS3 } from '../../../test/swift-s3.js';
import { walletFixtures } from '../../../test/wallet-fixtures.js';
import { purgeUnsentChatImages } from '../../chat/chat-images.js';
import { createTranscodeWorker } from './transcode.worker.js';

/**
 * Two instances with no shared disk (each its own MEDIA_DIR), media in an S3-compatible store
 * (OpenStack Swift's s3api on loopback, checking signatures): upload through one, transcode on
 * the other, play through either, paid episodes still behind the entitlement check.
 */
let swift: SwiftS3;
let a: TestApp;
let b: TestApp;
const dirA = mkdtempSync(join(tmpdir(), 'ds-s3-a-'));
const dirB = mkdtempSync(join(tmpdir(), 'ds-s3-b-'));
let video: Buffer;
let f: ReturnType<typeof walletFixtures>;
/** The store settings every instance shares (the endpoint and keys come from Swift once started). */
const storeEnv: Record<string, string> = {
  MEDIA_STORAGE: 's3',
  S3_REGION: 'us-east-1',
  S3_ORIGINALS_BUCKET: 'ds-originals',
  S3_HLS_BUCKET: 'ds-media/hls-store',
  S3_PUBLIC_BUCKET: 'ds-media/public',
  S3_ACCESS_KEY_ID: 'test:tester',
  S3_SECRET_ACCESS_KEY: 'unused',
  LOG_LEVEL: 'warn',
};
let editor: string;
const skip = skipWithoutSwift('Object-storage tests');

async function upload(t: TestApp, token: string, seriesId: number, file: Buffer) {
  const boundary = '----dramastar-s3-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="episode.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin-api/content/episodes/upload?seriesId=${seriesId}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
const data = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** Every file under a directory (none when it does not exist). */
const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

beforeAll(async () => {
  if (skip) return;
  const file = join(dirA, 'source.mp4');
  [swift] = await Promise.all([
    startSwiftS3(),
    run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i'],
      'testsrc2=size=240x320:rate=15:duration=2',
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
    ]),
  ]);
  video = readFileSync(file);
  await swift.createBucket('ds-originals');
  await swift.createBucket('ds-media');
  const env = {
    ...storeEnv,
    S3_ENDPOINT: swift.endpoint,
    S3_ACCESS_KEY_ID: swift.accessKeyId,
    S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    S3_PUBLIC_BASE_URL: 'https://cdn.example.com/media',
  };
  a = await buildTestApp({ ...env, MEDIA_DIR: join(dirA, 'media') });
  b = await buildTestApp({ ...env, MEDIA_DIR: join(dirB, 'media') }, { database: a.database });
  b.clock.advance(a.clock.now().getTime() - b.clock.now().getTime());
  f = walletFixtures(a);
  editor = await f.operator('content', ['000000']);
});
afterAll(async () => {
  if (skip) return;
  await b.close();
  await a.close();
  await swift.stop();
});

describe.skipIf(skip)('media on object storage, two instances, no shared disk', () => {
  it('uploads through one instance, transcodes on the other, plays through either behind the paywall', async () => {
    const admin = caller(a.app, '/admin-api');
    const series = data(
      await admin(adminContentApi.createSeries, {
        token: editor,
        body: { tenantId: '000000', title: { en: 'Bucket Love' }, category: 'romance', freeEpisodes: 0 },
      }),
    );
    const job = data(await upload(a, editor, series.id, video));
    // The original is in the originals bucket, not on instance A's disk.
    expect(filesUnder(join(dirA, 'media'))).toEqual([]);
    const storeB = s3Storage(b.config.s3!);
    const [row] = await a.database.query<{ source_key: string }>(
      'select source_key from transcode_job where id = $1',
      [job.id],
    );
    expect(storeB.locate(row!.source_key).bucket).toBe('ds-originals');
    expect(await storeB.exists(row!.source_key)).toBe(true);

    // Instance B's worker takes it: it downloads the original, encodes, uploads HLS and poster.
    const worker = createTranscodeWorker({
      db: b.database.db,
      clock: b.clock,
      storage: storeB,
      log: b.app.log,
    });
    expect(await worker.runOnce()).toBe('done');
    expect(await storeB.exists(row!.source_key)).toBe(false);
    expect(filesUnder(join(dirB, 'media'))).toEqual([]);
    const [episode] = await a.database.query<{ id: number; hls_key: string; poster: string }>(
      'select id, hls_key, poster from episode where series_id = $1',
      [series.id],
    );
    expect(storeB.locate(`${episode!.hls_key}/240p.m3u8`)).toEqual({
      bucket: 'ds-media',
      objectKey: `hls-store/${episode!.hls_key}/240p.m3u8`,
    });
    data(
      await admin(adminContentApi.setSeriesStatus, {
        token: editor,
        body: { id: series.id, status: 'published' },
      }),
    );

    // Public images: /media redirects to the public base URL (the CDN), on both instances.
    for (const t of [a, b]) {
      const poster = await t.app.inject({ method: 'GET', url: episode!.poster });
      expect(poster.statusCode).toBe(302);
      expect(poster.headers.location).toBe(
        `https://cdn.example.com/media/${episode!.poster.slice('/media/'.length)}`,
      );
    }
    // A guest's details page asks /poster/<series> first: one redirect, straight to the CDN.
    const first = await a.app.inject({ method: 'GET', url: `/poster/${series.id}` });
    expect([first.statusCode, first.headers.location]).toEqual([
      302,
      `https://cdn.example.com/media/${episode!.poster.slice('/media/'.length)}`,
    ]);
    // …and the poster really is in the public place of the store.
    expect(await storeB.exists(episode!.poster.slice('/media/'.length))).toBe(true);
    // An avatar uploaded through A is in the store too, and B sends browsers to it on the CDN.
    const fan = await f.user();
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const avatar = data(
      await caller(a.app)(api.user.uploadAvatar, { token: fan.token, body: { image: png } }),
    ).avatar as string;
    expect(await storeB.exists(avatar.slice('/media/'.length))).toBe(true);
    const seen = await b.app.inject({ method: 'GET', url: avatar });
    expect([seen.statusCode, seen.headers.location]).toEqual([
      302,
      `https://cdn.example.com/media/${avatar.slice('/media/'.length)}`,
    ]);

    // Paid (no free episodes): a guest and a viewer without a card get no address.
    const plain = await f.user();
    for (const token of [undefined, plain.token]) {
      const refused = await caller(a.app)(api.video.play, {
        params: { videoId: episode!.id },
        ...(token ? { token } : {}),
        query: unchecked({ tenantId: '000000' }),
      });
      expect(refused.body).not.toHaveProperty('data.playlistUrl');
    }
    // Presigned addresses are checked by the store against its own clock: the instances' clocks
    // are set to the real time for this part.
    const testTime = a.clock.now();
    for (const t of [a, b]) t.clock.set(new Date());
    try {
      // A viewer with a card: the playlists come from either instance (an address signed by
      // either), the segments straight from the store by presigned GET.
      const holder = await f.user();
      data(await caller(a.app)(api.test.openVipLevel, { token: holder.token, body: { level: 1 } }));
      let segmentUrl = '';
      for (const signer of [a, b]) {
        const play = data(
          await caller(signer.app)(api.video.play, {
            params: { videoId: episode!.id },
            token: holder.token,
            query: unchecked({ tenantId: '000000' }),
          }),
        );
        expect(play.playlistUrl).toMatch(/\/master\.m3u8$/);
        for (const server of [a, b]) {
          const master = await server.app.inject({ method: 'GET', url: play.playlistUrl });
          expect(master.statusCode).toBe(200);
          expect(master.headers['content-type']).toContain('mpegurl');
          expect(master.body).toMatch(/RESOLUTION=240x320,[^\n]*\n240p\.m3u8/);
          const rung = await server.app.inject({
            method: 'GET',
            url: play.playlistUrl.replace('master.m3u8', '240p.m3u8'),
          });
          expect(rung.statusCode).toBe(200);
          // Every segment line is an address at the store, signed (SigV4) for that object.
          const lines = rung.body.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
          expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) {
            expect(new URL(line).origin).toBe(swift.endpoint);
            expect(line).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
          }
          segmentUrl = lines[0]!;
          expect(segmentUrl).toContain(`/ds-media/hls-store/${episode!.hls_key}/240p_000.m4s?`);
          const segment = await fetch(segmentUrl);
          expect(segment.status).toBe(200);
          expect(segment.headers.get('content-type')).toBe('video/iso.segment');
          expect(segment.headers.get('cache-control')).toBe('max-age=86400');
          const bytes = Buffer.from(await segment.arrayBuffer());
          // An fMP4 media segment: its first box is a segment type or a movie fragment.
          expect(['styp', 'moof']).toContain(bytes.subarray(4, 8).toString('latin1'));
          // Players seek with ranges: the store answers them.
          const range = await fetch(segmentUrl, { headers: { range: 'bytes=188-375' } });
          expect(range.status).toBe(206);
          expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(188, 376));
          // A segment asked through /stream is sent to the store, never read by the instance.
          const asked = await server.app.inject({
            method: 'GET',
            url: play.playlistUrl.replace('master.m3u8', '240p_000.m4s'),
          });
          expect(asked.statusCode).toBe(302);
          expect(asked.headers.location).toMatch(
            new RegExp(`^${swift.endpoint}/ds-media/hls-store/.*X-Amz-Signature=`),
          );
          // The playlist's signature still binds the address: one digit changed is refused first.
          const sig = /\/([0-9a-f]{32})\/master\.m3u8$/.exec(play.playlistUrl)![1]!;
          const forged = play.playlistUrl.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
          for (const file of ['master.m3u8', '240p.m3u8', '240p_init.mp4', '240p_000.m4s'])
            expect(
              (await server.app.inject({ method: 'GET', url: forged.replace('master.m3u8', file) }))
                .statusCode,
            ).toBe(403);
        }
      }
      // The store checks every address: tampered or for another object, 403.
      const signature = /X-Amz-Signature=([0-9a-f]+)/.exec(segmentUrl)![1]!;
      const flipped = segmentUrl.replace(signature, (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
      expect((await fetch(flipped)).status).toBe(403);
      expect((await fetch(segmentUrl.replace('240p_000.m4s', '240p.m3u8'))).status).toBe(403);
      // Unsigned, the bucket is private (Swift takes it for a request of its own API: 400; S3: 403).
      const anonymous = await fetch(segmentUrl.split('?')[0]!);
      expect([400, 403]).toContain(anonymous.status);
      // Signed an hour ago, it has expired (addresses live 10–15 minutes): 403.
      const old = data(
        await caller(a.app)(api.video.play, {
          params: { videoId: episode!.id },
          token: holder.token,
          query: unchecked({ tenantId: '000000' }),
        }),
      );
      a.clock.advance(-3_600_000);
      const oldRung = await a.app.inject({
        method: 'GET',
        url: old.playlistUrl.replace('master.m3u8', '240p.m3u8'),
      });
      a.clock.advance(3_600_000);
      const expired = oldRung.body.split('\n').find((l) => l.startsWith('http'))!;
      expect(expired).not.toBe(segmentUrl);
      expect((await fetch(expired)).status).toBe(403);
      // A guest is never given an address of the paid episode: no /stream address, so no playlist
      // and no segment address either.
      const guest = await caller(a.app)(api.video.play, {
        params: { videoId: episode!.id },
        query: unchecked({ tenantId: '000000' }),
      });
      expect([guest.status, guest.body.errorKey]).toEqual([409, 'EpisodeLocked']);
      expect(guest.body).not.toHaveProperty('data.playlistUrl');

      // A store that cannot be reached: a rung's playlist answers a retryable 503, never 500 (and
      // still 403 first when forged); the master playlist is made from the row.
      const down = await buildTestApp(
        { ...storeEnv, S3_ENDPOINT: 'http://127.0.0.1:1', MEDIA_DIR: join(dirB, 'down') },
        { database: a.database },
      );
      try {
        down.clock.set(a.clock.now());
        const play = data(
          await caller(down.app)(api.video.play, {
            params: { videoId: episode!.id },
            token: holder.token,
            query: unchecked({ tenantId: '000000' }),
          }),
        );
        expect((await down.app.inject({ method: 'GET', url: play.playlistUrl })).statusCode).toBe(200);
        const unreachable = await down.app.inject({
          method: 'GET',
          url: play.playlistUrl.replace('master.m3u8', '240p.m3u8'),
        });
        expect(unreachable.statusCode).toBe(503);
      } finally {
        await down.close();
      }
    } finally {
      for (const t of [a, b]) t.clock.set(testTime);
    }
  });

  it('streams segments through the instances with MEDIA_SEGMENTS=instance, ranges included', async () => {
    const through = await buildTestApp(
      {
        ...storeEnv,
        S3_ENDPOINT: swift.endpoint,
        S3_ACCESS_KEY_ID: swift.accessKeyId,
        S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
        MEDIA_SEGMENTS: 'instance',
        MEDIA_DIR: join(dirB, 'through'),
      },
      { database: a.database },
    );
    try {
      through.clock.set(a.clock.now());
      const [episode] = await a.database.query<{ id: number }>(
        `select e.id from episode e join series s on s.id = e.series_id where s.title->>'en' = 'Bucket Love'`,
      );
      const holder = await f.user();
      data(await caller(a.app)(api.test.openVipLevel, { token: holder.token, body: { level: 1 } }));
      const play = data(
        await caller(through.app)(api.video.play, {
          params: { videoId: episode!.id },
          token: holder.token,
          query: unchecked({ tenantId: '000000' }),
        }),
      );
      const rung = await through.app.inject({
        method: 'GET',
        url: play.playlistUrl.replace('master.m3u8', '240p.m3u8'),
      });
      expect(rung.body).toMatch(/\n240p_000\.m4s\n/);
      const segmentUrl = play.playlistUrl.replace('master.m3u8', '240p_000.m4s');
      const segment = await through.app.inject({ method: 'GET', url: segmentUrl });
      expect([
        segment.statusCode,
        segment.headers['content-type'],
        segment.rawPayload.subarray(4, 8).toString('latin1'),
      ]).toEqual([200, 'video/iso.segment', expect.stringMatching(/^(styp|moof)$/)]);
      const range = await through.app.inject({
        method: 'GET',
        url: segmentUrl,
        headers: { range: 'bytes=188-375' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload).toEqual(segment.rawPayload.subarray(188, 376));
      const past = await through.app.inject({
        method: 'GET',
        url: segmentUrl,
        headers: { range: `bytes=${segment.rawPayload.length + 1000}-` },
      });
      expect(past.json()).toMatchObject({ code: 416, errorKey: 'RangeNotSatisfiable' });
    } finally {
      await through.close();
    }
  });

  it('takes a console upload by presigned PUT straight into the store, with type and size signed', async () => {
    const admin = caller(a.app, '/admin-api');
    const series = data(
      await admin(adminContentApi.createSeries, {
        token: editor,
        body: { tenantId: '000000', title: { en: 'Direct Upload' }, category: 'romance' },
      }),
    );
    const ticketFor = (size: number, contentType = 'video/mp4') =>
      admin(adminContentApi.uploadUrl, {
        token: editor,
        body: unchecked({ seriesId: series.id, contentType, size }),
      });
    // Over the limit, or not a video type: refused before any address is signed, naming the field.
    const tooBig = await ticketFor(a.config.videoUploadMaxBytes + 1);
    expect(tooBig.status).toBe(413);
    expect(JSON.stringify(tooBig.body)).toContain('size');
    expect((await ticketFor(video.length, 'text/plain')).status).toBe(400);

    const ticket = data(await ticketFor(video.length));
    expect(ticket).toMatchObject({ direct: true });
    expect(ticket.key).toMatch(/^uploads\/[0-9a-f]{32}\/source$/);
    // Another type or length than signed is refused by the store itself.
    const wrongType = await fetch(ticket.url, {
      method: 'PUT',
      body: video,
      headers: { 'content-type': 'video/webm' },
    });
    expect(wrongType.status).toBe(403);
    // Done before the PUT: nothing there, refused.
    const early = await admin(adminContentApi.uploadDone, {
      token: editor,
      body: { seriesId: series.id, key: ticket.key },
    });
    expect(early.status).toBe(400);
    const put = await fetch(ticket.url, {
      method: 'PUT',
      body: video,
      headers: { 'content-type': 'video/mp4' },
    });
    expect(put.status).toBe(200);
    const job = data(
      await admin(adminContentApi.uploadDone, {
        token: editor,
        body: { seriesId: series.id, key: ticket.key },
      }),
    );
    expect(job).toMatchObject({ status: 'queued', seriesId: series.id });
    // The same original cannot queue a second job.
    const again = await admin(adminContentApi.uploadDone, {
      token: editor,
      body: { seriesId: series.id, key: ticket.key },
    });
    expect(again.status).toBe(400);
    const storeB = s3Storage(b.config.s3!);
    const worker = createTranscodeWorker({
      db: b.database.db,
      clock: b.clock,
      storage: storeB,
      log: b.app.log,
    });
    expect(await worker.runOnce()).toBe('done');
    const [episode] = await a.database.query<{ hls_key: string }>(
      'select hls_key from episode where series_id = $1',
      [series.id],
    );
    expect(await storeB.exists(`${episode!.hls_key}/240p.m3u8`)).toBe(true);

    // Bytes that are not a video, PUT through a valid address: refused, and removed from the store.
    const text = Buffer.from('not a video at all, just text');
    const bad = data(await ticketFor(text.length));
    expect(
      (await fetch(bad.url, { method: 'PUT', body: text, headers: { 'content-type': 'video/mp4' } })).status,
    ).toBe(200);
    const refused = await admin(adminContentApi.uploadDone, {
      token: editor,
      body: { seriesId: series.id, key: bad.key },
    });
    expect(refused.status).toBe(400);
    expect(await storeB.exists(bad.key)).toBe(false);
  });

  it('keeps chat pictures in the store: uploaded through one instance, sent and shown through the other, unsent ones purged', async () => {
    const user = await f.user();
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const upload = () => caller(a.app)(chatCalls.upload, { token: user.token, body: { image: png } });
    const sent = data(await upload());
    const unsent = data(await upload());
    const storeB = s3Storage(b.config.s3!);
    expect(storeB.locate(sent.imageKey)).toEqual({
      bucket: 'ds-media',
      objectKey: `public/${sent.imageKey}`,
    });
    expect(await storeB.exists(sent.imageKey)).toBe(true);
    expect(filesUnder(join(dirA, 'media'))).toEqual([]);

    // Sent through instance B, which has never seen the file on its own disk.
    const { client: socket } = await ChatTestClient.connect(
      `${await listenLocal(b.app)}/app-api/chat/ws`,
      user.token,
    );
    try {
      socket.send({ type: 'send', clientId: crypto.randomUUID(), kind: 'image', imageKey: sent.imageKey });
      expect((await socket.next('ack')).message).toMatchObject({ kind: 'image', imageUrl: sent.url });
      // A key that is not in the store is refused, on B as on A.
      socket.send({
        type: 'send',
        clientId: crypto.randomUUID(),
        kind: 'image',
        imageKey: sent.imageKey.replace(/[a-f0-9]{32}/, 'f'.repeat(32)),
      });
      expect(await socket.next('error')).toMatchObject({ code: 'ChatImageNotFound' });
    } finally {
      await socket.close();
    }
    for (const t of [a, b]) {
      const shown = await t.app.inject({ method: 'GET', url: sent.url });
      expect([shown.statusCode, shown.headers.location]).toEqual([
        302,
        `https://cdn.example.com/media/${sent.imageKey}`,
      ]);
    }

    // A day after the upload (by the store's time) the unsent picture goes, the sent one stays.
    expect(await purgeUnsentChatImages(b.database.db, b.clock, storeB)).toBe(0);
    b.clock.set(new Date(Date.now() + DAY_MS + 60_000));
    expect(await purgeUnsentChatImages(b.database.db, b.clock, storeB)).toBeGreaterThanOrEqual(1);
    expect([await storeB.exists(sent.imageKey), await storeB.exists(unsent.imageKey)]).toEqual([true, false]);
  });
});
