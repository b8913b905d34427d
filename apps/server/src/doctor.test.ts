import { DEMO_USDT_ADDRESS, defaultWalletSettings } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { type DeploymentFacts, diagnose, formatFindings } from './doctor.js';

/** A production deployment with everything the doctor checks set. */
const complete = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db:5432/dramastar',
  SMTP_URL: 'smtps://mail.example.com',
  PUBLIC_URL: 'https://dramastar.example',
  TRUST_PROXY: '10.0.0.0/8',
  DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
  MEDIA_STORAGE: 's3',
  S3_ACCESS_KEY_ID: 'k',
  S3_SECRET_ACCESS_KEY: 's',
  S3_BUCKET: 'ds',
  S3_PUBLIC_BASE_URL: 'https://cdn.dramastar.example',
  METRICS_TOKEN: 'scrape-token-0123456789',
};

const ownWallet = () => {
  const w = defaultWalletSettings('PHP');
  w.recharge.official.accountNumber = '9876543210';
  w.recharge.usdt.address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  return w;
};

const ready: DeploymentFacts = {
  tenants: [
    {
      id: '000001',
      name: 'Manila',
      currency: 'PHP',
      walletSettings: ownWallet(),
      membershipSettings: { reviewed: true },
      providers: [{ provider: 'paymongo', enabled: true, mode: 'live' }],
    },
  ],
  operators: [
    { username: 'olivia', role: 'owner', totp: true, disabled: false },
    { username: 'carl', role: 'content', totp: true, disabled: false },
  ],
};

const subjects = (env: Record<string, string>, facts: DeploymentFacts = ready) =>
  diagnose(loadConfig(env), facts).map((f) => `${f.severity} ${f.subject}`);

describe('doctor: what a production deployment misses', () => {
  it('finds nothing on a deployment with every setting made', () => {
    expect(diagnose(loadConfig(complete), ready)).toEqual([]);
    expect(formatFindings([])).toMatch(/Nothing missing/);
  });

  it('names each missing or unsafe setting', () => {
    const without = (...names: string[]) =>
      Object.fromEntries(Object.entries(complete).filter(([name]) => !names.includes(name)));
    // Production refuses to start without SMTP_URL or the data key: read as in development.
    expect(subjects({ ...without('SMTP_URL', 'DATA_ENCRYPTION_KEY'), NODE_ENV: 'development' })).toEqual([
      'warning NODE_ENV',
      'error SMTP_URL',
      'error DATA_ENCRYPTION_KEY',
      'error SANDBOX_GATEWAY',
      'error TEST_API',
    ]);
    expect(subjects(without('PUBLIC_URL'))).toEqual(['error PUBLIC_URL']);
    expect(subjects({ ...complete, PUBLIC_URL: 'http://dramastar.example' })).toEqual(['warning PUBLIC_URL']);
    expect(subjects(without('TRUST_PROXY'))).toEqual(['warning TRUST_PROXY']);
    expect(subjects(without('DATABASE_URL'))).toEqual(['warning DATABASE_URL']);
    expect(subjects(without('METRICS_TOKEN'))).toEqual(['warning METRICS_TOKEN']);
    expect(subjects(without('S3_PUBLIC_BASE_URL'))).toEqual(['warning S3_PUBLIC_BASE_URL']);
    expect(subjects({ ...complete, MEDIA_STORAGE: 'local' })).toEqual(['warning MEDIA_STORAGE']);
    expect(subjects({ ...complete, MEDIA_STORAGE: 'local', MEDIA_DIR: '/srv/media' })).toEqual([]);
  });

  it('names tenants without a provider, in test mode, on demo payment details or default prices', () => {
    const tenant = ready.tenants[0]!;
    const facts = (over: Partial<DeploymentFacts['tenants'][number]>): DeploymentFacts => ({
      ...ready,
      tenants: [{ ...tenant, ...over }],
    });
    const messages = (f: DeploymentFacts) =>
      diagnose(loadConfig(complete), f).map((x) => `${x.severity} ${x.message}`);
    expect(messages(facts({ providers: [] }))).toEqual([
      'error no payment provider enabled: users cannot recharge by gateway',
    ]);
    expect(
      messages(facts({ providers: [{ provider: 'paymongo', enabled: false, mode: 'live' }] })),
    ).toHaveLength(1);
    expect(messages(facts({ providers: [{ provider: 'paymongo', enabled: true, mode: 'test' }] }))).toEqual([
      'warning payment provider paymongo is in test mode: payments are not real',
    ]);
    expect(messages(facts({ walletSettings: null }))).toEqual([
      'error wallet settings are the defaults: the demo bank account and USDT address receive deposits',
    ]);
    expect(messages(facts({ walletSettings: defaultWalletSettings('PHP') }))).toEqual([
      'error the official transfer channel shows the demo bank account',
      'error the USDT channel shows the demo deposit address',
    ]);
    const usdtOff = ownWallet();
    usdtOff.recharge.usdt = { ...usdtOff.recharge.usdt, enabled: false, address: DEMO_USDT_ADDRESS };
    expect(messages(facts({ walletSettings: usdtOff }))).toEqual([]);
    expect(messages(facts({ membershipSettings: null }))).toEqual([
      'warning Star Card prices are the defaults (never reviewed)',
    ]);
    const found = diagnose(loadConfig(complete), facts({ membershipSettings: null }));
    expect(found[0]).toMatchObject({ area: 'tenant', subject: 'tenant 000001 (Manila)' });
  });

  it('names operators without two-factor: an error for roles that move money, not for disabled ones', () => {
    const found = diagnose(loadConfig(complete), {
      ...ready,
      operators: [
        { username: 'olivia', role: 'owner', totp: false, disabled: false },
        { username: 'fay', role: 'finance', totp: false, disabled: false },
        { username: 'sam', role: 'support', totp: false, disabled: false },
        { username: 'gone', role: 'finance', totp: false, disabled: true },
      ],
    });
    expect(found.map((f) => `${f.severity} ${f.subject}`)).toEqual([
      'error operator olivia (owner)',
      'error operator fay (finance)',
      'warning operator sam (support)',
    ]);
    expect(formatFindings(found).split('\n')[2]).toBe('warning operator sam (support): no two-factor');
  });
});
