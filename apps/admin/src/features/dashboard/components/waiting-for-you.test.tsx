import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { renderConsole, stubServer } from '../../../shared/testing';
import { WaitingForYou } from './waiting-for-you';

const finance = {
  id: '4',
  username: 'fin',
  role: 'finance' as const,
  tenantIds: ['000000', '000001'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};

beforeEach(() => {
  useSession.getState().signIn('tok', finance);
  useLanguage.getState().setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const answer = {
  list: [
    { queue: 'rechargesToConfirm', count: 0 },
    { queue: 'withdrawalsToApprove', count: 3 },
    { queue: 'withdrawalsToSend', count: 0 },
    { queue: 'payoutsToMarkPaid', count: 1 },
    { queue: 'creditsToApprove', count: 2 },
  ],
};

describe('what waits for the operator', () => {
  it('comes as counts, those with something waiting first, each a link to its filtered queue', async () => {
    const calls = stubServer(() => ({ body: answer }));
    renderConsole(<WaitingForYou tenantId="000001" />);
    const approve = await screen.findByTestId('waiting-withdrawalsToApprove');
    expect(approve.getAttribute('href')).toBe('/finance/withdrawals?status=applied&tenantId=000001');
    expect(approve.textContent).toContain('Withdrawals to approve');
    expect(approve.textContent).toContain('3');
    expect(screen.getByTestId('waiting-payoutsToMarkPaid').getAttribute('href')).toBe(
      '/finance/withdrawals?status=processing&tenantId=000001',
    );
    expect(screen.getByTestId('waiting-creditsToApprove').getAttribute('href')).toBe(
      '/finance/credits?tenantId=000001',
    );
    const order = [...document.querySelectorAll('[data-testid^="waiting-"][data-count]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(order.slice(0, 3)).toEqual([
      'waiting-withdrawalsToApprove',
      'waiting-payoutsToMarkPaid',
      'waiting-creditsToApprove',
    ]);
    // A queue with something waiting shows its count in the primary colour, an empty one dimmed.
    expect(approve.querySelector('.ds-waiting-some')?.textContent).toContain('3');
    expect(screen.getByTestId('waiting-rechargesToConfirm').querySelector('.ds-waiting-none')).not.toBeNull();
    expect(screen.getByText('6 waiting')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/admin-api/dashboard/waiting');
  });

  it('in Vietnamese for a Vietnamese operator', async () => {
    useLanguage.getState().setLanguage('vn');
    stubServer(() => ({ body: answer }));
    renderConsole(<WaitingForYou tenantId={undefined} />);
    expect((await screen.findByTestId('waiting-withdrawalsToApprove')).textContent).toContain(
      'Yêu cầu rút cần duyệt',
    );
    expect(screen.getByText('Đang chờ bạn xử lý')).toBeInTheDocument();
  });
});
