import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../i18n';
import { useSession } from '../session/session';
import { renderConsole, stubServer } from '../testing';
import { CreditDialog } from './credit-dialog';

const support = {
  id: '9',
  username: 'ana',
  role: 'support' as const,
  tenantIds: ['000000'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};
const limits = {
  currency: 'PHP',
  perCredit: '1000',
  perDay: '3000',
  leftToday: '800',
  secondApprovalAbove: '500',
};
const credit = (amount: string, status: string) => ({
  id: '1',
  tenantId: '000000',
  userId: '42',
  kind: 'goodwill',
  amount,
  currency: 'PHP',
  reason: 'Late payout',
  status,
  conversationId: '5',
  requestedBy: 'ana',
  decidedBy: null,
  decisionReason: null,
  createdAt: '2026-11-28T03:00:00.000Z',
  decidedAt: null,
});

beforeEach(() => {
  useSession.getState().signIn('tok', support);
  useLanguage.getState().setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the refund and goodwill credit form', () => {
  it('shows the operator’s limits, says a second approval is needed above the threshold, and refuses past the limits', async () => {
    const calls = stubServer((path) =>
      path.endsWith('/users/credits/limits')
        ? { body: limits }
        : { status: 404, body: { code: 404, msg: 'no' } },
    );
    renderConsole(<CreditDialog userId="42" userName="Maria" open onClose={() => undefined} />);
    expect((await screen.findByTestId('credit-limits')).textContent).toContain('1000 PHP');
    expect(screen.getByTestId('credit-left-today').textContent).toBe('800 PHP of 3000 PHP');

    type('credit-amount', '500');
    expect(screen.queryByTestId('credit-needs-second')).toBeNull();
    type('credit-amount', '500.01');
    expect((await screen.findByTestId('credit-needs-second')).textContent).toContain('500 PHP');

    type('credit-amount', '900');
    type('credit-reason', 'Late payout');
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect(await screen.findByText('Only 800 PHP is left of your limit today')).toBeInTheDocument();
    type('credit-amount', '1200');
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect(await screen.findByText('Your role may credit at most 1000 PHP at a time')).toBeInTheDocument();
    // Nothing was sent: only the limits were asked.
    expect(calls.map((c) => c.path)).toEqual(['/admin-api/users/credits/limits']);
  });

  it('needs a reason, sends the amount with the conversation and says when it waits for a second operator', async () => {
    const calls = stubServer((path, body) => {
      if (path.endsWith('/users/credits/limits')) return { body: limits };
      if (path.endsWith('/users/credits/create'))
        return { body: credit((body as { amount: string }).amount, 'pending') };
      return { status: 404, body: { code: 404, msg: 'no' } };
    });
    renderConsole(
      <CreditDialog userId="42" userName="Maria" conversationId="5" open onClose={() => undefined} />,
    );
    await screen.findByTestId('credit-limits');
    type('credit-amount', '600');
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect(await screen.findByText('Say why (the user and the audit log see it)')).toBeInTheDocument();
    type('credit-reason', 'Late payout');
    fireEvent.click(screen.getByTestId('credit-submit'));
    const done = await screen.findByTestId('credit-done');
    expect(done.getAttribute('data-status')).toBe('pending');
    expect(done.textContent).toContain('waits for a second approval');
    const create = calls.find((c) => c.path.endsWith('/users/credits/create'));
    expect(create?.body).toMatchObject({
      userId: '42',
      kind: 'goodwill',
      amount: '600',
      reason: 'Late payout',
      conversationId: '5',
      requestId: expect.any(String),
    });
  });

  it('speaks Vietnamese to a Vietnamese operator, the server asked for its refusals in Vietnamese', async () => {
    useLanguage.getState().setLanguage('vn');
    const calls = stubServer((path) =>
      path.endsWith('/users/credits/limits')
        ? { body: limits }
        : { status: 404, body: { code: 404, msg: 'no' } },
    );
    renderConsole(<CreditDialog userId="42" userName="Maria" open onClose={() => undefined} />);
    await screen.findByTestId('credit-limits');
    expect(screen.getByText('Hoàn tiền hoặc cộng tiền thiện chí cho Maria')).toBeInTheDocument();
    type('credit-amount', '700');
    await waitFor(() =>
      expect(screen.getByTestId('credit-needs-second').textContent).toContain('cần duyệt lần hai'),
    );
    expect(calls[0]?.headers.get('content-language')).toBe('vn');
  });
});
