import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cloudFrontSigner } from './cdn-signer.js';
import { segmentWindow } from './segment-urls.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

/**
 * What a CloudFront edge does with a signed URL and a canned policy: rebuild the policy from the
 * address and its `Expires`, check `Signature` (RSA-SHA1, CloudFront's URL-safe base64) with the
 * public key of `Key-Pair-Id`, and refuse it once expired.
 */
function edgeAccepts(address: string, now: Date): boolean {
  const url = new URL(address);
  const expires = Number(url.searchParams.get('Expires'));
  const signature = url.searchParams.get('Signature') ?? '';
  if (url.searchParams.get('Key-Pair-Id') !== 'K2JCJMDEHXQW5F') return false;
  for (const name of ['Expires', 'Signature', 'Key-Pair-Id']) url.searchParams.delete(name);
  const resource = url.href.replace(/\?$/, '');
  const policy = JSON.stringify({
    Statement: [{ Resource: resource, Condition: { DateLessThan: { 'AWS:EpochTime': expires } } }],
  });
  const bytes = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');
  return verify('RSA-SHA1', Buffer.from(policy), publicKey, bytes) && now.getTime() < expires * 1000;
}

describe('CloudFront signed segment URLs', () => {
  const signer = cloudFrontSigner({
    baseUrl: 'https://d111111abcdef8.cloudfront.net/hls/',
    keyPairId: 'K2JCJMDEHXQW5F',
    privateKey: pem,
  });
  const now = new Date('2026-11-27T10:02:30Z');
  const window = segmentWindow(now);

  it('signs the media key under the distribution, valid until the window’s end plus ten minutes', async () => {
    expect(signer).toMatchObject({ kind: 'cdn', origin: 'https://d111111abcdef8.cloudfront.net' });
    const address = await signer.sign(
      'hls/content/000000/7/12/360p_004.ts',
      window.signedAt,
      window.expiresAt,
    );
    expect(address).toMatch(
      /^https:\/\/d111111abcdef8\.cloudfront\.net\/hls\/hls\/content\/000000\/7\/12\/360p_004\.ts\?Expires=\d+&Key-Pair-Id=K2JCJMDEHXQW5F&Signature=[A-Za-z0-9~_-]+$/,
    );
    expect(Number(new URL(address).searchParams.get('Expires'))).toBe(
      Date.parse('2026-11-27T10:15:00Z') / 1000,
    );
    // The public key verifies it; an edge accepts it until it expires.
    expect(edgeAccepts(address, now)).toBe(true);
    expect(edgeAccepts(address, new Date('2026-11-27T10:14:59Z'))).toBe(true);
    expect(edgeAccepts(address, new Date('2026-11-27T10:15:00Z'))).toBe(false);
  });

  it('is refused tampered: another file, a later expiry, another key pair, a changed signature', async () => {
    const address = await signer.sign(
      'hls/content/000000/7/12/360p_004.ts',
      window.signedAt,
      window.expiresAt,
    );
    expect(edgeAccepts(address.replace('360p_004.ts', '720p_004.ts'), now)).toBe(false);
    const expires = new URL(address).searchParams.get('Expires') ?? '';
    expect(edgeAccepts(address.replace(`Expires=${expires}`, `Expires=${Number(expires) + 3600}`), now)).toBe(
      false,
    );
    expect(edgeAccepts(address.replace('K2JCJMDEHXQW5F', 'APKAOTHERKEY'), now)).toBe(false);
    const signature = new URL(address).searchParams.get('Signature') ?? '';
    const changed = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect(edgeAccepts(address.replace(signature, changed), now)).toBe(false);
  });

  it('signs alike within a window, so every viewer (and the edge’s cache) sees one URL per file', async () => {
    const later = segmentWindow(new Date('2026-11-27T10:04:59Z'));
    const next = segmentWindow(new Date('2026-11-27T10:05:00Z'));
    const key = 'hls/demo/love-in-manila/3/360p_000.ts';
    const first = await signer.sign(key, window.signedAt, window.expiresAt);
    expect(await signer.sign(key, later.signedAt, later.expiresAt)).toBe(first);
    expect(await signer.sign(key, next.signedAt, next.expiresAt)).not.toBe(first);
  });
});
