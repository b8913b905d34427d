import { adminExportApi } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import { FileAnswer } from '../../http/file-answer.js';
import type { Router } from '../../http/route.js';
import { type OperatorService, tenantScope } from '../../modules/operator/operator.service.js';
import { exportLines } from '../../modules/export/export.service.js';

/**
 * CSV exports of the console (finance and admins, who also read the audit log), streamed from
 * the database in batches. Each export is written to the audit log (who took which rows).
 */
export function adminExportRoutes(router: Router, deps: { db: Db; operators: OperatorService }): void {
  router.operator(adminExportApi.exportCsv, async ({ operator, query }) => {
    const scope = tenantScope(operator, query.tenantId);
    await deps.operators.audited(
      operator,
      () => Promise.resolve(null),
      () => ({
        tenantId: query.tenantId ?? (scope?.length === 1 ? (scope[0] ?? null) : null),
        action: 'export.csv',
        target: `export:${query.kind}`,
        after: { from: query.from ?? null, to: query.to ?? null, orderNos: query.orderNos ?? null },
      }),
    );
    const day = (query.from ?? '').slice(0, 10) || 'all';
    const name = `${query.kind}-${query.tenantId ?? 'all-tenants'}-${query.orderNos ? 'selected' : day}.csv`;
    return new FileAnswer(name, 'text/csv; charset=utf-8', exportLines(deps.db, query.kind, scope, query));
  });
}
