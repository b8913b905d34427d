import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../shared/store/session';
import { STORAGE_KEYS } from '../shared/store/storage-keys';
import { ok, stubFetch } from '../test/fetch';
import { App } from './app';

function renderAt(hash: string) {
  window.location.hash = hash;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<App queryClient={queryClient} />);
}

describe('app shell', () => {
  it('shows the tab bar and the honest home page', async () => {
    renderAt('#/');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    for (const tab of ['home', 'shorts', 'earn', 'profile'])
      expect(screen.getByTestId(`tab-${tab}`)).toBeInTheDocument();
    expect(screen.getByTestId('tab-home').getAttribute('aria-current')).toBe('page');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
  });

  it('choosing a language persists it, goes back and retranslates everything', async () => {
    renderAt('#/pages/profile/index');
    fireEvent.click(await screen.findByTestId('profile-settings'));
    fireEvent.click(await screen.findByTestId('settings-language'));
    const english = await screen.findByTestId('language-en');
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('language-vn').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(await screen.findByText('Tiếng Việt'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('vn');
    // Back on Settings, now in Vietnamese; then back to Profile, whose tab bar is retranslated.
    expect(await screen.findByRole('heading', { name: 'Cài đặt' })).toBeInTheDocument();
    expect(screen.getByTestId('settings-language').textContent).toContain('Tiếng Việt');
    fireEvent.click(screen.getByTestId('header-back'));
    expect((await screen.findByTestId('tab-profile')).textContent).toBe('Tôi');
    expect(screen.getByTestId('tab-home').textContent).toBe('Trang chủ');
    expect(document.documentElement.lang).toBe('vi');
  });

  it('a language page opened directly returns to Settings after the choice', async () => {
    window.history.replaceState(null, '', '#/pages/profile/setting/language');
    renderAt('#/pages/profile/setting/language');
    fireEvent.click(await screen.findByText('Bahasa Indonesia'));
    expect(await screen.findByRole('heading', { name: 'Pengaturan' })).toBeInTheDocument();
  });

  it('the light mode switch in Settings changes and remembers the theme', async () => {
    renderAt('#/pages/profile/setting/index');
    fireEvent.click(await screen.findByTestId('settings-light-mode'));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('Earn says so when earning is switched off for the tenant', async () => {
    stubFetch(ok({ enabled: false }));
    act(() => useSession.getState().setTenantFallback());
    renderAt('#/pages/earn/index');
    expect((await screen.findByTestId('earn-disabled')).textContent).toContain(
      'Earning is not available here',
    );
  });

  it('shows a 404 page with a way home for unknown routes', async () => {
    renderAt('#/no/such/page');
    fireEvent.click(await screen.findByText('Back to Home'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
  });
});
