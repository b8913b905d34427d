import { adminDashboardApi, type DoctorFinding } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';
import { createOperatorService } from '../../modules/operator/operator.service.js';

let t: TestApp;
let f: WalletFixtures;

beforeAll(async () => {
  t = await buildTestApp();
  f = walletFixtures(t);
});
afterAll(() => t.close());

describe("the owner's dashboard lists what the deployment misses", () => {
  it('answers the doctor list to owners only, with this configuration, tenants and operators', async () => {
    const owner = await f.operator('owner', []);
    await createOperatorService(t.database.db, t.clock).create({
      username: 'newfinance',
      password: 'a-long-password-1',
      role: 'finance',
      tenantIds: ['000000'],
    });
    const res = await f.admin(adminDashboardApi.doctor, { token: owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const findings = (res.body as { data: { findings: DoctorFinding[] } }).data.findings;
    const lines = findings.map((x) => `${x.severity} ${x.subject}`);
    // The test server: not production, sandbox and test calls on, no SMTP, the demo's settings.
    expect(lines).toEqual(
      expect.arrayContaining([
        'warning NODE_ENV',
        'error SMTP_URL',
        'error PUBLIC_URL',
        'error SANDBOX_GATEWAY',
        'error TEST_API',
        'error DATA_ENCRYPTION_KEY',
        'warning TRUST_PROXY',
        'error operator newfinance (finance)',
      ]),
    );
    expect(lines.some((l) => /^error tenant 000000 /.test(l))).toBe(true);

    const finance = await f.operator('finance');
    const refused = await f.admin(adminDashboardApi.doctor, { token: finance });
    expect(refused.status).toBe(403);
  });
});
