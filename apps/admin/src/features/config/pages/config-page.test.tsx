import {
  type AdminTenantConfig,
  defaultEarnSettings,
  defaultMembershipSettings,
  defaultTeamSettings,
  defaultWalletSettings,
} from '@dramastar/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { ConfigPage } from './config-page';

const operator = {
  id: '3',
  username: 'admin_ph',
  role: 'tenant_admin' as const,
  tenantIds: ['000000'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};

/** The tenant's configuration as the server answers it, with these channels not offered. */
function tenantConfig(hiddenChannels: AdminTenantConfig['wallet']['hiddenChannels']): AdminTenantConfig {
  return {
    tenantId: '000000',
    general: {
      name: 'DramaStar PH',
      domains: ['ph.example'],
      currency: 'PHP',
      defaultLanguage: 'en',
      timeZone: 'Asia/Manila',
      inviteUrl: 'https://ph.example/register',
      websiteUrl: null,
      earnEnabled: true,
    },
    ledgerAccounts: 0,
    wallet: { value: defaultWalletSettings('PHP'), isDefault: true, hiddenChannels },
    membership: { value: defaultMembershipSettings('PHP'), isDefault: true },
    team: { value: defaultTeamSettings('PHP'), isDefault: true },
    earn: { value: defaultEarnSettings('PHP'), isDefault: true },
    updatedAt: '2026-11-23T10:00:00.000Z',
  };
}

function renderPage(config: AdminTenantConfig) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.split('?')[0] === '/admin-api/config/tenant')
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: config }), { status: 200 });
      return new Response(JSON.stringify({ code: 404, msg: 'Not found', errorKey: 'NotFound' }), {
        status: 404,
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ConfigPage />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSession.getState().signIn('tok-1', operator);
  useLanguage.getState().setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('Configuration: recharge channels users are not offered', () => {
  it('says what is missing for each channel still on the demo details', async () => {
    renderPage(tenantConfig(['official', 'usdt']));
    const notice = await screen.findByTestId('config-hidden-channels');
    expect(notice.textContent).toContain(
      'Bank transfer is hidden from users until you set the collection account',
    );
    expect(notice.textContent).toContain(
      'USDT recharge is hidden from users until you set the deposit address',
    );
  });

  it('says nothing when every channel switched on is offered', async () => {
    renderPage(tenantConfig([]));
    expect(await screen.findByTestId('config-tabs')).toBeInTheDocument();
    expect(screen.queryByTestId('config-hidden-channels')).toBeNull();
  });
});

describe('Configuration in the operator’s language', () => {
  it('shows a Vietnamese operator the tabs, the general form and the notice in Vietnamese', async () => {
    useLanguage.getState().setLanguage('vn');
    renderPage(tenantConfig(['usdt']));
    const form = await screen.findByTestId('config-form-general');
    expect(screen.getByRole('tab', { name: 'Ví' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Nhà cung cấp thanh toán' })).toBeInTheDocument();
    expect(form.textContent).toContain('Tên (tiêu đề trang)');
    expect(form.textContent).toContain('Múi giờ (IANA)');
    expect(screen.getByTestId('config-save-general').textContent).toBe('Lưu');
    expect(screen.getByTestId('config-hidden-channels').textContent).toContain(
      'Nạp USDT bị ẩn với người dùng cho đến khi bạn đặt địa chỉ nạp',
    );
    expect(form.textContent).not.toContain('Time zone');
  });
});
