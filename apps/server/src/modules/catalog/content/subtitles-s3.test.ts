import { adminContentApi, api } from '@dramastar/contract';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { skipWithoutSwift, startSwiftS3, type SwiftS3 } from '../../../test/swift-s3.js';
import { walletFixtures } from '../../../test/wallet-fixtures.js';

/** Subtitles with MEDIA_STORAGE=s3 (OpenStack Swift's s3api on loopback): stored and served from the store. */
const skip = skipWithoutSwift('Subtitle object-storage tests');
const dir = mkdtempSync(join(tmpdir(), 'ds-subs-s3-'));
let swift: SwiftS3;
let t: TestApp;

beforeAll(async () => {
  if (skip) return;
  swift = await startSwiftS3();
  await swift.createBucket('ds-originals');
  await swift.createBucket('ds-media');
  t = await buildTestApp({
    MEDIA_STORAGE: 's3',
    S3_REGION: 'us-east-1',
    S3_ORIGINALS_BUCKET: 'ds-originals',
    S3_HLS_BUCKET: 'ds-media/hls-store',
    S3_PUBLIC_BUCKET: 'ds-media/public',
    S3_ENDPOINT: swift.endpoint,
    S3_ACCESS_KEY_ID: swift.accessKeyId,
    S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    LOG_LEVEL: 'warn',
    MEDIA_DIR: join(dir, 'media'),
  });
});
afterAll(async () => {
  if (skip) return;
  await t.close();
  await swift.stop();
});

describe.skipIf(skip)('subtitles in object storage', () => {
  it('an uploaded track is kept in the store, not on disk, and served through /stream from it', async () => {
    const editor = await walletFixtures(t).operator('content', ['000000']);
    const [s] = await t.database.query<{ id: number }>(
      `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, created_at)
       values ('000000', 's3-subs', '{"en":"S"}', '{"en":""}', '/media/covers/x.jpg', '[]', 'romance', 1, now()) returning id`,
    );
    const [e] = await t.database.query<{ id: number }>(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       values ($1, 1, 60, '/media/covers/x.jpg', 'hls/s3-subs/1', now()) returning id`,
      [s!.id],
    );
    const admin = caller(t.app, '/admin-api');
    const up = await admin(adminContentApi.uploadSubtitle, {
      token: editor,
      body: { episodeId: e!.id, language: 'vi', text: '1\n00:00:01,000 --> 00:00:02,000\nXin chào\n' },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const local = join(dir, 'media');
    const onDisk = existsSync(local)
      ? readdirSync(local, { recursive: true }).filter((f) => String(f).endsWith('.vtt'))
      : [];
    expect(onDisk).toEqual([]);
    const preview = await admin(adminContentApi.subtitlePreview, {
      token: editor,
      body: { episodeId: e!.id, language: 'vi' },
    });
    expect(preview.body.data.check.preview[0]!.text).toBe('Xin chào');
    const play = await caller(t.app)(api.video.play, { params: { videoId: e!.id } });
    const url = play.body.data.subtitles[0]!.url;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.body).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nXin chào\n');
    // Tampered: refused before the store is asked.
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`) }))
        .statusCode,
    ).toBe(403);
  });
});
