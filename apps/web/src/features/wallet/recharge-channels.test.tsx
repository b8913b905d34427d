import { api } from '@dramastar/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi, on } from '../../test/fetch';
import { signedInRoutes, signIn } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

const channel = (code: 'gateway' | 'official', extra: object = {}) => ({
  code,
  minAmount: code === 'gateway' ? '100' : '5000',
  maxAmount: null,
  quickAmounts: code === 'gateway' ? ['100', '500'] : ['5000'],
  fee: '0',
  windowMinutes: code === 'official' ? 5 : null,
  usdt: null,
  ...extra,
});

describe('recharge channels', () => {
  it('shows a channel without a provider greyed out with its reason, not offered', async () => {
    stubApi([
      ...signedInRoutes(),
      on(api.config.queryPc).reply(
        ok({
          currency: 'PHP',
          channels: [channel('gateway', { unavailable: 'PaymentProviderMissing' }), channel('official')],
        }),
      ),
    ]);
    signIn();
    renderAt('#/pages/profile/recharge/index');
    const card = await screen.findByTestId('recharge-channel-gateway');
    expect(card.textContent).toContain('Card and e-wallet payments are not set up on this site yet');
    expect(card.querySelector('.ds-channel--unavailable')).not.toBeNull();
    expect(card.getAttribute('role')).not.toBe('radio');
    fireEvent.click(card);
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    // The quick amounts are the available channel's, not the unavailable one's.
    expect(screen.getByTestId('quick-5000')).toBeInTheDocument();
    expect(screen.queryByTestId('quick-100')).toBeNull();
    expect(screen.getByTestId('recharge-channel-official').getAttribute('role')).toBe('radio');
  });

  it('lists each payment provider the tenant offers, and the order names the one chosen', async () => {
    const server = stubApi([
      ...signedInRoutes(),
      on(api.config.queryPc).reply(
        ok({
          currency: 'PHP',
          channels: [
            channel('gateway', {
              providers: [
                { provider: 'paymongo', methods: ['card', 'gcash', 'paymaya'] },
                { provider: 'xendit', methods: [] },
              ],
            }),
          ],
        }),
      ),
      on(api.user.addBalance).reply({
        status: 409,
        body: { code: 409, msg: 'Too many', errorKey: 'TooManyOpenOrders' },
      }),
    ]);
    signIn();
    renderAt('#/pages/profile/recharge/index');
    const paymongo = await screen.findByTestId('recharge-channel-gateway-paymongo');
    expect(paymongo.textContent).toContain('PayMongo · Card, GCash, Maya');
    const xendit = screen.getByTestId('recharge-channel-gateway-xendit');
    expect(xendit.textContent).toContain('Xendit');
    fireEvent.click(xendit);
    fireEvent.click(screen.getByTestId('quick-500'));
    fireEvent.click(screen.getByTestId('recharge-submit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/user/addBalance'))).toBe(true));
    const call = server.calls.find((c) => c.path.endsWith('/user/addBalance'));
    expect(call?.json).toMatchObject({ channel: 'gateway', amount: '500.00', provider: 'xendit' });
  });
});
