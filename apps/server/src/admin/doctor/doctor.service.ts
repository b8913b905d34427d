import type { DoctorFinding } from '@dramastar/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type DeploymentFacts, diagnose } from '../../doctor.js';
import { operatorRoster } from '../../modules/operator/operator-rows.js';
import { allProviders } from '../../modules/payment/provider-rows.js';
import { allTenants } from '../../modules/tenant/tenant-rows.js';

/** What the doctor needs from the database: every tenant's settings and providers, every operator's two-factor. */
export async function deploymentFacts(db: Db): Promise<DeploymentFacts> {
  const [tenantRows, providerRows, operatorRows] = await Promise.all([
    allTenants(db),
    allProviders(db),
    operatorRoster(db),
  ]);
  return {
    tenants: tenantRows.map((t) => ({
      id: t.id,
      name: t.name,
      currency: t.currency,
      walletSettings: t.walletSettings,
      membershipSettings: t.membershipSettings,
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
