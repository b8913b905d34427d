import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleOwnerEachTest, renderConsole, stubServer } from '../../../shared/testing';
import { TenantsPage } from './tenants-page';

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

consoleOwnerEachTest('vn');

describe('tenants in Vietnamese', () => {
  it('names the tenants page’s columns and actions in the operator’s language', async () => {
    stubServer((path) =>
      path.endsWith('/tenants')
        ? { body: { list: [tenant] } }
        : { status: 404, body: { code: 404, msg: 'no' } },
    );
    renderConsole(<TenantsPage />);
    await screen.findByText('DramaStar PH');
    for (const word of ['Tiền tệ', 'Múi giờ', 'Tên miền', 'bật'])
      expect(screen.getAllByText(word).length).toBeGreaterThan(0);
    expect(screen.getByTestId('tenant-new')).toHaveTextContent('Tenant mới');
  });
});
