import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleOwnerEachTest, renderConsole, stubServer } from '../../../shared/testing';
import type { AdminWithdrawal } from '../api/withdrawals';
import { StageTimeline } from './stage-timeline';

consoleOwnerEachTest('vn');

describe('a withdrawal’s timeline in Vietnamese', () => {
  it('says who did each step in the operator’s language, with the bank’s reference', async () => {
    stubServer((path) =>
      path.endsWith('/finance/withdrawals/timeline')
        ? {
            body: {
              orderNo: 'W1',
              steps: [
                {
                  action: 'applied',
                  by: null,
                  at: '2026-11-27T08:00:00.000Z',
                  reason: null,
                  reference: null,
                },
                {
                  action: 'approve',
                  by: 'ana',
                  at: '2026-11-27T09:00:00.000Z',
                  reason: null,
                  reference: null,
                },
                {
                  action: 'pay',
                  by: 'ben',
                  at: '2026-11-27T10:00:00.000Z',
                  reason: null,
                  reference: 'BDO-123',
                },
              ],
            },
          }
        : { status: 404, body: { code: 404, msg: 'no' } },
    );
    renderConsole(<StageTimeline withdrawal={{ orderNo: 'W1' } as AdminWithdrawal} />);
    expect(await screen.findByTestId('timeline-step-pay')).toHaveTextContent(
      /Đánh dấu đã trả bởi ben · .* · mã tham chiếu ngân hàng BDO-123/,
    );
    expect(screen.getByTestId('timeline-step-applied')).toHaveTextContent('Người dùng đã gửi yêu cầu');
    expect(screen.getByTestId('timeline-step-approve')).toHaveTextContent(/^Duyệt bởi ana/);
  });
});
