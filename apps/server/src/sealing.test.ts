import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createSealer, DEVELOPMENT_DATA_KEY } from './sealing.js';

describe('sealed values (AES-256-GCM)', () => {
  const sealer = createSealer(randomBytes(32));

  it('open to what was sealed, each sealing different, and never show the clear text', () => {
    const a = sealer.seal('001234567890');
    const b = sealer.seal('001234567890');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(sealer.open(a)).toBe('001234567890');
    expect(sealer.open(b)).toBe('001234567890');
  });

  it('refuse a changed value, another key’s value and anything unsealed', () => {
    const sealed = sealer.seal('001234567890');
    const [v, nonce, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => sealer.open([v, nonce, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow();
    expect(() => sealer.open('001234567890')).toThrow();
  });

  it('digest equal numbers equally, under the key only', () => {
    expect(sealer.digest('001234567890')).toBe(sealer.digest('001234567890'));
    expect(sealer.digest('001234567890')).not.toBe(sealer.digest('001234567891'));
    expect(createSealer(randomBytes(32)).digest('001234567890')).not.toBe(sealer.digest('001234567890'));
  });
});

describe('DATA_ENCRYPTION_KEY', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };
  const key = 'ab'.repeat(32);

  it('is required in production, and must be 32 bytes in hex', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ ...production, DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(loadConfig({ ...production, DATA_ENCRYPTION_KEY: key }).dataEncryptionKey).toEqual(
      Buffer.from(key, 'hex'),
    );
  });

  it('defaults to the fixed development key elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).dataEncryptionKey).toEqual(DEVELOPMENT_DATA_KEY);
  });
});
