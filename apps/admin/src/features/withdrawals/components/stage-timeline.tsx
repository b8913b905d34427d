import { Timeline, Typography } from 'antd';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { type Translator, useT } from '../../../shared/i18n';
import { type AdminWithdrawal, useWithdrawalTimeline } from '../api/withdrawals';
import { ACTION_LABELS, STAGE_COLORS, type WithdrawalAction } from '../withdrawal-actions';
import { palette } from '../../../shared/ui/palette';

const DOT: Record<string, string> = {
  gold: palette.gold,
  blue: palette.blue,
  geekblue: palette.geekblue,
  green: palette.green,
  red: palette.colorError,
  volcano: palette.volcano,
};

/** The stage an action leads to, for its colour on the timeline. */
const REACHES: Record<string, keyof typeof STAGE_COLORS> = {
  applied: 'applied',
  approve: 'approved',
  process: 'processing',
  pay: 'paid',
  reject: 'rejected',
  fail: 'failed',
};

const stepLabel = (t: Translator, action: string) =>
  action === 'applied'
    ? t('timeline.applied')
    : action === 'payout_account_view'
      ? t('timeline.accountViewed')
      : action in ACTION_LABELS
        ? t(ACTION_LABELS[action as WithdrawalAction])
        : action;

/**
 * Each step of a withdrawal, oldest first: what was done, by whom and when, with the reason of a
 * reject or fail and the bank's reference of the payout.
 */
export function StageTimeline({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const t = useT();
  const timeline = useWithdrawalTimeline(withdrawal.orderNo);
  if (timeline.isError) return <Typography.Text type="danger">{errorText(timeline.error)}</Typography.Text>;
  const steps = timeline.data?.steps ?? [];
  return (
    <Timeline
      data-testid={`timeline-${withdrawal.orderNo}`}
      className="ds-timeline"
      items={(timeline.isPending
        ? [{ action: 'loading', by: null, at: '', reason: null, reference: null }]
        : steps
      ).map((s) => {
        if (s.action === 'loading') return { color: 'gray', content: t('timeline.loading') };
        const stage = REACHES[s.action];
        return {
          color: stage ? (DOT[STAGE_COLORS[stage]] ?? 'gray') : 'gray',
          content: (
            <span data-testid={`timeline-step-${s.action}`}>
              <b>{stepLabel(t, s.action)}</b>
              {s.by ? ` ${t('timeline.by', { name: s.by })}` : ''} · {formatTime(s.at)}
              {s.reference ? (
                <>
                  {' '}
                  · {t('timeline.bankReference')} <Typography.Text code>{s.reference}</Typography.Text>
                </>
              ) : null}
              {s.reason ? ` — ${s.reason}` : ''}
            </span>
          ),
        };
      })}
    />
  );
}
