import { AVATAR_MAX_BYTES, CURRENCIES, api } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshUserInfo } from '../../shared/api/user-info';
import { useLoginPanel } from '../../shared/auth/login-panel-store';
import { useSession } from '../../shared/store/session';
import { STORAGE_KEYS } from '../../shared/store/storage-keys';
import { useQuality } from '../../shared/store/video-quality';
import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, on } from '../../test/fetch';
import { clearCookies, sampleUser, tenantConfigAnswer } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());
const toast = vi.mocked(showToast);

const baseRoutes = [
  on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
  on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
];

function signIn(overrides: Parameters<typeof sampleUser>[0] = {}) {
  act(() => {
    useSession.getState().login('tok-1');
    useSession.getState().setUserInfo(sampleUser(overrides));
  });
}

beforeEach(() => toast.mockClear());
afterEach(() => {
  clearCookies();
  useLoginPanel.setState({ visible: false, view: 'chooser' });
});

describe('three-page (hand-over from the embedded login)', () => {
  it('signs in with a single-use hand-over ticket as a session of its own', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.auth.loginByTicket).reply(ok({ access_token: 'tok-handoff' })),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    renderAt('#/pages/login/three?handoff=ticket-9');
    await waitFor(() => expect(useSession.getState().token).toBe('tok-handoff'));
    expect(server.callsTo(api.auth.loginByTicket)[0]!.json).toEqual({ ticket: 'ticket-9' });
  });

  it('never takes a session token from the address', async () => {
    const server = stubApi([...baseRoutes, on(api.user.info).reply(ok(sampleUser()))]);
    renderAt('#/pages/login/three?token=someone-elses-session');
    expect(await screen.findByTestId('three-error')).toBeInTheDocument();
    expect(useSession.getState().token).toBeNull();
    expect(server.callsTo(api.user.info)).toHaveLength(0);
  });
});

describe('three-page (Google sign-in)', () => {
  it('logs in when the ticket belongs to a user, and returns to the saved page', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.auth.thirdLoginByToken).reply(
        ok({
          access_token: 'tok-google',
          channel: 'google',
          email: null,
          name: null,
        }),
      ),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    document.cookie = `loginCallbackUrl=${encodeURIComponent('/pages/profile/index')}; path=/`;
    renderAt('#/pages/login/three?token=ticket-1&channel=google');
    expect(await screen.findByTestId('profile-user')).toBeInTheDocument();
    expect(server.callsTo(api.auth.thirdLoginByToken)).toHaveLength(1);
    expect(server.callsTo(api.auth.thirdLoginByToken)[0]!.json).toEqual({
      accessToken: 'ticket-1',
      channel: 'google',
    });
    expect(useSession.getState().token).toBe('tok-google');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-google');
    expect(document.cookie).not.toContain('loginCallbackUrl');
  });

  it('asks a new Google user for the phone and invite code, then completes the sign-up', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.auth.thirdLoginByToken).reply(
        ok({
          access_token: null,
          channel: 'google',
          email: 'new.user@gmail.com',
          name: 'New User',
        }),
      ),
      on(api.auth.thirdLogin).reply(ok({ access_token: 'tok-new' })),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    renderAt('#/pages/login/three?token=ticket-2&channel=google');
    await screen.findByTestId('three-complete');
    expect(screen.getByTestId<HTMLInputElement>('three-email').value).toBe('new.user@gmail.com');
    expect(screen.getByTestId<HTMLInputElement>('three-name').value).toBe('New User');

    // No country yet: the chooser opens.
    fireEvent.click(screen.getByTestId('submit'));
    fireEvent.click(await screen.findByTestId('country-PH'));
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '9171234567' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('invite-input-error')).toBeInTheDocument();
    expect(screen.getByTestId('invite-input-error').textContent).toBe('Invite code required');
    fireEvent.change(screen.getByTestId('invite-input'), { target: { value: 'AB12CD34' } });
    fireEvent.click(screen.getByTestId('submit'));

    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(server.callsTo(api.auth.thirdLogin)[0]!.json).toEqual({
      accessToken: 'ticket-2',
      channel: 'google',
      areaCode: CURRENCIES.PHP.phonePrefix,
      phone: '9171234567',
      inviteCode: 'AB12CD34',
      tenantId: '000000',
    });
    expect(useSession.getState().token).toBe('tok-new');
  });

  it('shows the error the server sent back', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/login/three?error=LoginTicketInvalid');
    expect((await screen.findByTestId('three-error')).textContent).toContain(
      'The sign-in link has expired, please sign in again',
    );
  });
});

