import type { WaitingQueue } from '@dramastar/contract';
import type { TranslationKey } from '../../shared/i18n';

/** Each queue's filtered page (under /admin) and its words on the dashboard. */
export const WAITING: Record<WaitingQueue, { path: string; status?: string; label: TranslationKey }> = {
  rechargesToConfirm: {
    path: '/finance/recharges',
    status: 'submitted',
    label: 'waiting.rechargesToConfirm',
  },
  withdrawalsToApprove: {
    path: '/finance/withdrawals',
    status: 'applied',
    label: 'waiting.withdrawalsToApprove',
  },
  withdrawalsToSend: { path: '/finance/withdrawals', status: 'approved', label: 'waiting.withdrawalsToSend' },
  payoutsToMarkPaid: {
    path: '/finance/withdrawals',
    status: 'processing',
    label: 'waiting.payoutsToMarkPaid',
  },
  creditsToApprove: { path: '/finance/credits', label: 'waiting.creditsToApprove' },
  chatsUnanswered: { path: '/support/chat', label: 'waiting.chatsUnanswered' },
  failedTranscodes: { path: '/content/jobs', status: 'failed', label: 'waiting.failedTranscodes' },
};

/** The queue's page narrowed to what waits (and to the dashboard's tenant, when one is picked). */
export function waitingLink(queue: WaitingQueue, tenantId: string | undefined): string {
  const { path, status } = WAITING[queue];
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (tenantId) params.set('tenantId', tenantId);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
