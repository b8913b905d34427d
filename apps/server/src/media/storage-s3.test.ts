import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutSwift, startSwiftS3, type SwiftS3 } from '../test/swift-s3.js';
import { s3Storage, type S3MediaStorage } from './storage-s3.js';

/** Against OpenStack Swift's S3 API on loopback: it checks every signature, as S3 does. */
describe.skipIf(skipWithoutSwift('S3 storage tests'))('S3 media storage (Swift s3api)', () => {
  let swift: SwiftS3;
  let storage: S3MediaStorage;
  const work = mkdtempSync(join(tmpdir(), 'ds-s3-'));

  beforeAll(async () => {
    swift = await startSwiftS3();
    await swift.createBucket('originals');
    await swift.createBucket('media');
    storage = s3Storage({
      endpoint: swift.endpoint,
      region: swift.region,
      accessKeyId: swift.accessKeyId,
      secretAccessKey: swift.secretAccessKey,
      originals: { bucket: 'originals', prefix: '' },
      hls: { bucket: 'media', prefix: 'hls-store/' },
      public: { bucket: 'media', prefix: 'public/' },
      publicBaseUrl: 'https://cdn.example.com/img',
    });
  });
  afterAll(async () => {
    await swift.stop();
  });

  it('puts, reads, checks and removes directories and files; keys land in their place', async () => {
    const dir = join(work, 'v1');
    await mkdir(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'index.m3u8'), '#EXTM3U\nseg_000.ts\n');
    writeFileSync(join(dir, 'seg_000.ts'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'sub', 'old.ts'), 'old');
    await storage.putDirectory(dir, 'hls/content/1/2/3');
    expect(await storage.exists('hls/content/1/2/3')).toBe(true);
    expect(await storage.exists('hls/content/1/2/3/index.m3u8')).toBe(true);
    expect(await storage.exists('hls/content/1/2/4')).toBe(false);
    expect(storage.locate('hls/content/1/2/3/index.m3u8')).toEqual({
      bucket: 'media',
      objectKey: 'hls-store/hls/content/1/2/3/index.m3u8',
    });
    expect(storage.locate('uploads/abc/source').bucket).toBe('originals');
    expect(storage.localPath('hls/content/1/2/3')).toBeNull();

    // A range, as players seek.
    const part = await storage.read('hls/content/1/2/3/seg_000.ts', 'bytes=10-19');
    expect(part?.status).toBe(206);
    expect(part?.headers['content-range']).toBe('bytes 10-19/4096');
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(10, 7));
    expect(await storage.read('hls/content/1/2/3/missing.ts')).toBeNull();

    // A second version replaces the first: files it does not have are gone.
    const v2 = join(work, 'v2');
    await mkdir(v2);
    writeFileSync(join(v2, 'index.m3u8'), '#EXTM3U\n');
    await storage.putDirectory(v2, 'hls/content/1/2/3');
    expect(await storage.exists('hls/content/1/2/3/sub/old.ts')).toBe(false);

    const back = join(work, 'back.m3u8');
    await storage.download('hls/content/1/2/3/index.m3u8', back);
    expect(readFileSync(back, 'utf8')).toBe('#EXTM3U\n');

    await storage.remove('hls/content/1/2/3');
    expect(await storage.exists('hls/content/1/2/3')).toBe(false);

    expect(storage.publicUrl('covers/a/cover.jpg')).toBe('https://cdn.example.com/img/covers/a/cover.jpg');
    expect(storage.publicUrl('hls/content/1/2/3/index.m3u8')).toBeNull();
    expect(() => storage.locate('../etc/passwd')).toThrow(/outside the store/);
  });

  it('refuses a wrong secret with SignatureDoesNotMatch', async () => {
    const wrong = new S3Client({
      endpoint: swift.endpoint,
      region: swift.region,
      credentials: { accessKeyId: swift.accessKeyId, secretAccessKey: 'not-the-secret' },
      forcePathStyle: true,
    });
    const error = await wrong.send(new GetObjectCommand({ Bucket: 'media', Key: 'anything' })).then(
      () => null,
      (e: unknown) => e as { name: string; $metadata: { httpStatusCode?: number } },
    );
    expect(error?.name).toBe('SignatureDoesNotMatch');
    expect(error?.$metadata.httpStatusCode).toBe(403);
  });

  it('honours a presigned PUT and GET, and refuses them tampered or expired (403)', async () => {
    const body = Buffer.from('original video bytes');
    const put = await storage.presignPut('uploads/p1/source', {
      contentType: 'video/mp4',
      contentLength: body.length,
      expiresIn: 60,
    });
    // Another length than the one signed is refused.
    const longer = await fetch(put, {
      method: 'PUT',
      body: Buffer.concat([body, body]),
      headers: { 'content-type': 'video/mp4' },
    });
    expect(longer.status).toBe(403);
    const ok = await fetch(put, { method: 'PUT', body, headers: { 'content-type': 'video/mp4' } });
    expect(ok.status).toBe(200);

    const get = await storage.presignGet('uploads/p1/source', 60);
    const fetched = await fetch(get);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(body);

    // Another object under the same signature.
    const tampered = get.replace('uploads/p1/source', 'uploads/p1/other');
    expect((await fetch(tampered)).status).toBe(403);
    // A signature with one digit changed.
    const sig = /X-Amz-Signature=([0-9a-f]+)/.exec(get)![1]!;
    const flipped = get.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await fetch(flipped)).status).toBe(403);
    // Signed an hour ago for one minute: expired.
    const { bucket, objectKey } = storage.locate('uploads/p1/source');
    const expired = await getSignedUrl(
      storage.client,
      new GetObjectCommand({ Bucket: bucket, Key: objectKey }),
      {
        expiresIn: 60,
        signingDate: new Date(Date.now() - 3_600_000),
      },
    );
    expect((await fetch(expired)).status).toBe(403);
    await storage.remove('uploads/p1');
    expect(await storage.exists('uploads/p1/source')).toBe(false);
  });
});
