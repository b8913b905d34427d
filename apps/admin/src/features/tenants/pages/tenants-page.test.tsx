import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { renderConsole, stubServer } from '../../../shared/testing';
import { TenantsPage } from './tenants-page';

const wait = { timeout: 10_000 };
const owner = {
  id: '1',
  username: 'owner',
  role: 'owner' as const,
  tenantIds: ['000000'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};
const tenant = {
  tenantId: '000000',
  name: 'DramaStar PH',
  currency: 'PHP',
  defaultLanguage: 'en',
  timeZone: 'Asia/Manila',
  domains: ['ph.example.com'],
  earnEnabled: true,
  createdAt: '2026-11-27T08:00:00.000Z',
};

beforeEach(() => {
  useSession.getState().signIn('tok', owner);
  useLanguage.getState().setLanguage('vn');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
  useLanguage.getState().setLanguage('en');
});

describe('tenants in Vietnamese', () => {
  it('names the tenants page’s columns and actions in the operator’s language', async () => {
    stubServer((path) =>
      path.endsWith('/tenants')
        ? { body: { list: [tenant] } }
        : { status: 404, body: { code: 404, msg: 'no' } },
    );
    renderConsole(<TenantsPage />);
    await screen.findByText('DramaStar PH', {}, wait);
    for (const word of ['Tiền tệ', 'Múi giờ', 'Tên miền', 'bật'])
      expect(screen.getAllByText(word).length).toBeGreaterThan(0);
    expect(screen.getByTestId('tenant-new')).toHaveTextContent('Tenant mới');
  });
});
