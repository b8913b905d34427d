import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY, useLanguage } from '../shared/i18n';
import { useSession } from '../shared/session/session';
import { renderConsole, stubServer } from '../shared/testing';
import { ConsoleLayout } from './layout';

const support = {
  id: '7',
  username: 'lan',
  role: 'support' as const,
  tenantIds: ['000001'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: true,
};

beforeEach(() => useSession.getState().signIn('tok', support));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
  localStorage.removeItem(LANGUAGE_KEY);
});

const tenants = { list: [{ tenantId: '000001', name: 'DramaStar VN', currency: 'VND', language: 'vn' }] };

describe('the console frame', () => {
  it('speaks Vietnamese to a Vietnamese operator: menu, role, tenant by name, sign out', async () => {
    useLanguage.getState().setLanguage('vn');
    stubServer(() => ({ body: tenants }));
    renderConsole(
      <ConsoleLayout operator={support}>
        <p>page</p>
      </ConsoleLayout>,
    );
    const nav = screen.getByTestId('nav');
    expect(nav.textContent).toContain('Tổng quan');
    expect(nav.textContent).toContain('Người dùng');
    expect(nav.textContent).toContain('Trò chuyện');
    expect(nav.textContent).toContain('Hỗ trợ');
    expect(screen.getByTestId('operator-role').textContent).toBe('Hỗ trợ');
    expect(screen.getByTestId('sign-out').textContent).toContain('Đăng xuất');
    await waitFor(() =>
      expect(screen.getByTestId('operator-tenants').textContent).toBe('DramaStar VN · 000001'),
    );
  });

  it('changes language from its picker and remembers it in this browser', async () => {
    useLanguage.getState().setLanguage('en');
    stubServer(() => ({ body: tenants }));
    renderConsole(
      <ConsoleLayout operator={support}>
        <p>page</p>
      </ConsoleLayout>,
    );
    expect(screen.getByTestId('nav').textContent).toContain('Dashboard');
    fireEvent.mouseDown(screen.getByTestId('language-picker').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByText('Bahasa Indonesia'));
    await waitFor(() => expect(screen.getByTestId('nav').textContent).toContain('Dasbor'));
    expect(screen.getByTestId('sign-out').textContent).toContain('Keluar');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('id');
  });
});
