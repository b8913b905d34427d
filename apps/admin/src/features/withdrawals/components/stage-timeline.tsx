import { Timeline } from 'antd';
import { formatTime } from '../../../shared/format';
import type { AdminWithdrawal } from '../api/withdrawals';
import { STAGE_COLORS } from '../withdrawal-actions';

const DOT: Record<string, string> = {
  gold: '#faad14',
  blue: '#1677ff',
  geekblue: '#2f54eb',
  green: '#52c41a',
  red: '#ff4d4f',
  volcano: '#fa541c',
};

/** The stages a withdrawal reached, oldest first, with the reason of a reject or fail. */
export function StageTimeline({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <Timeline
      data-testid={`timeline-${withdrawal.orderNo}`}
      style={{ marginTop: 8, marginBottom: -16 }}
      items={withdrawal.stages.map((s) => ({
        color: DOT[STAGE_COLORS[s.stage]] ?? 'gray',
        content: (
          <span>
            <b>{s.stage}</b> · {formatTime(s.at)}
            {(s.stage === 'rejected' || s.stage === 'failed') && withdrawal.reason
              ? ` — ${withdrawal.reason}`
              : ''}
          </span>
        ),
      }))}
    />
  );
}
