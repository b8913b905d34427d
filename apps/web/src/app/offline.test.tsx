import { api, type MembershipStatus } from '@dramastar/contract';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { createQueryClient } from '../shared/api/query-client';
import { useSession } from '../shared/store/session';
import { LAST_KNOWN_KEY } from '../shared/store/storage-keys';
import { ok, stubApi, on } from '../test/fetch';
import { sampleUser, tenantConfigAnswer } from '../test/fixtures';
import { renderAt } from '../test/render-app';

vi.mock('../shared/ui/toast', () => ({ showToast: vi.fn(), showNotify: vi.fn(), hideToast: vi.fn() }));

/** Sets what the browser says about its network and tells the page, as a browser does. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  onlineManager.setOnline(true);
  localStorage.removeItem(LAST_KNOWN_KEY);
});

describe('offline', () => {
  it('says so across the top of the app, and stops saying it when the network returns', async () => {
    stubApi([on(api.config.tenantConfig).reply(ok(tenantConfigAnswer))]);
    renderAt('#/pages/privacy/index');
    expect(screen.queryByTestId('offline-bar')).toBeNull();
    goOnline(false);
    expect(screen.getByTestId('offline-bar').textContent).toContain("You're offline");
    goOnline(true);
    expect(screen.queryByTestId('offline-bar')).toBeNull();
  });

  it('asks a failed query again when the network returns, without a Retry tap', async () => {
    const client = createQueryClient();
    // As QueryClientProvider does: the client listens to the network from now on.
    client.mount();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['x'],
      retry: false,
      queryFn: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('no network')) : Promise.resolve('fresh');
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('fresh'));
    unsubscribe();
    client.unmount();
  });

  it('a page not opened yet says the device is offline, then opens by itself (a reload) when back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const quiet = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', quiet);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    const Page = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
      {
        reload,
      },
    );
    render(<Page />);
    expect((await screen.findByTestId('page-offline')).textContent).toContain("You're offline");
    expect(screen.queryByText('Something went wrong')).toBeNull();
    // Offline a reload would only show the browser's own error page.
    expect(reload).not.toHaveBeenCalled();
    // The error view is found as soon as it is in the DOM; its listener is attached by an effect
    // React may run a moment later (a busy machine shows the gap): let React finish first.
    await act(async () => {});
    goOnline(true);
    expect(reload).toHaveBeenCalledTimes(1);
    window.removeEventListener('error', quiet);
  });

  it('Profile keeps the last known balance and card, marked as such, when the server cannot be reached', async () => {
    const status: MembershipStatus = {
      currency: 'PHP',
      active: { tier: 'primary', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2099-12-01T00:00:00.000Z' },
      userType: 1,
      trial: { activeUntil: null },
      tiers: [],
    };
    stubApi([
      on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
      on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
      on(api.user.info).reply(ok(sampleUser())),
      on(api.account.accountInfo).reply(ok({ currency: 'PHP', balance: '1000.00' })),
      on(api.user.queryGreatestVipcard).reply(ok(status)),
    ]);
    act(() => {
      useSession.getState().login('tok-1');
      useSession.getState().setUserInfo(sampleUser());
    });
    const first = renderAt('#/pages/profile/index');
    expect((await screen.findByTestId('profile-balance')).textContent).toBe('₱1,000.00');
    expect(screen.getByTestId('profile-balance').getAttribute('data-stale')).toBe('false');
    await waitFor(() =>
      expect(screen.getByTestId('profile-membership').textContent).toBe('Primary Star Card'),
    );
    first.unmount();

    // Opened again offline (a new start: nothing in memory): the figures last known, marked.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt('#/pages/profile/index');
    expect((await screen.findByTestId('profile-balance')).textContent).toBe('₱1,000.00');
    expect(screen.getByTestId('profile-balance-stale').textContent).toBe('last known');
    expect(screen.getByTestId('profile-membership').getAttribute('data-stale')).toBe('true');
    expect(screen.getByTestId('offline-bar')).toBeInTheDocument();

    // Logging out forgets them.
    act(() => useSession.getState().logout());
    expect(localStorage.getItem(LAST_KNOWN_KEY)).toBeNull();
  });
});
