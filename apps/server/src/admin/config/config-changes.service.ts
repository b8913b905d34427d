import type { ConfigSection, GeneralSettings, WalletSettings } from '@dramastar/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  type OperatorContext,
  type OperatorService,
  tenantScope,
} from '../../modules/operator/operator.service.js';
import type { CopyrightAdmin } from '../../modules/team/copyright-admin.js';
import type { AdminConfigService } from './config.service.js';

/** Where users pay, as a wallet section sets it: the collection bank account and the USDT address. */
export function collectionOf(w: WalletSettings) {
  const { bankName, accountName, accountNumber } = w.recharge.official;
  return { bankName, accountName, accountNumber, usdtAddress: w.recharge.usdt.address };
}

/** The audit action of a change of where users pay (besides the section's own entry). */
export const COLLECTION_AUDIT_ACTION = 'config.wallet.collection';

/**
 * The console's configuration calls as units of work: a tenant admin works within its tenants
 * (403 outside them); every change writes its audit entry, with the value before and after, in
 * the transaction of the change, and once a tenant's configuration change commits every instance
 * forgets its tenant answers. The rules are config.service.ts's and copyright-admin.ts's.
 */
export function createConfigChanges(deps: {
  db: Db;
  operators: Pick<OperatorService, 'audited' | 'audit' | 'confirmTotp'>;
  config: AdminConfigService;
  copyrights: CopyrightAdmin;
  publicUrl: string;
  /** Announces a committed change of tenants (every instance drops its cached answers). */
  tenantsChanged: () => Promise<void>;
}) {
  const { db, operators, config, copyrights } = deps;

  /** 403 Forbidden when the tenant is outside the operator's tenants. */
  const inScope = (operator: OperatorContext, tenantId: string) => void tenantScope(operator, tenantId);

  /** A change with its audit entry; once committed, every instance forgets its tenant answers. */
  const audited = async <T>(
    operator: OperatorContext,
    entry: { tenantId: string | null; action: string; target: string },
    change: (tx: Tx) => Promise<{ before: unknown; after: T }>,
  ) => {
    const { after } = await operators.audited(operator, change, ({ before, after }) => ({
      ...entry,
      before,
      after,
    }));
    await deps.tenantsChanged();
    return after;
  };

  /**
   * A wallet save or reset that moves where users pay asks for the operator's authenticator code
   * again and writes its own audit entry (the owners' dashboard lists them).
   */
  const walletChange = async (
    operator: OperatorContext,
    tenantId: string,
    totpCode: string | undefined,
    action: string,
    next: WalletSettings | null,
    /** The section's change (its `after.value` is the wallet section in force after it). */
    change: (tx: Tx) => Promise<{ before: unknown; after: { value: unknown } }>,
  ) => {
    const before = collectionOf((await config.read(tenantId)).wallet.value);
    const moves = (after: WalletSettings) => JSON.stringify(collectionOf(after)) !== JSON.stringify(before);
    // A reset's outcome is the currency's defaults: known only from the change, so it is asked for
    // when the tenant has its own collection details at all.
    const asks = next ? moves(next) : !(await config.read(tenantId)).wallet.isDefault;
    if (asks) await operators.confirmTotp(operator, totpCode);
    await audited(operator, { tenantId, action, target: `tenant:${tenantId}` }, async (tx) => {
      const made = await change(tx);
      const after = made.after.value as WalletSettings;
      if (moves(after))
        await operators.audit(tx, operator, {
          tenantId,
          action: COLLECTION_AUDIT_ACTION,
          target: `tenant:${tenantId}`,
          before,
          after: collectionOf(after),
          reason: 'authenticator code confirmed',
        });
      return made;
    });
    return config.read(tenantId);
  };

  return {
    /** A tenant's configuration (403 outside the operator's tenants). */
    read(operator: OperatorContext, tenantId: string) {
      inScope(operator, tenantId);
      return config.read(tenantId);
    },

    async updateGeneral(operator: OperatorContext, input: GeneralSettings & { tenantId: string }) {
      const { tenantId, ...next } = input;
      inScope(operator, tenantId);
      await audited(
        operator,
        { tenantId, action: 'config.general.update', target: `tenant:${tenantId}` },
        (tx) => config.updateGeneral(tx, tenantId, next),
      );
      return config.read(tenantId);
    },

    /** A membership, team or earn section saved (already validated by the contract). */
    async updateSection(
      operator: OperatorContext,
      section: Exclude<ConfigSection, 'wallet'>,
      input: { tenantId: string },
    ) {
      const { tenantId, ...settings } = input;
      inScope(operator, tenantId);
      await audited(
        operator,
        { tenantId, action: `config.${section}.update`, target: `tenant:${tenantId}` },
        (tx) => config.updateSection(tx, tenantId, section, settings),
      );
      return config.read(tenantId);
    },

    async updateWallet(
      operator: OperatorContext,
      input: WalletSettings & { tenantId: string; totpCode?: string | undefined },
    ) {
      const { tenantId, totpCode, ...settings } = input;
      inScope(operator, tenantId);
      return walletChange(operator, tenantId, totpCode, 'config.wallet.update', settings, (tx) =>
        config.updateSection(tx, tenantId, 'wallet', settings),
      );
    },

    async resetSection(
      operator: OperatorContext,
      input: { tenantId: string; section: ConfigSection; totpCode?: string | undefined },
    ) {
      inScope(operator, input.tenantId);
      if (input.section === 'wallet')
        return walletChange(operator, input.tenantId, input.totpCode, 'config.wallet.reset', null, (tx) =>
          config.resetSection(tx, input.tenantId, 'wallet'),
        );
      const { section } = input;
      await audited(
        operator,
        { tenantId: input.tenantId, action: `config.${section}.reset`, target: `tenant:${input.tenantId}` },
        (tx) => config.resetSection(tx, input.tenantId, section),
      );
      return config.read(input.tenantId);
    },

    async copyrights(operator: OperatorContext, tenantId: string) {
      inScope(operator, tenantId);
      return { list: await copyrights.list(db, tenantId) };
    },

    async saveCopyright(operator: OperatorContext, form: Parameters<CopyrightAdmin['save']>[1]) {
      inScope(operator, form.tenantId);
      const { after } = await operators.audited(
        operator,
        (tx) => copyrights.save(tx, form),
        ({ before, after }) => ({
          tenantId: form.tenantId,
          action: before ? 'copyright.update' : 'copyright.create',
          target: `copyright:${after.id}`,
          before,
          after,
        }),
      );
      return after;
    },

    retireCopyright: (operator: OperatorContext, id: string) =>
      operators
        .audited(
          operator,
          (tx) => copyrights.retire(tx, id, operator.tenantIds),
          ({ before, after }) => ({
            tenantId: after.tenantId,
            action: 'copyright.retire',
            target: `copyright:${after.id}`,
            before,
            after,
          }),
        )
        .then(({ after }) => after),

    createTenant: (operator: OperatorContext, input: Parameters<AdminConfigService['createTenant']>[1]) =>
      audited(
        operator,
        { tenantId: input.tenantId, action: 'tenant.create', target: `tenant:${input.tenantId}` },
        async (tx) => ({
          before: null,
          after: await config.createTenant(tx, input, deps.publicUrl),
        }),
      ),

    tenantDomains: (operator: OperatorContext, tenantId: string, domains: string[]) =>
      audited(operator, { tenantId, action: 'tenant.domains', target: `tenant:${tenantId}` }, (tx) =>
        config.tenantDomains(tx, tenantId, domains),
      ),
  };
}

export type ConfigChanges = ReturnType<typeof createConfigChanges>;
