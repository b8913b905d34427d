import { getSignedUrl } from '@aws-sdk/cloudfront-signer';
import { canonicalKey } from './storage.js';
import type { SegmentSigner } from './segment-urls.js';

export interface CloudFrontOptions {
  /** The distribution's address whose origin is the HLS place (`https://d111.cloudfront.net`, any path prefix). */
  baseUrl: string;
  /** The public key's id in the distribution's key group. */
  keyPairId: string;
  /** The matching RSA private key, PEM. */
  privateKey: string;
}

/**
 * Segments from CloudFront: each a signed URL with a canned policy (`Expires`, `Signature`,
 * `Key-Pair-Id`: RSA-SHA1 over the policy, checked by the edge with the key group's public key).
 * The URL is the distribution's base plus the media key, so the distribution's origin is the HLS
 * bucket with the HLS prefix as its origin path, reached with origin access control (the bucket
 * stays private) and "restrict viewer access" on.
 */
export function cloudFrontSigner(options: CloudFrontOptions): SegmentSigner {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    kind: 'cdn',
    origin: new URL(base).origin,
    sign: async (key, _signedAt, expiresAt) =>
      getSignedUrl({
        url: `${base}/${canonicalKey(key).split('/').map(encodeURIComponent).join('/')}`,
        keyPairId: options.keyPairId,
        privateKey: options.privateKey,
        dateLessThan: expiresAt,
      }),
  };
}
