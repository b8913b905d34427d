import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { renderConsole, stubServer } from '../../../shared/testing';
import { AuditPage } from './audit-page';

const finance = {
  id: '4',
  username: 'linh',
  role: 'finance' as const,
  tenantIds: ['000000'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};
const entry = {
  id: '7',
  operator: 'linh',
  tenantId: '000000',
  action: 'operator.sign_in',
  target: 'operator:linh',
  before: null,
  after: { method: 'password', ip: '10.0.0.1' },
  reason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
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

describe('the audit log', () => {
  it('speaks Vietnamese to a Vietnamese operator: title, columns, filters and the expanded fields', async () => {
    useLanguage.getState().setLanguage('vn');
    const calls = stubServer((path) => {
      if (path.endsWith('/audit')) return { body: { list: [entry], total: 1 } };
      if (path.endsWith('/audit/actions')) return { body: { actions: ['operator.sign_in'] } };
      return { status: 404, body: { code: 404, msg: 'no' } };
    });
    renderConsole(<AuditPage />);
    await screen.findByTestId('audit-sentence');
    expect(screen.getByRole('heading', { name: 'Nhật ký kiểm tra' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Thời gian' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Sự việc' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Nhân viên')).toBeInTheDocument();
    expect(screen.getByLabelText('Từ ngày')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /expand|mở rộng/i }));
    const fields = await screen.findByTestId('audit-fields-7');
    expect(fields.textContent).toContain('Trường');
    expect(fields.textContent).toContain('Giá trị');
    expect(calls[0]?.headers.get('content-language')).toBe('vn');
  });
});
