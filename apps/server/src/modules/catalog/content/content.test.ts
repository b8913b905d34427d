import { adminContentApi, api } from '@dramastar/contract';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, run } from '../../../media/ffmpeg.js';
import { localDiskStorage, mediaLayout } from '../../../media/storage.js';
import { caller, unchecked } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { walletFixtures } from '../../../test/wallet-fixtures.js';
import { bombPng } from '../../../test/pictures.js';
import { createTranscodeWorker, RETRY_AFTER_MS, type TranscodeWorker } from './transcode.worker.js';

const MEDIA = mkdtempSync(join(tmpdir(), 'ds-content-media-'));
/** Episodes and uploads live in MEDIA_DIR/private, out of the public /media root. */
const PRIVATE = mediaLayout(MEDIA).private;
const SOURCES = mkdtempSync(join(tmpdir(), 'ds-content-src-'));
const UPLOAD_LIMIT = 2 * 1024 * 1024;

let t: TestApp;
let f: ReturnType<typeof walletFixtures>;
let admin: ReturnType<typeof caller>;
let app: ReturnType<typeof caller>;
let worker: TranscodeWorker;
let owner: string;
let editor: string;
let video2s: Buffer;
let video3s: Buffer;

/** A small test video made by ffmpeg: `seconds` long, with sound. */
async function makeVideo(name: string, seconds: number, hue: number): Promise<Buffer> {
  const file = join(SOURCES, name);
  await run(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=240x320:rate=15:duration=${seconds},hue=h=${hue}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return readFileSync(file);
}

/** A multipart/form-data upload as a browser sends it. */
async function upload(token: string, query: Record<string, string | number>, file: Buffer, field = 'file') {
  const boundary = '----dramastar-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="episode.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin-api/content/episodes/upload?${qs}`,
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

async function createSeries(token: string, body: Record<string, unknown> = {}) {
  return data(
    await admin(adminContentApi.createSeries, {
      token,
      body: { tenantId: '000000', title: { en: 'Console Love' }, category: 'romance', ...body },
    }),
  );
}

/** A real 1 × 1 PNG (a cover is checked by its header too). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  [video2s, video3s] = await Promise.all([makeVideo('two.mp4', 2, 0), makeVideo('three.mp4', 3, 120)]);
  t = await buildTestApp({
    MEDIA_DIR: MEDIA,
    DEMO_CONTENT: 'true',
    VIDEO_UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT),
  });
  f = walletFixtures(t);
  admin = caller(t.app, '/admin-api');
  app = caller(t.app);
  worker = createTranscodeWorker({
    db: t.database.db,
    clock: t.clock,
    storage: localDiskStorage(MEDIA),
    log: t.app.log,
    heartbeatMs: 20,
  });
  owner = await f.operator('owner', []);
  editor = await f.operator('content', ['000000']);
});
afterAll(() => t.close());

const jobOf = async (id: number) =>
  (
    await t.database.query<{ status: string; progress: number; error: string | null; attempts: number }>(
      'select status, progress, error, attempts from transcode_job where id = $1',
      [id],
    )
  )[0]!;

describe('series', () => {
  it('creates a draft, edits it, and answers 400 naming the field for bad input', async () => {
    const missing = await admin(adminContentApi.createSeries, {
      token: editor,
      body: { tenantId: '000000', title: { en: '' }, category: 'romance' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('title.en');
    const badFree = await admin(adminContentApi.createSeries, {
      token: editor,
      body: { tenantId: '000000', title: { en: 'X' }, category: 'romance', freeEpisodes: -1 },
    });
    expect(badFree.body.field).toBe('freeEpisodes');

    const created = await createSeries(editor, {
      title: { en: 'Console Love', vn: 'Tình yêu', id: '' },
      description: { en: 'A story' },
      tags: ['love'],
      freeEpisodes: 1,
    });
    expect(created).toMatchObject({
      status: 'draft',
      slug: 'console-love',
      title: { en: 'Console Love', vn: 'Tình yêu' },
      episodeCount: 0,
      freeEpisodes: 1,
      cover: '',
    });
    expect(created.title.id).toBeUndefined();
    const again = await createSeries(editor);
    expect(again.slug).toMatch(/^console-love-[0-9a-f]{6}$/);

    const updated = data(
      await admin(adminContentApi.updateSeries, {
        token: editor,
        body: {
          id: created.id,
          title: { en: 'Console Love 2', id: 'Cinta' },
          tags: ['a', 'b'],
          sortOrder: 2,
        },
      }),
    );
    expect(updated).toMatchObject({
      title: { en: 'Console Love 2', id: 'Cinta' },
      tags: ['a', 'b'],
      sortOrder: 2,
    });
    const badUpdate = await admin(adminContentApi.updateSeries, {
      token: editor,
      body: { id: created.id, category: '' },
    });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.field).toBe('category');

    const list = data(await admin(adminContentApi.series, { token: editor, query: { keyword: 'love 2' } }));
    expect(list.list.map((s: { id: number }) => s.id)).toEqual([created.id]);
    const drafts = data(
      await admin(adminContentApi.series, { token: editor, query: { status: 'published' } }),
    );
    expect(drafts.list.some((s: { id: number }) => s.id === created.id)).toBe(false);

    const audit = await t.database.query<{
      action: string;
      before: unknown;
      after: { title: { en: string } };
    }>('select action, before, after from audit_log where target = $1 order by id', [`series:${created.id}`]);
    expect(audit.map((a) => a.action)).toEqual(['series.create', 'series.update']);
    expect(audit[1]!.after.title.en).toBe('Console Love 2');
    expect(audit[1]!.before).toMatchObject({ title: { en: 'Console Love' } });
  });

  it('refuses to publish a series without a ready episode (409)', async () => {
    const s = await createSeries(editor);
    const res = await admin(adminContentApi.setSeriesStatus, {
      token: editor,
      body: { id: s.id, status: 'published' },
    });
    expect(res.status).toBe(409);
    expect(res.body.errorKey).toBe('SeriesNeedsEpisode');
    expect(
      data(await admin(adminContentApi.seriesDetail, { token: editor, query: { seriesId: String(s.id) } }))
        .series.status,
    ).toBe('draft');
  });

  it('stores a cover checked by type and size, served under /media', async () => {
    const s = await createSeries(editor);
    const stored = data(
      await admin(adminContentApi.uploadCover, {
        token: editor,
        body: { id: s.id, image: dataUrl('image/png', PNG) },
      }),
    );
    expect(stored.cover).toMatch(/^\/media\/covers\/content\/000000\/\d+-[0-9a-f]{16}\/cover\.png$/);
    const served = await t.app.inject({ method: 'GET', url: stored.cover });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const lying = await admin(adminContentApi.uploadCover, {
      token: editor,
      body: { id: s.id, image: dataUrl('image/jpeg', PNG) },
    });
    expect([lying.status, lying.body.errorKey, lying.body.field]).toEqual([400, 'ImageInvalid', 'image']);
    const gif = await admin(adminContentApi.uploadCover, {
      token: editor,
      body: { id: s.id, image: dataUrl('image/gif', Buffer.from('GIF89a....')) },
    });
    expect([gif.status, gif.body.errorKey]).toEqual([400, 'ImageInvalid']);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await admin(adminContentApi.uploadCover, {
      token: editor,
      body: { id: s.id, image: dataUrl('image/png', big) },
    });
    expect([tooBig.status, tooBig.body.errorKey, tooBig.body.field]).toEqual([400, 'ImageTooLarge', 'image']);
    // Every user's browser would decode a cover: one of 30,000 × 30,000 pixels (900 MB) is refused
    // by its header, as is a file that only starts like a PNG.
    const bomb = await admin(adminContentApi.uploadCover, {
      token: editor,
      body: { id: s.id, image: dataUrl('image/png', bombPng(30_000, 30_000)) },
    });
    expect([bomb.status, bomb.body.errorKey, bomb.body.field]).toEqual([
      400,
      'ImageDimensionsTooLarge',
      'image',
    ]);
    const fake = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 1)]);
    const notPicture = await admin(adminContentApi.uploadCover, {
      token: editor,
      body: { id: s.id, image: dataUrl('image/png', fake) },
    });
    expect([notPicture.status, notPicture.body.errorKey]).toEqual([400, 'ImageInvalid']);
  });
});

describe('episodes', () => {
  let seriesId: number;
  let firstEpisode: { id: number; number: number; duration: number };

  it('uploads a video that transcodes to HLS, becomes an episode and plays in the app', async () => {
    seriesId = (await createSeries(editor, { title: { en: 'Upload Drama' }, freeEpisodes: 5 })).id;
    const queued = data(await upload(editor, { seriesId }, video2s));
    expect(queued).toMatchObject({ status: 'queued', progress: 0, episodeNumber: 1, episodeId: null });
    // The waiting source file is not served under /media.
    const [waiting] = readdirSync(join(PRIVATE, 'uploads'), { recursive: true, withFileTypes: true }).filter(
      (e) => e.isFile(),
    );
    const sourcePath = join(waiting!.parentPath, waiting!.name).slice(PRIVATE.length);
    expect((await t.app.inject({ method: 'GET', url: `/media${sourcePath}` })).statusCode).toBe(404);

    // The console sees the job; then one worker run takes it to done.
    const jobs = data(
      await admin(adminContentApi.jobs, { token: editor, query: { seriesId: String(seriesId) } }),
    );
    expect(jobs.list.map((j: { id: number }) => j.id)).toEqual([queued.id]);
    const seen: number[] = [];
    const poll = setInterval(() => {
      void jobOf(queued.id).then((j) => seen.push(j.progress));
    }, 15);
    expect(await worker.runOnce()).toBe('done');
    clearInterval(poll);
    const done = await jobOf(queued.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null, attempts: 1 });
    // Progress was written while ffmpeg ran: between 0 and 1, never going back.
    expect(seen.some((p) => p > 0 && p < 1)).toBe(true);
    expect(seen.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= seen[i - 1]!))).toBe(true);
    expect(await worker.runOnce()).toBe('idle');

    const detail = data(
      await admin(adminContentApi.seriesDetail, { token: editor, query: { seriesId: String(seriesId) } }),
    );
    expect(detail.episodes).toHaveLength(1);
    expect(detail.series.episodeCount).toBe(1);
    const listed = data(
      await admin(adminContentApi.series, { token: editor, query: { keyword: 'Upload Drama' } }),
    );
    expect(listed.list.map((s: { episodeCount: number }) => s.episodeCount)).toEqual([1]);
    firstEpisode = detail.episodes[0];
    expect(firstEpisode.number).toBe(1);
    expect(firstEpisode.duration).toBeGreaterThan(1.5);
    expect(firstEpisode.duration).toBeLessThan(2.6);
    // Without a cover, the series takes the first episode's poster.
    expect(detail.series.cover).toMatch(/^\/media\/posters\/content\//);
    expect((await t.app.inject({ method: 'GET', url: detail.series.cover })).statusCode).toBe(200);
    // The uploaded source is gone once the job is done.
    expect(existsSync(join(PRIVATE, 'uploads')) ? readdirSync(join(PRIVATE, 'uploads')) : []).toEqual([]);

    // Published, the app lists it and plays the episode through a signed address.
    data(
      await admin(adminContentApi.setSeriesStatus, {
        token: editor,
        body: { id: seriesId, status: 'published' },
      }),
    );
    const found = data(await app(api.video.page, { query: { keyword: 'Upload Drama', tenantId: '000000' } }));
    expect(found.list.map((s: { id: number }) => s.id)).toEqual([seriesId]);
    const play = data(
      await app(api.video.play, {
        params: { videoId: firstEpisode.id },
        query: unchecked({ tenantId: '000000' }),
      }),
    );
    const playlist = await t.app.inject({ method: 'GET', url: play.playlistUrl });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    // The ladder up to the upload's own size: its master playlist, a rung, a segment.
    expect(play.playlistUrl).toMatch(/\/master\.m3u8$/);
    expect(playlist.body).toMatch(/#EXT-X-STREAM-INF:[^\n]*RESOLUTION=\d+x\d+[^\n]*\n240p\.m3u8/);
    const rung = await t.app.inject({
      method: 'GET',
      url: play.playlistUrl.replace('master.m3u8', '240p.m3u8'),
    });
    expect(rung.body).toMatch(/#EXTM3U[\s\S]*240p_000\.m4s/);
    const segment = await t.app.inject({
      method: 'GET',
      url: play.playlistUrl.replace('master.m3u8', '240p_000.m4s'),
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload.length).toBeGreaterThan(1000);
  });

  it('replaces an episode’s video in place', async () => {
    const [before] = await t.database.query<{ hls_key: string }>(
      'select hls_key from episode where id = $1',
      [firstEpisode.id],
    );
    const job = data(await upload(editor, { seriesId, episodeId: firstEpisode.id }, video3s));
    expect(job).toMatchObject({ episodeId: firstEpisode.id, episodeNumber: 1 });
    expect(await worker.runOnce()).toBe('done');
    const detail = data(
      await admin(adminContentApi.seriesDetail, { token: editor, query: { seriesId: String(seriesId) } }),
    );
    expect(detail.episodes).toHaveLength(1);
    expect(detail.episodes[0]).toMatchObject({ id: firstEpisode.id, number: 1 });
    expect(detail.episodes[0].duration).toBeGreaterThan(2.5);
    const [after] = await t.database.query<{ hls_key: string }>('select hls_key from episode where id = $1', [
      firstEpisode.id,
    ]);
    expect(after!.hls_key).not.toBe(before!.hls_key);
    expect(existsSync(join(PRIVATE, before!.hls_key))).toBe(false);
    expect(existsSync(join(PRIVATE, after!.hls_key, '240p.m3u8'))).toBe(true);
  });

  it('reorders episodes atomically, and deletes one closing the gap', async () => {
    data(await upload(editor, { seriesId }, video2s));
    data(await upload(editor, { seriesId }, video2s));
    // Two workers (two instances) never take the same job.
    const other = createTranscodeWorker({
      db: t.database.db,
      clock: t.clock,
      storage: localDiskStorage(MEDIA),
      log: t.app.log,
    });
    expect(await Promise.all([worker.runOnce(), other.runOnce()])).toEqual(['done', 'done']);
    const detail = data(
      await admin(adminContentApi.seriesDetail, { token: editor, query: { seriesId: String(seriesId) } }),
    );
    const ids = detail.episodes.map((e: { id: number }) => e.id);
    expect(detail.episodes.map((e: { number: number }) => e.number)).toEqual([1, 2, 3]);

    const wrong = await admin(adminContentApi.reorderEpisodes, {
      token: editor,
      body: { seriesId, episodeIds: [ids[0], ids[1]] },
    });
    expect([wrong.status, wrong.body.field]).toEqual([400, 'episodeIds']);
    /** Finished uploads of new episodes: job id → the episode number the list shows. */
    const finished = async () => {
      const jobs = data(
        await admin(adminContentApi.jobs, { token: editor, query: { seriesId: String(seriesId) } }),
      );
      return new Map<number, number>(
        jobs.list
          .filter(
            (j: { status: string; episodeId: number | null }) => j.status === 'done' && j.episodeId === null,
          )
          .map((j: { id: number; episodeNumber: number }) => [j.id, j.episodeNumber]),
      );
    };
    const finishedBefore = await finished();
    const reversed = [...ids].reverse();
    const reordered = data(
      await admin(adminContentApi.reorderEpisodes, {
        token: editor,
        body: { seriesId, episodeIds: reversed },
      }),
    );
    expect(reordered.episodes.map((e: { id: number }) => e.id)).toEqual(reversed);
    expect(reordered.episodes.map((e: { number: number }) => e.number)).toEqual([1, 2, 3]);
    // The transcoding list names the finished uploads by their new numbers (reversed: n → 4 - n).
    const after = await finished();
    expect(after.size).toBeGreaterThanOrEqual(2);
    for (const [id, n] of after) expect([id, n]).toEqual([id, 4 - (finishedBefore.get(id) ?? 0)]);

    const afterDelete = data(
      await admin(adminContentApi.deleteEpisode, { token: editor, body: { episodeId: reversed[1] } }),
    );
    expect(afterDelete.episodes.map((e: { id: number; number: number }) => [e.id, e.number])).toEqual([
      [reversed[0], 1],
      [reversed[2], 2],
    ]);
    data(await admin(adminContentApi.deleteEpisode, { token: editor, body: { episodeId: reversed[0] } }));
    // The last episode of a published series stays.
    const last = await admin(adminContentApi.deleteEpisode, {
      token: editor,
      body: { episodeId: reversed[2] },
    });
    expect([last.status, last.body.errorKey]).toEqual([409, 'SeriesNeedsEpisode']);
    const actions = await t.database.query<{ action: string }>(
      "select action from audit_log where target = $1 and action like 'episode.%' order by id",
      [`series:${seriesId}`],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'episode.upload',
      'episode.upload',
      'episode.upload',
      'episode.upload',
      'episode.reorder',
      'episode.delete',
      'episode.delete',
    ]);
  });

  it('fails a corrupt upload with an error and makes no episode', async () => {
    const s = await createSeries(editor);
    const corrupt = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom'),
      Buffer.alloc(4000, 7),
    ]);
    const job = data(await upload(editor, { seriesId: s.id }, corrupt));
    expect(await worker.runOnce()).toBe('failed');
    const failed = await jobOf(job.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/not a readable video/);
    const [n] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from episode where series_id = $1',
      [s.id],
    );
    expect(n!.n).toBe(0);
  });

  it('refuses uploads that are not videos (400) or too large (413)', async () => {
    const s = await createSeries(editor);
    const text = await upload(editor, { seriesId: s.id }, Buffer.from('just some text, not a video'));
    expect([text.status, text.body.errorKey, text.body.field]).toEqual([400, 'VideoInvalid', 'file']);
    const noFile = await admin(adminContentApi.uploadEpisode, {
      token: editor,
      query: { seriesId: String(s.id) },
    });
    expect([noFile.status, noFile.body.field]).toEqual([400, 'file']);
    const huge = Buffer.concat([video2s.subarray(0, 16), Buffer.alloc(UPLOAD_LIMIT + 10)]);
    const tooBig = await upload(editor, { seriesId: s.id }, huge);
    expect([tooBig.status, tooBig.body.errorKey, tooBig.body.field]).toEqual([
      413,
      'PayloadTooLarge',
      'file',
    ]);
    const jobs = data(
      await admin(adminContentApi.jobs, { token: editor, query: { seriesId: String(s.id) } }),
    );
    expect(jobs.total).toBe(0);
    // Above the server's JSON body limit (1 MB) but within the upload limit: streamed, accepted.
    const large = data(
      await upload(editor, { seriesId: s.id }, Buffer.concat([video2s, Buffer.alloc(1_500_000)])),
    );
    expect(large.status).toBe('queued');
    await t.database.query('delete from transcode_job where id = $1', [large.id]);
  });

  it('retries a failed run at most twice, each after a growing wait, and takes over a job whose lease ran out', async () => {
    const s = await createSeries(editor);
    const flaky = createTranscodeWorker({
      db: t.database.db,
      clock: t.clock,
      storage: localDiskStorage(MEDIA),
      log: t.app.log,
      transcode: () => Promise.reject(new Error('disk full')),
    });
    const job = data(await upload(editor, { seriesId: s.id }, video2s));
    expect(await flaky.runOnce()).toBe('failed');
    expect(await jobOf(job.id)).toMatchObject({ status: 'queued', attempts: 1, error: 'disk full' });
    // Not at once (a drain would spend every attempt in a moment): after RETRY_AFTER_MS.
    expect(await flaky.runOnce()).toBe('idle');
    t.clock.advance(RETRY_AFTER_MS);
    expect(await flaky.runOnce()).toBe('failed');
    t.clock.advance(RETRY_AFTER_MS);
    expect(await flaky.runOnce()).toBe('idle');
    t.clock.advance(RETRY_AFTER_MS);
    expect(await flaky.runOnce()).toBe('failed');
    expect(await jobOf(job.id)).toMatchObject({ status: 'failed', attempts: 3, error: 'disk full' });
    t.clock.advance(RETRY_AFTER_MS * 3);
    expect(await flaky.runOnce()).toBe('idle');

    // A job left running by a stopped instance: claimed again only once its lease ran out.
    const stuck = data(await upload(editor, { seriesId: s.id }, video2s));
    await t.database.query(
      "update transcode_job set status = 'running', attempts = 1, lease_until = $2 where id = $1",
      [stuck.id, new Date(t.clock.now().getTime() + 30_000)],
    );
    expect(await worker.runOnce()).toBe('idle');
    t.clock.advance(31_000);
    expect(await worker.runOnce()).toBe('done');
    expect(await jobOf(stuck.id)).toMatchObject({ status: 'done', attempts: 2, progress: 1 });
  });

  it('keeps a job whose store could not be reached, however often, and runs it when the store is back', async () => {
    const s = await createSeries(editor);
    const unreachable = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }),
      );
    const away = createTranscodeWorker({
      db: t.database.db,
      clock: t.clock,
      storage: localDiskStorage(MEDIA),
      log: t.app.log,
      transcode: unreachable,
    });
    const job = data(await upload(editor, { seriesId: s.id }, video2s));
    for (let run = 0; run < 5; run++) {
      expect(await away.runOnce()).toBe('failed');
      expect(await jobOf(job.id)).toMatchObject({ status: 'queued', attempts: 0 });
      expect(await away.runOnce()).toBe('idle'); // waits before the next try
      t.clock.advance(RETRY_AFTER_MS);
    }
    expect(await worker.runOnce()).toBe('done');
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', attempts: 1, progress: 1 });
  });
});

