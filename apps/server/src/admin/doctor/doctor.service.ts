import type { DoctorFinding } from '@dramastar/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { operators, paymentProviders, tenants } from '../../db/schema/index.js';
import { type DeploymentFacts, diagnose } from '../../doctor.js';

/** What the doctor needs from the database: every tenant's settings and providers, every operator's two-factor. */
export async function deploymentFacts(db: Db): Promise<DeploymentFacts> {
  const [tenantRows, providerRows, operatorRows] = await Promise.all([
    db
      .select({
        id: tenants.id,
        name: tenants.name,
        currency: tenants.currency,
        walletSettings: tenants.walletSettings,
        membershipSettings: tenants.membershipSettings,
      })
      .from(tenants)
      .orderBy(tenants.id),
    db
      .select({
        tenantId: paymentProviders.tenantId,
        provider: paymentProviders.provider,
        enabled: paymentProviders.enabled,
        settings: paymentProviders.settings,
      })
      .from(paymentProviders),
    db
      .select({
        username: operators.username,
        role: operators.role,
        totpEnabledAt: operators.totpEnabledAt,
        disabledAt: operators.disabledAt,
      })
      .from(operators)
      .orderBy(operators.username),
  ]);
  return {
    tenants: tenantRows.map((t) => ({
      ...t,
      providers: providerRows
        .filter((p) => p.tenantId === t.id)
        .map((p) => ({ provider: p.provider, enabled: p.enabled, mode: p.settings.mode })),
    })),
    operators: operatorRows.map((o) => ({
      username: o.username,
      role: o.role,
      totp: o.totpEnabledAt !== null,
      disabled: o.disabledAt !== null,
    })),
  };
}

/** The doctor's findings for this deployment: its configuration and what the database holds. */
export async function doctorFindings(db: Db, config: Config): Promise<DoctorFinding[]> {
  return diagnose(config, await deploymentFacts(db));
}
