import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  canonicalKey,
  isPublicKey,
  localDiskStorage,
  type MediaStorage,
  RangeNotSatisfiableError,
  type StoredRead,
} from './storage.js';
import type { Config, S3Place, S3StorageOptions } from '../config.js';
import type { SegmentSigner } from './segment-urls.js';

export type { S3Place, S3StorageOptions };

export interface S3MediaStorage extends MediaStorage {
  readonly client: S3Client;
  /** A short-lived address a browser PUTs one file to (size and type are part of the signature). */
  presignPut(
    key: string,
    options: { contentType: string; contentLength: number; expiresIn: number },
  ): Promise<string>;
  /** A short-lived GET address for one file (signed as at `signingDate`, default now). */
  presignGet(key: string, expiresIn: number, signingDate?: Date): Promise<string>;
  /** The origin a browser reaches HLS objects at (path-style: the endpoint's). */
  readonly hlsOrigin: string;
  /** The bucket and object key a media key is stored at. */
  locate(key: string): { bucket: string; objectKey: string };
}

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  vtt: 'text/vtt',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};
const SEGMENT_FILE = /\.(?:ts|m4s)$|_init\.mp4$/;
const typeOf = (key: string) =>
  TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Where the HLS bucket's objects are fetched: the endpoint (path-style) or the bucket's own host. */
function hlsOrigin(options: S3StorageOptions): string {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  if (options.forcePathStyle ?? true) return endpoint.origin;
  return `${endpoint.protocol}//${options.hls.bucket}.${endpoint.host}`;
}

/**
 * Segments straight from the store: each a presigned GET (SigV4, checked by the store), valid
 * from the window's start until `expiresAt`. The HLS bucket stays private; it needs a CORS rule
 * letting the web app's origin GET (hls.js fetches segments with XHR).
 */
export function s3SegmentSigner(storage: S3MediaStorage): SegmentSigner {
  return {
    kind: 's3',
    origin: storage.hlsOrigin,
    sign: (key, signedAt, expiresAt) =>
      storage.presignGet(key, Math.round((expiresAt.getTime() - signedAt.getTime()) / 1000), signedAt),
  };
}

/**
 * Media in an S3-compatible store (AWS S3, MinIO, Ceph, Swift's s3api, R2). Keys keep the local
 * store's layout; the first segment picks the place: public images, console originals, or HLS.
 * Nothing is ever read whole into memory: files go up as streams and come down as streams.
 */
export function s3Storage(options: S3StorageOptions): S3MediaStorage {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle ?? true,
    // Only the checksums S3 requires: not every compatible store knows the newer CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const locate = (key: string) => {
    const clean = canonicalKey(key);
    const first = clean.split('/', 1)[0];
    const place = isPublicKey(clean) ? options.public : first === 'uploads' ? options.originals : options.hls;
    return { bucket: place.bucket, objectKey: `${place.prefix}${clean}` };
  };
  const head = async (key: string) => {
    const { bucket, objectKey } = locate(key);
    return client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey })).then(
      () => true,
      (error: unknown) => {
        if (notFound(error)) return false;
        throw error;
      },
    );
  };
  /** Every object under `key/` (a "directory"): its object key and when it was written. */
  const list = async (key: string): Promise<{ objectKey: string; modifiedMs: number }[]> => {
    const { bucket, objectKey } = locate(key);
    const objects: { objectKey: string; modifiedMs: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `${objectKey}/`, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) objects.push({ objectKey: item.Key, modifiedMs: item.LastModified?.getTime() ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  };
  const listKeys = async (key: string) => (await list(key)).map((o) => o.objectKey);
  const putFile = async (localFile: string, key: string) => {
    const { bucket, objectKey } = locate(key);
    const { size } = await stat(localFile);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey,
        Body: createReadStream(localFile),
        ContentLength: size,
        ContentType: typeOf(key),
        // A segment never changes under its key (a new encode writes a new key): browsers and the
        // CDN keep it, whatever signed address reached it.
        ...(SEGMENT_FILE.test(key) ? { CacheControl: 'max-age=86400' } : {}),
      }),
    );
  };
  const publicBase = (
    options.publicBaseUrl ??
    `${(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/$/, '')}/${options.public.bucket}/${options.public.prefix}`
  ).replace(/\/?$/, '/');

  return {
    client,
    locate,
    async putDirectory(localDir, key) {
      const before = new Set(await listKeys(key));
      const { objectKey: base } = locate(key);
      for (const file of await filesUnder(localDir)) {
        const rel = relative(localDir, file).split(sep).join('/');
        await putFile(file, `${key}/${rel}`);
        before.delete(`${base}/${rel}`);
      }
      // Files of an older version that the new one does not have.
      const { bucket } = locate(key);
      for (const stale of before) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: stale }));
    },
    async exists(key) {
      if (await head(key)) return true;
      const { bucket, objectKey } = locate(key);
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `${objectKey}/`, MaxKeys: 1 }),
      );
      return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
    },
    localPath: () => null,
    async remove(key) {
      const { bucket, objectKey } = locate(key);
      // One by one: multi-object delete needs Content-MD5, which not every store's SDK path sends.
      for (const item of [objectKey, ...(await listKeys(key))]) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: item })).catch((error: unknown) => {
          if (!notFound(error)) throw error;
        });
      }
    },
    putFile,
    async list(key) {
      // Object keys carry the place's prefix before the media key.
      const prefix = locate(key).objectKey.slice(0, -canonicalKey(key).length);
      return (await list(key)).map((o) => ({
        key: o.objectKey.slice(prefix.length),
        modifiedMs: o.modifiedMs,
      }));
    },
    async download(key, localFile) {
      const { bucket, objectKey } = locate(key);
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
      await pipeline(answer.Body as Readable, createWriteStream(localFile));
    },
    async read(key, range): Promise<StoredRead | null> {
      const { bucket, objectKey } = locate(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey, ...(range ? { Range: range } : {}) }),
        );
        const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
        if (answer.ContentLength !== undefined) headers['content-length'] = String(answer.ContentLength);
        if (answer.ContentRange) headers['content-range'] = answer.ContentRange;
        if (answer.ETag) headers.etag = answer.ETag;
        return {
          status: answer.ContentRange ? 206 : 200,
          body: answer.Body as Readable,
          headers,
        };
      } catch (error) {
        if (notFound(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
          throw new RangeNotSatisfiableError(key);
        }
        throw error;
      }
    },
    publicUrl(key) {
      if (!isPublicKey(key)) return null;
      return `${publicBase}${canonicalKey(key)}`;
    },
    async presignPut(key, { contentType, contentLength, expiresIn }) {
      const { bucket, objectKey } = locate(key);
      return getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey,
          ContentType: contentType,
          ContentLength: contentLength,
        }),
        { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
      );
    },
    async presignGet(key, expiresIn, signingDate) {
      const { bucket, objectKey } = locate(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: objectKey }), {
        expiresIn,
        ...(signingDate ? { signingDate } : {}),
      });
    },
    hlsOrigin: hlsOrigin(options),
  };
}

/** The store the configuration names: the object store with MEDIA_STORAGE=s3, else MEDIA_DIR (the command-line tools). */
export function configuredStorage(config: Pick<Config, 's3' | 'mediaRoot'>): MediaStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(config.mediaRoot);
}