describe('invite code binding', () => {
  it('is locked, prefilled and explained once an inviter is bound', async () => {
    stubApi([...baseRoutes, on(api.user.info).reply(ok(sampleUser({ inviterCode: 'QW12ER34' })))]);
    signIn({ inviterCode: 'QW12ER34' });
    renderAt('#/pages/profile/setting/code');
    await screen.findByTestId('invite-locked');
    const input = screen.getByTestId<HTMLInputElement>('invite-input');
    expect(input.value).toBe('QW12ER34');
    expect(input.readOnly).toBe(true);
    expect(screen.getByTestId('invite-locked').textContent).toContain(
      'An invite code is already bound to your account',
    );
    expect(screen.queryByTestId('submit')).toBeNull();
  });

  it('binds a code when none is bound', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.user.info).reply([ok(sampleUser()), ok(sampleUser({ inviterCode: 'QW12ER34' }))]),
      on(api.user.setInviteCode).reply(ok({ inviterCode: 'QW12ER34' })),
    ]);
    signIn();
    renderAt('#/pages/profile/setting/code');
    const input = await screen.findByTestId('invite-input');
    expect(input.getAttribute('maxlength')).toBe('8');
    fireEvent.change(input, { target: { value: 'QW12ER34' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('invite-locked')).toBeInTheDocument();
    expect(server.callsTo(api.user.setInviteCode)[0]!.url).toBe(
      '/app-api/user/setInviteCode?inviteCode=QW12ER34',
    );
  });
});

describe('edit profile', () => {
  function upload(file: File) {
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });
  }

  it('refuses other image types and images over the limit before uploading', async () => {
    const server = stubApi([...baseRoutes, on(api.user.info).reply(ok(sampleUser()))]);
    signIn();
    renderAt('#/pages/profile/editUser/index');
    await screen.findByTestId('edit-user');
    expect(screen.getByTestId('avatar-input').getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');

    upload(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(toast).toHaveBeenLastCalledWith('Please choose a PNG, JPEG or WebP image');
    upload(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    expect(toast).toHaveBeenLastCalledWith('The image is larger than 2 MB');
    expect(server.callsTo(api.user.uploadAvatar)).toHaveLength(0);
  });

  it('uploads an accepted image as a data URL and saves its path on the profile', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.user.info).reply(ok(sampleUser())),
      on(api.user.uploadAvatar).reply(ok({ avatar: '/media/avatars/1.png' })),
      on(api.user.update).reply(ok(sampleUser({ avatar: '/media/avatars/1.png' }))),
    ]);
    signIn();
    renderAt('#/pages/profile/editUser/index');
    await screen.findByTestId('edit-user');
    upload(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(server.callsTo(api.user.update)).toHaveLength(1));
    expect((server.callsTo(api.user.uploadAvatar)[0]!.json as { image: string }).image).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(server.callsTo(api.user.update)[0]!.json).toEqual({ avatar: '/media/avatars/1.png' });
    await waitFor(() => expect(useSession.getState().userInfo?.avatar).toBe('/media/avatars/1.png'));
  });

  it('requires a nickname', async () => {
    const server = stubApi([...baseRoutes, on(api.user.info).reply(ok(sampleUser()))]);
    signIn();
    renderAt('#/pages/profile/editUser/index');
    const input = await screen.findByTestId('nickname-input');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('nickname-input-error')).textContent).toBe('Please enter nickname');
    expect(server.callsTo(api.user.update)).toHaveLength(0);
  });
});

