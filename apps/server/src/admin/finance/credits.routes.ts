import { adminCreditApi } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { CreditService } from '../../modules/wallet/credit.service.js';

/** Refunds and goodwill credits from the console (support, finance, admins): see credit.service.ts. */
export function adminCreditRoutes(router: Router, deps: { credits: CreditService }): void {
  const { credits } = deps;
  router.operator(adminCreditApi.create, ({ operator, body }) => credits.create(operator, body));
  router.operator(adminCreditApi.list, ({ operator, query }) => credits.list(operator, query));
  router.operator(adminCreditApi.limits, ({ operator, query }) =>
    credits.limits(operator, BigInt(query.userId)),
  );
  router.operator(adminCreditApi.approve, ({ operator, body }) =>
    credits.decide(operator, BigInt(body.id), 'approve'),
  );
  router.operator(adminCreditApi.reject, ({ operator, body }) =>
    credits.decide(operator, BigInt(body.id), 'reject', body.reason),
  );
}
