import {
  type CurrencyKey,
  defaultWalletSettings,
  isCurrencyKey,
  type WalletSettings,
  walletSettingsSchema,
} from '@dramastar/contract';
import type { DbOrTx } from '../../db/client.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import { AppError } from '../../http/errors.js';
import { BANKS } from './banks.js';

export interface TenantWallet {
  tenantId: string;
  currency: CurrencyKey;
  settings: WalletSettings;
  /** The banks withdrawals go to: the tenant's list, else its currency's. */
  banks: { code: string; name: string }[];
}

/**
 * A tenant's currency and wallet settings, read fresh on every use (an operator's change takes
 * effect at once). A tenant without its own settings uses its currency's defaults.
 */
export async function tenantWallet(db: DbOrTx, tenantId: string): Promise<TenantWallet> {
  const row = await tenantSettingsRow(db, tenantId);
  if (!row) throw new AppError('TenantNotFound', { field: 'tenantId' });
  if (!isCurrencyKey(row.currency)) throw new Error(`tenant ${tenantId} has currency ${row.currency}`);
  const settings =
    row.walletSettings === null
      ? defaultWalletSettings(row.currency)
      : walletSettingsSchema.parse(row.walletSettings);
  return { tenantId, currency: row.currency, settings, banks: settings.banks ?? BANKS[row.currency] };
}
