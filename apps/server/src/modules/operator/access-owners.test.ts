import { accessApi } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('owners', () => {
  it('one owner always stays enabled, even when owners disable each other at once (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t);
    try {
      const fixtures = walletFixtures(t);
      const admins = [caller(t.app, '/admin-api'), caller(second?.app ?? t.app, '/admin-api')];
      for (let round = 0; round < (usingPostgres ? 5 : 2); round++) {
        const a = await fixtures.operatorAccount('owner', []);
        const b = await fixtures.operatorAccount('owner', []);
        // Only these two are enabled owners now (the ones before are disabled, as by an owner).
        await t.database.query(
          `update operator set disabled_at = now() where role = 'owner' and disabled_at is null and id not in ($1, $2)`,
          [a.id, b.id],
        );
        const answers = await Promise.all([
          admins[0]!(accessApi.setOperatorDisabled, {
            token: a.token,
            body: { id: b.id, disabled: true },
          }),
          admins[1]!(accessApi.setOperatorDisabled, {
            token: b.token,
            body: { id: a.id, disabled: true },
          }),
        ]);
        // One disable wins; the other is refused (by name, or as a session the first one ended).
        expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
        const refused = answers.find((r) => r.status !== 200)!;
        expect([409, 401]).toContain(refused.status);
        if (refused.status === 409) expect(refused.body.errorKey).toBe('LastOwner');
        const enabled = await t.database.query<{ n: number }>(
          `select count(*)::int as n from operator where role = 'owner' and disabled_at is null`,
        );
        expect(enabled[0]!.n).toBe(1);
      }
    } finally {
      await second?.close();
    }
  });
});