describe('stopping an instance', () => {
  it('kills the running transcoding and hands the job back to the queue, the run not counted', async () => {
    const s = await createSeries(editor);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const stopping = createTranscodeWorker({
      db: t.database.db,
      clock: t.clock,
      storage: localDiskStorage(MEDIA),
      log: t.app.log,
      // Runs until stopped, like a long ffmpeg.
      transcode: (_source, _storage, _keys, { signal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
    });
    const job = data(await upload(editor, { seriesId: s.id }, video2s));
    const drained = stopping.drain();
    await running;
    expect(await jobOf(job.id)).toMatchObject({ status: 'running', attempts: 1 });
    await stopping.stop();
    await drained;
    expect(await jobOf(job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    // Another instance finishes it.
    expect(await worker.runOnce()).toBe('done');
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('banners and order on the home page', () => {
  it('uses the console’s banner positions when there are any, else the hottest series', async () => {
    const published = async (title: string) => {
      const s = await createSeries(editor, { title: { en: title } });
      data(await upload(editor, { seriesId: s.id }, video2s));
      expect(await worker.runOnce()).toBe('done');
      data(
        await admin(adminContentApi.setSeriesStatus, {
          token: editor,
          body: { id: s.id, status: 'published' },
        }),
      );
      return s.id as number;
    };
    const a = await published('Banner A');
    const b = await published('Banner B');
    const home = async () => data(await app(api.video.homeSeries, { query: { tenantId: '000000' } }));
    const hotBanners = (await home()).banners.map((s: { id: number }) => s.id);
    expect(hotBanners.length).toBeGreaterThan(1);

    data(await admin(adminContentApi.setBanner, { token: editor, body: { id: b, bannerOrder: 1 } }));
    data(await admin(adminContentApi.setBanner, { token: editor, body: { id: a, bannerOrder: 2 } }));
    expect((await home()).banners.map((s: { id: number }) => s.id)).toEqual([b, a]);
    data(await admin(adminContentApi.setBanner, { token: editor, body: { id: b, bannerOrder: null } }));
    expect((await home()).banners.map((s: { id: number }) => s.id)).toEqual([a]);
    data(await admin(adminContentApi.setBanner, { token: editor, body: { id: a, bannerOrder: null } }));
    expect((await home()).banners.map((s: { id: number }) => s.id)).toEqual(hotBanners);

    // A position puts an older series first among the new releases.
    const newest = (await home()).sections.find((x: { key: string }) => x.key === 'new').series;
    expect(newest[0].id).not.toBe(a);
    data(await admin(adminContentApi.updateSeries, { token: editor, body: { id: a, sortOrder: 1 } }));
    const pinned = (await home()).sections.find((x: { key: string }) => x.key === 'new').series;
    expect(pinned[0].id).toBe(a);
  });
});

describe('roles and tenants', () => {
  it('refuses content calls to finance and support (403)', async () => {
    const finance = await f.operator('finance', ['000000']);
    const support = await f.operator('support', ['000000']);
    const create = await admin(adminContentApi.createSeries, {
      token: finance,
      body: { tenantId: '000000', title: { en: 'No' }, category: 'x' },
    });
    expect(create.status).toBe(403);
    expect((await admin(adminContentApi.series, { token: support })).status).toBe(403);
  });

  it('keeps an operator inside their tenants', async () => {
    const other = await createSeries(owner, { tenantId: '000001', title: { en: 'Elsewhere' } });
    const create = await admin(adminContentApi.createSeries, {
      token: editor,
      body: { tenantId: '000001', title: { en: 'No' }, category: 'x' },
    });
    expect(create.status).toBe(403);
    expect(
      (await admin(adminContentApi.series, { token: editor, query: { tenantId: '000001' } })).status,
    ).toBe(403);
    const mine = data(await admin(adminContentApi.series, { token: editor }));
    expect(mine.list.every((s: { tenantId: string }) => s.tenantId === '000000')).toBe(true);
    for (const [declared, body] of [
      [adminContentApi.updateSeries, { id: other.id, category: 'y' }],
      [adminContentApi.setSeriesStatus, { id: other.id, status: 'draft' }],
      [adminContentApi.setBanner, { id: other.id, bannerOrder: 1 }],
      [adminContentApi.uploadCover, { id: other.id, image: dataUrl('image/png', PNG) }],
    ] as const) {
      expect((await admin(declared, { token: editor, body: unchecked(body) })).status, declared.path).toBe(
        403,
      );
    }
    expect(
      (await admin(adminContentApi.seriesDetail, { token: editor, query: { seriesId: String(other.id) } }))
        .status,
    ).toBe(403);
    expect((await admin(adminContentApi.jobs, { token: editor, query: { tenantId: '000001' } })).status).toBe(
      403,
    );
    expect((await upload(editor, { seriesId: other.id }, video2s)).status).toBe(403);
    // The owner may.
    data(await admin(adminContentApi.updateSeries, { token: owner, body: { id: other.id, category: 'y' } }));
  });

  it('keeps another tenant’s episodes out of reach: reorder and delete are refused, nothing changes', async () => {
    const other = await createSeries(owner, { tenantId: '000001', title: { en: 'Elsewhere too' } });
    data(await upload(owner, { seriesId: other.id }, video2s));
    data(await upload(owner, { seriesId: other.id }, video2s));
    expect([await worker.runOnce(), await worker.runOnce()]).toEqual(['done', 'done']);
    const episodesOf = async () =>
      data(
        await admin(adminContentApi.seriesDetail, { token: owner, query: { seriesId: String(other.id) } }),
      ).episodes.map((e: { id: number; number: number }) => [e.id, e.number]);
    const before = await episodesOf();
    expect(before).toHaveLength(2);
    const ids = before.map(([id]: [number]) => id);

    const reorder = await admin(adminContentApi.reorderEpisodes, {
      token: editor,
      body: { seriesId: other.id, episodeIds: [...ids].reverse() },
    });
    expect(reorder.status).toBe(403);
    const remove = await admin(adminContentApi.deleteEpisode, { token: editor, body: { episodeId: ids[0] } });
    expect(remove.status).toBe(403);
    expect(await episodesOf()).toEqual(before);
  });
});

describe('presigned uploads on local storage', () => {
  it('answers direct: false (the console falls back to multipart) and refuses upload-done', async () => {
    const s = await createSeries(editor);
    const ticket = data(
      await admin(adminContentApi.uploadUrl, {
        token: editor,
        body: { seriesId: s.id, contentType: 'video/mp4', size: 1000 },
      }),
    );
    expect(ticket).toEqual({ direct: false, url: null, key: null, expiresAt: null });
    const done = await admin(adminContentApi.uploadDone, {
      token: editor,
      body: { seriesId: s.id, key: `uploads/${'a'.repeat(32)}/source` },
    });
    expect(done.status).toBe(400);
  });
});
