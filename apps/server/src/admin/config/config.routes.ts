import { adminConfigApi, type ConfigSection, type WalletSettings } from '@dramastar/contract';
// eslint-disable-next-line no-restricted-imports -- still to move into a service (issue 42): the audited change's unit of work
import type { Db, Tx } from '../../db/client.js';
import type { Router } from '../../http/route.js';
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
 * The console's configuration per tenant, copyright products and tenants (/admin-api). A tenant
 * admin works within its tenants (403 outside them); every change writes its audit entry, with the
 * value before and after, in the transaction of the change.
 */
export function adminConfigRoutes(
  router: Router,
  deps: {
    db: Db;
    operators: OperatorService;
    config: AdminConfigService;
    copyrights: CopyrightAdmin;
    publicUrl: string;
    /** Announces a committed change of tenants (every instance drops its cached answers). */
    tenantsChanged: () => Promise<void>;
  },
): void {
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

  router.operator(adminConfigApi.tenantConfig, ({ operator, query }) => {
    inScope(operator, query.tenantId);
    return config.read(query.tenantId);
  });

  router.operator(adminConfigApi.updateGeneral, async ({ operator, body }) => {
    const { tenantId, ...next } = body;
    inScope(operator, tenantId);
    await audited(
      operator,
      { tenantId, action: 'config.general.update', target: `tenant:${tenantId}` },
      (tx) => config.updateGeneral(tx, tenantId, next),
    );
    return config.read(tenantId);
  });

  const sectionUpdate = (section: ConfigSection) => {
    return async ({ operator, body }: { operator: OperatorContext; body: { tenantId: string } }) => {
      const { tenantId, ...settings } = body;
      inScope(operator, tenantId);
      await audited(
        operator,
        { tenantId, action: `config.${section}.update`, target: `tenant:${tenantId}` },
        (tx) => config.updateSection(tx, tenantId, section, settings),
      );
      return config.read(tenantId);
    };
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

  router.operator(adminConfigApi.updateWallet, async ({ operator, body }) => {
    const { tenantId, totpCode, ...settings } = body;
    inScope(operator, tenantId);
    return walletChange(operator, tenantId, totpCode, 'config.wallet.update', settings, (tx) =>
      config.updateSection(tx, tenantId, 'wallet', settings),
    );
  });
  router.operator(adminConfigApi.updateMembership, sectionUpdate('membership'));
  router.operator(adminConfigApi.updateTeam, sectionUpdate('team'));
  router.operator(adminConfigApi.updateEarn, sectionUpdate('earn'));

  router.operator(adminConfigApi.resetSection, async ({ operator, body }) => {
    inScope(operator, body.tenantId);
    if (body.section === 'wallet')
      return walletChange(operator, body.tenantId, body.totpCode, 'config.wallet.reset', null, (tx) =>
        config.resetSection(tx, body.tenantId, 'wallet'),
      );
    await audited(
      operator,
      { tenantId: body.tenantId, action: `config.${body.section}.reset`, target: `tenant:${body.tenantId}` },
      (tx) => config.resetSection(tx, body.tenantId, body.section),
    );
    return config.read(body.tenantId);
  });

  router.operator(adminConfigApi.copyrights, async ({ operator, query }) => {
    inScope(operator, query.tenantId);
    return { list: await copyrights.list(db, query.tenantId) };
  });

  router.operator(adminConfigApi.saveCopyright, async ({ operator, body }) => {
    inScope(operator, body.tenantId);
    const { after } = await operators.audited(
      operator,
      (tx) => copyrights.save(tx, body),
      ({ before, after }) => ({
        tenantId: body.tenantId,
        action: before ? 'copyright.update' : 'copyright.create',
        target: `copyright:${after.id}`,
        before,
        after,
      }),
    );
    return after;
  });

  router.operator(adminConfigApi.retireCopyright, ({ operator, body }) =>
    operators
      .audited(
        operator,
        (tx) => copyrights.retire(tx, body.id, operator.tenantIds),
        ({ before, after }) => ({
          tenantId: after.tenantId,
          action: 'copyright.retire',
          target: `copyright:${after.id}`,
          before,
          after,
        }),
      )
      .then(({ after }) => after),
  );

  router.operator(adminConfigApi.tenants, async () => ({ list: await config.tenants() }));

  router.operator(adminConfigApi.createTenant, ({ operator, body }) =>
    audited(
      operator,
      { tenantId: body.tenantId, action: 'tenant.create', target: `tenant:${body.tenantId}` },
      async (tx) => ({
        before: null,
        after: await config.createTenant(tx, body, deps.publicUrl),
      }),
    ),
  );

  router.operator(adminConfigApi.tenantDomains, ({ operator, body }) =>
    audited(
      operator,
      { tenantId: body.tenantId, action: 'tenant.domains', target: `tenant:${body.tenantId}` },
      (tx) => config.tenantDomains(tx, body.tenantId, body.domains),
    ),
  );
}
