import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session';
import { PaymentProvidersTab } from './payment-providers-tab';

const operator = {
  id: '3',
  username: 'admin_ph',
  role: 'tenant_admin' as const,
  tenantIds: ['000000'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};

const paymongo = (over: object = {}) => ({
  provider: 'paymongo',
  currencies: ['PHP'],
  methodChoices: ['card', 'gcash', 'paymaya', 'grab_pay', 'qrph'],
  settingChoices: { mode: ['test', 'live'] },
  enabled: false,
  methods: [],
  settings: {},
  secrets: { secretKey: null, webhookSecret: null },
  offered: false,
  updatedAt: null,
  callbackUrls: ['https://ph.example/app-api/pay/webhook/paymongo'],
  ...over,
});

function stubCalls() {
  const sent: Record<string, unknown>[] = [];
  let current = paymongo();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0];
      const reply = (data: unknown) =>
        new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200 });
      if (path === '/admin-api/config/payment-providers') return reply([current]);
      if (path === '/admin-api/config/payment-providers/save') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        sent.push(body);
        current = paymongo({
          enabled: body.enabled,
          methods: body.methods,
          settings: body.settings,
          secrets: { secretKey: '••••6789', webhookSecret: '••••abcd' },
          offered: true,
          updatedAt: '2026-11-23T10:00:00.000Z',
        });
        return reply([current]);
      }
      return new Response(JSON.stringify({ code: 404, msg: 'Not found', errorKey: 'NotFound' }), {
        status: 404,
      });
    }),
  );
  return sent;
}

beforeEach(() => useSession.getState().signIn('tok-1', operator));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('Configuration → Payment providers', () => {
  it('shows the callback URL, takes the keys blind, and then shows them masked and the provider offered', async () => {
    const sent = stubCalls();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <PaymentProvidersTab tenantId="000000" />
        </App>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('provider-paymongo');
    expect(card.textContent).toContain('Not offered');
    expect(card.textContent).toContain('https://ph.example/app-api/pay/webhook/paymongo');
    fireEvent.click(within(card).getByRole('switch'));
    fireEvent.click(within(card).getByLabelText('gcash'));
    fireEvent.change(within(card).getByLabelText('Secret key'), { target: { value: 'sk_test_0123456789' } });
    fireEvent.change(within(card).getByLabelText('Webhook secret key'), {
      target: { value: 'whsk_0000abcd' },
    });
    // A new key asks for the authenticator code again.
    fireEvent.change(await within(card).findByTestId('provider-paymongo-totp'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      totpCode: '123456',
      settings: { mode: 'test' },
      tenantId: '000000',
      provider: 'paymongo',
      enabled: true,
      methods: ['gcash'],
      secrets: { secretKey: 'sk_test_0123456789', webhookSecret: 'whsk_0000abcd' },
    });
    const saved = await screen.findByText('Offered in the app');
    expect(saved).toBeInTheDocument();
    const after = screen.getByTestId('provider-paymongo');
    expect(after.textContent).toContain('Saved: ••••6789');
    // The saved secret is never put back into the field.
    expect(within(after).getByLabelText<HTMLInputElement>('Secret key').value).toBe('');
  });

  it('says where each key comes from, refuses a missing key on its field, and lists only the tenant’s currency', async () => {
    const sent = stubCalls();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <App>
          <PaymentProvidersTab tenantId="000000" currency="PHP" />
        </App>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('provider-paymongo');
    expect(card.textContent).toContain('PayMongo dashboard → Developers → API keys');
    expect(card.textContent).not.toContain('docs/wallet.md');
    fireEvent.click(within(card).getByRole('switch'));
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      await within(card).findByText('Webhook secret key is needed before PayMongo can be offered'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    rerender(
      <QueryClientProvider client={client}>
        <App>
          <PaymentProvidersTab tenantId="000000" currency="VND" />
        </App>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByTestId('provider-paymongo')).toBeNull());
  });
});
