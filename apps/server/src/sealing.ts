import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Sensitive text kept at rest (bank card numbers): sealed with AES-256-GCM under the configured
 * data key (`DATA_ENCRYPTION_KEY`), each value with its own random 96-bit nonce, as
 * `v1.<nonce>.<tag>.<ciphertext>` in base64url. A changed or foreign value fails to open.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed digest (HMAC-SHA256, hex) to find equal values without keeping them in clear. */
  digest(plain: string): string;
}

const VERSION = 'v1';

/** The key development and tests use when none is configured (never production: see config.ts). */
export const DEVELOPMENT_DATA_KEY = createHash('sha256').update('dramastar development data key').digest();

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the data encryption key must be 32 bytes');
  // One subkey per purpose, so the cipher's key never doubles as the digest's.
  const subkey = (purpose: string) => createHmac('sha256', key).update(purpose).digest();
  const sealKey = subkey('dramastar:seal');
  const digestKey = subkey('dramastar:digest');
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    digest: (plain) => createHmac('sha256', digestKey).update(plain).digest('hex'),
  };
}
