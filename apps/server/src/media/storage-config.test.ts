import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const s3 = {
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('media storage configuration', () => {
  it('stays on the local directory by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).s3).toBeUndefined();
  });

  it('reads buckets and prefixes, one bucket standing in for those not set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ...s3,
      S3_BUCKET: 'media',
      S3_HLS_BUCKET: 'video/hls/',
      S3_PUBLIC_BASE_URL: 'https://cdn.example.com',
    });
    expect(config.s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      originals: { bucket: 'media', prefix: '' },
      hls: { bucket: 'video', prefix: 'hls/' },
      public: { bucket: 'media', prefix: '' },
      publicBaseUrl: 'https://cdn.example.com',
      forcePathStyle: true,
    });
  });

  it('refuses an incomplete S3 configuration, naming what is missing', () => {
    const load = () =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://x',
        DATA_ENCRYPTION_KEY: 'a'.repeat(64),
        ...s3,
        S3_SECRET_ACCESS_KEY: '',
        S3_HLS_BUCKET: 'v',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /MEDIA_STORAGE: s3 needs S3_SECRET_ACCESS_KEY, S3_ORIGINALS_BUCKET \(or S3_BUCKET\), S3_PUBLIC_BUCKET \(or S3_BUCKET\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORAGE: 'nfs' })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'm', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT/,
    );
  });

  it('delivers segments from the store by default with S3, through /stream on request, or from the CDN', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).segments).toBe('instance');
    expect(loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'm' }).segments).toBe('store');
    expect(loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'm', MEDIA_SEGMENTS: 'instance' }).segments).toBe(
      'instance',
    );
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const cdn = {
      MEDIA_CDN_URL: 'https://d111.cloudfront.net',
      CLOUDFRONT_KEY_PAIR_ID: 'K2JCJMDEHXQW5F',
      CLOUDFRONT_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    };
    const config = loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'm', ...cdn });
    expect(config.segments).toBe('cdn');
    expect(config.cdn).toEqual({
      baseUrl: 'https://d111.cloudfront.net',
      keyPairId: 'K2JCJMDEHXQW5F',
      privateKey: pem,
    });
  });

  it('refuses a CDN without the object store, its key pair id, or a readable private key', () => {
    const cdn = {
      MEDIA_CDN_URL: 'https://d111.cloudfront.net',
      CLOUDFRONT_KEY_PAIR_ID: 'K2',
      CLOUDFRONT_PRIVATE_KEY: 'x',
    };
    expect(() => loadConfig({ NODE_ENV: 'test', ...cdn })).toThrow(
      /MEDIA_STORAGE: the CDN serves the object store/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'm', ...cdn, CLOUDFRONT_KEY_PAIR_ID: '' }),
    ).toThrow(/CLOUDFRONT_KEY_PAIR_ID: is required/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'm', ...cdn })).toThrow(
      /CLOUDFRONT_PRIVATE_KEY: is not a readable RSA private key/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        ...s3,
        S3_BUCKET: 'm',
        ...cdn,
        CLOUDFRONT_PRIVATE_KEY_FILE: '/nonexistent',
      }),
    ).toThrow(/set it or CLOUDFRONT_PRIVATE_KEY_FILE \(one of them\)/);
  });
});
