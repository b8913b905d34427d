import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import Fastify from 'fastify';
import { scriptJson, serveWeb } from './static.js';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'ds-static-'));
const segment = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const scriptBr = brotliCompressSync(script);
/** Like the built one: the boot-data mark at the top of <head>, and over 1 KB (so compressed). */
const indexHtml = `<!doctype html><html><head><meta charset="UTF-8" /><!--ds-boot: here--><title>DramaStar</title><script>window.__dsHome = true;</script><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body>${'<p>…</p>'.repeat(200)}</body></html>`;
/** A playlist large enough to be compressed if media were. */
const playlist = `#EXTM3U\n${'#EXTINF:4.0,\nseg0.ts\n'.repeat(100)}`;

beforeAll(async () => {
  mkdirSync(join(dir, 'web/assets'), { recursive: true });
  writeFileSync(join(dir, 'web/index.html'), indexHtml);
  writeFileSync(join(dir, 'web/assets/index-abc123.js'), 'console.log(1)');
  // What scripts/precompress.mjs writes beside a built asset.
  writeFileSync(join(dir, 'web/assets/big-abc123.js'), script);
  writeFileSync(join(dir, 'web/assets/big-abc123.js.br'), scriptBr);
  writeFileSync(join(dir, 'web/assets/big-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'web/logo.svg'), '<svg/>');
  mkdirSync(join(dir, 'admin'), { recursive: true });
  writeFileSync(
    join(dir, 'admin/index.html'),
    '<!doctype html><html><head><title>Console</title></head></html>',
  );
  // Public media (covers, posters…) live in MEDIA_DIR/public; these stand for any such files.
  mkdirSync(join(dir, 'media/public/s1/e1'), { recursive: true });
  writeFileSync(join(dir, 'media/public/s1/e1/index.m3u8'), playlist);
  writeFileSync(join(dir, 'media/public/s1/e1/seg0.ts'), segment);
  t = await buildTestApp(
    { WEB_DIR: join(dir, 'web'), ADMIN_DIR: join(dir, 'admin'), MEDIA_DIR: join(dir, 'media') },
    { ready: false },
  );
  // A JSON answer well over the 1 KB threshold, through the envelope like any call.
  t.app.get('/app-api/test/large', () => ({ code: 200, msg: 'ok', data: 'y'.repeat(5000) }));
  await t.app.ready();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the built web app', () => {
  it('serves index.html at / with no-cache, so a redeploy reaches users at once', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>DramaStar</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('puts the host tenant’s name, language and Home’s first banner in index.html, for the first screen', async () => {
    const res = await get('/');
    const boot = /<script[^>]*>window.__dsBoot=(.*?)<\/script>/.exec(res.body);
    expect(boot?.[1]).toBeDefined();
    // No series in this app: the tenant's name and language (whose catalogue the page preloads),
    // its summary as queryTenantId answers it (the app does not ask), and no banner to draw.
    const tenant = (await t.app.inject({ method: 'POST', url: '/app-api/appConfig/queryTenantId' })).json()
      .data;
    expect(tenant.tenantId).toBe('000000');
    expect(JSON.parse(boot![1]!)).toEqual({ name: expect.any(String) as string, language: 'en', tenant });
    expect(res.body).not.toContain('<!--ds-boot');
    expect((await get('/index.html')).body).toContain('window.__dsBoot=');
    expect((await get('/pages/home/index', { accept: 'text/html' })).body).toContain('window.__dsBoot=');
  });

  it('sends index.html with a Content-Security-Policy whose fresh nonce every script of the page carries', async () => {
    const first = await get('/');
    const policy = first.headers['content-security-policy'] as string;
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    // No inline script runs without the nonce: no 'unsafe-inline' for scripts, no plugins, no
    // <base> elsewhere, and no other site may frame the app.
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    const scripts = first.body.match(/<script[^>]*>/g) ?? [];
    // The boot data, the page's inline script and its module script.
    expect(scripts).toHaveLength(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = (await get('/pages/home/index', { accept: 'text/html' })).headers[
      'content-security-policy'
    ];
    expect(again).toMatch(/'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(again).not.toContain(nonce);
  });

  it('lets the page fetch and play segments from the media origin (the store or its CDN), preconnected', async () => {
    const bare = Fastify();
    try {
      await serveWeb(bare, join(dir, 'web'), undefined, [], ['https://media.example.net']);
      const res = await bare.inject({ method: 'GET', url: '/' });
      const policy = res.headers['content-security-policy'] as string;
      expect(policy).toContain("connect-src 'self' https://media.example.net;");
      expect(policy).toContain("media-src 'self' blob: https://media.example.net;");
      expect(res.body).toContain(
        '<link rel="preconnect" href="https://media.example.net" crossorigin></head>',
      );
      // Without one (local disk), nothing but the page's own origin.
      const local = (await get('/')).headers['content-security-policy'] as string;
      expect(local).toContain("connect-src 'self';");
      expect(local).toContain("media-src 'self' blob:;");
    } finally {
      await bare.close();
    }
  });

  it("sends the console's pages with a policy that runs no inline script and frames nothing", async () => {
    for (const path of ['/admin/', '/admin/users']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Console</title>');
      const policy = res.headers['content-security-policy'] as string;
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });

  it('writes the boot data so that no value can end its script element', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script>', cover: 'a\u2028b<!--' });
    expect(text).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', cover: 'a\u2028b<!--' });
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed brotli file of an asset to a client that accepts it, with its cache headers', async () => {
    const res = await get('/assets/big-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(scriptBr)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const gzip = await get('/assets/big-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/big-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps index.html no-cache when sent compressed', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>DramaStar</title>');
  });

  it('serves other public files with a short cache', async () => {
    expect((await get('/logo.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a browser on an unknown page path with the app, and an API client with a 404 envelope', async () => {
    const page = await get('/pages/home/index', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('DramaStar');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/missing.js', { accept: '*/*' });
    expect(asset.statusCode).toBe(404);
    const api = await get('/app-api/nothing', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, errorKey: 'NotFound' });
  });
});

describe('compressing answers', () => {
  it('compresses a large JSON answer for a client that accepts brotli, keeping the envelope', async () => {
    const res = await get('/app-api/test/large', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(1000);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual({
      code: 200,
      msg: 'ok',
      data: 'y'.repeat(5000),
    });
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/app-api/test/large',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('leaves small JSON answers and clients that accept no encoding alone', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await get('/app-api/test/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ code: 200 });
  });

  it('compresses playlists (text: signed segment addresses are mostly repeats) and sends segments as stored, Range requests included', async () => {
    const list = await get('/media/s1/e1/index.m3u8', { 'accept-encoding': 'br, gzip' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(list.rawPayload).toString()).toBe(playlist);
    const seg = await get('/media/s1/e1/seg0.ts', { 'accept-encoding': 'br, gzip' });
    expect(seg.headers['content-encoding']).toBeUndefined();
    expect(seg.rawPayload.equals(segment)).toBe(true);
    const part = await get('/media/s1/e1/seg0.ts', { 'accept-encoding': 'br, gzip', range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(segment.subarray(100, 200))).toBe(true);
  });
});

describe('serving /media', () => {
  it('serves HLS playlists and segments with their content types', async () => {
    const playlist = await get('/media/s1/e1/index.m3u8');
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const seg = await get('/media/s1/e1/seg0.ts');
    expect(seg.headers['content-type']).toContain('video/mp2t');
    expect(seg.headers['accept-ranges']).toBe('bytes');
    expect(seg.rawPayload.equals(segment)).toBe(true);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const res = await get('/media/s1/e1/seg0.ts', { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.equals(segment.subarray(100, 200))).toBe(true);
  });

  it('answers an unsatisfiable range with 416', async () => {
    const res = await get('/media/s1/e1/seg0.ts', { range: 'bytes=5000-6000' });
    expect(res.statusCode).toBe(416);
  });

  it('does not serve files outside the media directory', async () => {
    const res = await get('/media/../web/index.html');
    expect(res.statusCode).not.toBe(200);
    const encoded = await get('/media/%2e%2e/web/index.html');
    expect(encoded.statusCode).not.toBe(200);
  });
});
