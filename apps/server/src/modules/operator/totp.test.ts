import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  otpauthUri,
  totpCode,
  totpStep,
  verifyTotp,
} from './totp.js';

/** RFC 6238 appendix B: the seeds and the 8-digit codes at each time. */
const SEED_SHA1 = Buffer.from('12345678901234567890', 'ascii');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012', 'ascii');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii');
const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 test vectors', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const step = totpStep(seconds * 1000);
      expect(hotp(SEED_SHA1, step, 8)).toBe(sha1);
      expect(hotp(SEED_SHA256, step, 8, 'sha256')).toBe(sha256);
      expect(hotp(SEED_SHA512, step, 8, 'sha512')).toBe(sha512);
    }
  });

  it('gives 6-digit codes from a base32 secret (the last 6 digits of the vectors)', () => {
    const secret = base32Encode(SEED_SHA1);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [seconds, sha1] of VECTORS) expect(totpCode(secret, seconds * 1000)).toBe(sha1.slice(2));
  });

  it('round-trips base32 and refuses foreign characters', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode('gezd gnbv')).toEqual(base32Decode('GEZDGNBV'));
    expect(() => base32Decode('GEZ1')).toThrow();
  });

  it('accepts the step before and after, not further, and never a step already used', () => {
    const secret = base32Encode(SEED_SHA1);
    const at = 1111111111_000;
    const now = totpStep(at);
    expect(verifyTotp(secret, totpCode(secret, at), at)).toBe(now);
    expect(verifyTotp(secret, totpCode(secret, at - 30_000), at)).toBe(now - 1);
    expect(verifyTotp(secret, totpCode(secret, at + 30_000), at)).toBe(now + 1);
    expect(verifyTotp(secret, totpCode(secret, at - 60_000), at)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, at + 60_000), at)).toBeNull();
    // A code whose step was accepted (or an older one) is refused.
    expect(verifyTotp(secret, totpCode(secret, at), at, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, at - 30_000), at, now - 1)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, at + 30_000), at, now)).toBe(now + 1);
    expect(verifyTotp(secret, '12345', at)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    const uri = otpauthUri('GEZDGNBV', 'alice', 'DramaStar');
    expect(uri).toBe(
      'otpauth://totp/DramaStar%3Aalice?secret=GEZDGNBV&issuer=DramaStar&algorithm=SHA1&digits=6&period=30',
    );
  });
});
