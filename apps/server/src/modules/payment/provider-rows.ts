import type { DbOrTx } from '../../db/client.js';
import { paymentProviders } from '../../db/schema/index.js';

/** Every tenant's payment providers: switched on or not, and their settings (the deployment doctor's view). */
export function allProviders(db: DbOrTx) {
  return db
    .select({
      tenantId: paymentProviders.tenantId,
      provider: paymentProviders.provider,
      enabled: paymentProviders.enabled,
      settings: paymentProviders.settings,
    })
    .from(paymentProviders);
}
