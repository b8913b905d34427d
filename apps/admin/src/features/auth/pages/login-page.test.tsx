import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../../../shared/i18n';
import { renderConsole, stubServer } from '../../../shared/testing';
import { LoginPage } from './login-page';

beforeEach(() => useLanguage.getState().setLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in page', () => {
  it('speaks Vietnamese to a Vietnamese operator, the two-factor step too', async () => {
    useLanguage.getState().setLanguage('vn');
    stubServer(() => ({ status: 401, body: { code: 401, msg: 'TOTP required', errorKey: 'TotpRequired' } }));
    renderConsole(<LoginPage />);
    const page = screen.getByTestId('login-page');
    expect(page.textContent).toContain('Bảng điều khiển vận hành DramaStar');
    expect(page.textContent).toContain('Tên đăng nhập');
    expect(page.textContent).toContain('Mật khẩu');
    expect(screen.getByTestId('login-submit').textContent).toBe('Đăng nhập');

    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'admin_vn' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    const step = await screen.findByTestId('login-totp-step');
    expect(step.textContent).toContain('Đăng nhập hai bước cho admin_vn');
    expect(screen.getByTestId('login-totp-submit').textContent).toBe('Xác minh và đăng nhập');
    expect(screen.getByTestId('login-recovery-switch').textContent).toBe('Mất điện thoại? Dùng mã khôi phục');
  });

  it('lets the operator pick the language before signing in', async () => {
    renderConsole(<LoginPage />);
    expect(screen.getByTestId('login-submit').textContent).toBe('Sign in');
    useLanguage.getState().setLanguage('id');
    expect(await screen.findByText('Konsol operator DramaStar')).toBeInTheDocument();
    expect(screen.getByTestId('login-submit').textContent).toBe('Masuk');
  });
});
