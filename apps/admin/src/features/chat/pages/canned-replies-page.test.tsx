import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleOwnerEachTest, renderConsole, stubServer } from '../../../shared/testing';
import { CannedRepliesPage } from './canned-replies-page';

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

describe('canned replies in Vietnamese', () => {
  it('names the canned replies page in the operator’s language', async () => {
    stubServer((path) =>
      path.includes('canned')
        ? {
            body: {
              list: [
                { id: '1', tenantId: '000000', title: 'Chào', body: 'Xin chào', createdAt: tenant.createdAt },
              ],
            },
          }
        : path.endsWith('/tenants')
          ? { body: { list: [tenant] } }
          : { status: 404, body: { code: 404, msg: 'no' } },
    );
    renderConsole(<CannedRepliesPage />);
    await screen.findByText('Xin chào');
    expect(screen.getByText('Câu trả lời mẫu')).toBeInTheDocument();
    expect(screen.getByTestId('canned-new')).toHaveTextContent('Câu trả lời mới');
    expect(screen.getByTestId('canned-edit')).toHaveTextContent('Sửa');
  });
});
