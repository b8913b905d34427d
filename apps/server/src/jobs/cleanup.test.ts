import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock.js';
import { caller } from '../test/client.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { purgeExpired } from './cleanup.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rows = async (table: string) =>
  Number((await t.database.query<{ n: string }>(`select count(*)::text as n from ${table}`))[0]?.n);

describe('the clean-up job', () => {
  it('deletes expired codes, captchas and rate-limit windows a day after they end, and nothing live', async () => {
    const call = caller(t.app);
    await call(api.auth.sendEmailCode, { body: { email: 'old@example.ph', isRegister: 1 } });
    await call(api.auth.captcha);
    expect(await purgeExpired(t.database.db, t.clock)).toBe(0);
    expect(await rows('email_code')).toBe(1);

    t.clock.advance(DAY_MS + 11 * 60_000);
    await call(api.auth.sendEmailCode, { body: { email: 'new@example.ph', isRegister: 1 } });
    const removed = await purgeExpired(t.database.db, t.clock);
    expect(removed).toBeGreaterThanOrEqual(3);
    expect(await t.database.query('select email from email_code')).toEqual([{ email: 'new@example.ph' }]);
    expect(await rows('captcha')).toBe(0);
    // Running it again, or on another instance at the same time, finds nothing more.
    expect(await purgeExpired(t.database.db, t.clock)).toBe(0);
  });
});