describe('session', () => {
  it('log out asks first, then clears the session and shows the guest profile', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.user.info).reply(ok(sampleUser())),
      on(api.auth.logout).reply(ok(null)),
    ]);
    signIn();
    useSession.setState({ openId: 'open-1' });
    renderAt('#/pages/profile/setting/index');
    fireEvent.click(await screen.findByTestId('settings-logout'));
    const question = await screen.findByRole('dialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('profile-guest')).toBeInTheDocument();
    expect(server.callsTo(api.auth.logout)).toHaveLength(1);
    const state = useSession.getState();
    expect(state).toMatchObject({
      token: null,
      hasLogin: false,
      userInfo: null,
      userDetail: null,
      openId: null,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('on start a stored token is checked, and a dead one logs out', async () => {
    signIn();
    stubApi([on(api.user.info).reply(refusal(401, 'Please log in first', 'Unauthorized'))]);
    await refreshUserInfo();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null });
  });

  it('settings show the account rows only when logged in', async () => {
    stubApi([...baseRoutes, on(api.user.info).reply(ok(sampleUser({ hasPassword: true })))]);
    renderAt('#/pages/profile/setting/index');
    await screen.findByTestId('settings-language');
    expect(screen.queryByTestId('settings-logout')).toBeNull();
    signIn({ hasPassword: true });
    for (const id of [
      'settings-edit-profile',
      'settings-invite-code',
      'settings-login-methods',
      'settings-change-password',
      'settings-cancellation',
      'settings-logout',
    ])
      expect(await screen.findByTestId(id)).toBeInTheDocument();
    expect(screen.getByTestId('settings-version').textContent).toContain('1.8.4');
  });

  it('settings turn the data saver on and off for every video (on by default where the browser saves data)', async () => {
    stubApi(baseRoutes);
    const connection = { saveData: true };
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    try {
      renderAt('#/pages/profile/setting/index');
      const saver = await screen.findByTestId('settings-data-saver');
      expect(saver.getAttribute('aria-checked')).toBe('true');
      fireEvent.click(saver);
      await waitFor(() => expect(saver.getAttribute('aria-checked')).toBe('false'));
      expect(useQuality.getState().dataSaver).toBe(false);
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.videoQuality)!)).toEqual({
        choice: 'auto',
        dataSaver: false,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
      act(() => useQuality.setState({ choice: 'auto', dataSaver: null }));
    }
  });

  it('clear cache keeps the session, language and theme and says how much went', async () => {
    stubApi([...baseRoutes, on(api.user.info).reply(ok(sampleUser()))]);
    signIn();
    act(() => {
      useSession.getState().setLanguage('en');
      useSession
        .getState()
        .setCountry({ img: '/flags/vn.svg', name: 'Vietnam', phonePrefix: '+84', code: 'VN' });
    });
    document.cookie = 'inviteInfo=AB12CD34; path=/';
    const videoQuality = JSON.stringify({ choice: 540, dataSaver: true });
    localStorage.setItem(STORAGE_KEYS.videoQuality, videoQuality);
    renderAt('#/pages/profile/setting/index');
    fireEvent.click(await screen.findByTestId('settings-clear-cache'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Clear cache' })).at(-1)!);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.stringMatching(/^Cleared \d+(\.\d)? (B|KB)$/)),
    );
    expect(localStorage.getItem(STORAGE_KEYS.country)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.phonePrefix)).toBeNull();
    expect(document.cookie).not.toContain('inviteInfo');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.videoQuality)).toBe(videoQuality);
    expect(useSession.getState().countryDes).toBeNull();
  });
});

describe('login methods', () => {
  it('lists the methods, respects canUnbind and shows the Google bind result', async () => {
    stubApi([
      ...baseRoutes,
      on(api.user.info).reply(ok(sampleUser())),
      on(api.user.loginMethods).reply(
        ok({
          googleEnabled: true,
          methods: [
            { method: 'email', bound: true, detail: 'v***@example.com', canUnbind: false },
            { method: 'username', bound: false, detail: null, canUnbind: false },
            { method: 'google', bound: false, detail: null, canUnbind: false },
          ],
        }),
      ),
    ]);
    signIn();
    renderAt('#/pages/profile/setting/bindOrContinueWith?bound=google');
    expect((await screen.findByTestId('bind-result')).textContent).toBe('Your Google account is now linked.');
    expect((await screen.findByTestId<HTMLButtonElement>('unbind-email')).disabled).toBe(true);
    expect(screen.getByTestId('method-email').textContent).toContain('Keep at least one way to log in');
    fireEvent.click(screen.getByTestId('bind-username'));
    expect(screen.getByTestId('bind-username-form')).toBeInTheDocument();
    expect(screen.getByTestId('bind-google')).toBeInTheDocument();
  });
});
