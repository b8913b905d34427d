import { DEMO_USDT_ADDRESS, type DoctorFinding, ROLES } from '@dramastar/contract';
import type { Config } from './config.js';

/**
 * What a production deployment misses or has unsafe (`npm run doctor`, the start log in
 * production, the owner's dashboard): a pure function over the environment and what the database
 * holds, so each rule is tested on its own. An `error` is something a real site must not run
 * with (money or accounts at risk, or users locked out); a `warning` works but is probably not
 * what the operator meant.
 */
export interface DeploymentFacts {
  tenants: {
    id: string;
    name: string;
    currency: string;
    /** The stored settings (null: the currency's defaults, i.e. the demo's). */
    walletSettings: unknown;
    membershipSettings: unknown;
    providers: { provider: string; enabled: boolean; mode: string | undefined }[];
  }[];
  operators: { username: string; role: string; totp: boolean; disabled: boolean }[];
}

/** The demo's payment details (docs/wallet.md): a tenant still showing them sends users' money nowhere. */
const DEMO_BANK_ACCOUNT = '000123456789';

const moneyRoles: readonly string[] = ROLES.finance;

export type DoctorConfig = Pick<
  Config,
  'env' | 'configured' | 'publicUrl' | 'sandboxGateway' | 'testApi' | 's3'
>;

export function diagnose(cfg: DoctorConfig, facts: DeploymentFacts): DoctorFinding[] {
  const out: DoctorFinding[] = [];
  const set = (name: string) => cfg.configured.has(name);
  const config = (severity: DoctorFinding['severity'], subject: string, message: string) =>
    out.push({ severity, area: 'config', subject, message });

  if (cfg.env !== 'production') {
    config(
      'warning',
      'NODE_ENV',
      'not production: the outbox, the /test calls and the sandbox gateway may be on',
    );
  }
  if (!set('SMTP_URL')) {
    config(
      'error',
      'SMTP_URL',
      'not set: sign-up and login codes are not e-mailed (production refuses to start)',
    );
  }
  if (!set('PUBLIC_URL')) {
    config('error', 'PUBLIC_URL', 'not set: e-mail links and payment return addresses point at localhost');
  } else if (!cfg.publicUrl.startsWith('https://')) {
    config('warning', 'PUBLIC_URL', 'not https: sessions and payment returns travel in clear text');
  }
  if (!set('TRUST_PROXY')) {
    config(
      'warning',
      'TRUST_PROXY',
      'not set: behind a load balancer every client counts as its address, so all share each per-address limit',
    );
  }
  if (!set('DATA_ENCRYPTION_KEY')) {
    config(
      'error',
      'DATA_ENCRYPTION_KEY',
      'not set: bank card numbers and providers\u2019 keys are sealed with the public development key',
    );
  }
  if (!set('DATABASE_URL')) {
    config('warning', 'DATABASE_URL', 'not set: the embedded PGlite database serves one instance only');
  }
  for (const [name, on] of [
    ['SANDBOX_GATEWAY', cfg.sandboxGateway],
    ['TEST_API', cfg.testApi],
  ] as const) {
    if (on) config('error', name, 'enabled: anyone could mint money or grant themselves a Star Card');
  }
  if (!cfg.s3) {
    if (!set('MEDIA_DIR')) {
      config(
        'warning',
        'MEDIA_STORAGE',
        'local in DATA_DIR/media: instances must share that directory (set MEDIA_DIR to a shared volume, or MEDIA_STORAGE=s3)',
      );
    }
  } else if (!cfg.s3.publicBaseUrl) {
    config(
      'warning',
      'S3_PUBLIC_BASE_URL',
      'not set: covers and posters are served through the instances, not a CDN',
    );
  }
  if (!set('METRICS_TOKEN')) {
    config('warning', 'METRICS_TOKEN', 'not set: /metrics answers only a scraper on the same machine');
  }

  for (const t of facts.tenants) {
    const subject = `tenant ${t.id} (${t.name})`;
    const tenant = (severity: DoctorFinding['severity'], message: string) =>
      out.push({ severity, area: 'tenant', subject, message });
    const enabled = t.providers.filter((p) => p.enabled);
    if (enabled.length === 0)
      tenant('error', 'no payment provider enabled: users cannot recharge by gateway');
    for (const p of enabled) {
      if (p.mode === 'test')
        tenant('warning', `payment provider ${p.provider} is in test mode: payments are not real`);
    }
    if (t.walletSettings === null || t.walletSettings === undefined) {
      tenant(
        'error',
        'wallet settings are the defaults: the demo bank account and USDT address receive deposits',
      );
    } else {
      const recharge = (
        t.walletSettings as {
          recharge?: {
            official?: { enabled?: boolean; accountNumber?: string };
            usdt?: { enabled?: boolean; address?: string };
          };
        }
      ).recharge;
      if (recharge?.official?.enabled && recharge.official.accountNumber === DEMO_BANK_ACCOUNT) {
        tenant('error', 'the official transfer channel shows the demo bank account');
      }
      if (recharge?.usdt?.enabled && recharge.usdt.address === DEMO_USDT_ADDRESS) {
        tenant('error', 'the USDT channel shows the demo deposit address');
      }
    }
    if (t.membershipSettings === null || t.membershipSettings === undefined) {
      tenant('warning', 'Star Card prices are the defaults (never reviewed)');
    }
  }

  for (const o of facts.operators) {
    if (o.disabled || o.totp) continue;
    const money = moneyRoles.includes(o.role);
    out.push({
      severity: money ? 'error' : 'warning',
      area: 'operator',
      subject: `operator ${o.username} (${o.role})`,
      message: money
        ? 'no two-factor yet: this role moves money (enrolled at the first sign-in)'
        : 'no two-factor',
    });
  }
  return out;
}

/** The findings as lines for a terminal or a log, errors first. */
export function formatFindings(findings: DoctorFinding[]): string {
  if (findings.length === 0) return 'Nothing missing: the deployment has every setting the doctor checks.';
  const sorted = [...findings].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  return sorted
    .map((f) => `${f.severity === 'error' ? 'ERROR  ' : 'warning'} ${f.subject}: ${f.message}`)
    .join('\n');
}
