import { CURRENCIES, LIMITS, type CurrencyKey, api } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoginPanel } from './login-panel-store';
import { useSession } from '../store/session';
import { STORAGE_KEYS } from '../store/storage-keys';
import { showToast } from '../ui/toast';
import { ok, refusal, stubApi, on, type CallAnswer } from '../../test/fetch';
import { clearCookies, PNG_1X1, sampleUser, tenantConfigAnswer } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../ui/toast', () => {
  const showToast = vi.fn();
  return { showToast, showNotify: (message: string) => showToast(message), hideToast: vi.fn() };
});
const toast = vi.mocked(showToast);

function chooseCountry(key: CurrencyKey) {
  const c = CURRENCIES[key];
  act(() =>
    useSession
      .getState()
      .setCountry({ img: c.flag, name: c.name, phonePrefix: c.phonePrefix, code: c.countryCode }),
  );
}

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent ?? null;

const baseRoutes = [
  on(api.config.queryTenantId).reply(
    ok({
      tenantId: '000000',
      name: 'DramaStar',
      currency: 'PHP',
      inviteUrl: 'x',
      defaultLanguage: 'en',
    }),
  ),
  on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
  on(api.auth.captcha).reply([
    ok({ uuid: 'uuid-1', img: PNG_1X1 }),
    ok({ uuid: 'uuid-2', img: 'iVBORw0KGgoSECOND' }),
  ]),
  on(api.auth.sendEmailCode).reply(
    ok({ email: 'a@example.com', expiresInSeconds: 600, resendInSeconds: 60 }),
  ),
];

beforeEach(() => toast.mockClear());
afterEach(() => {
  clearCookies();
  useLoginPanel.setState({ visible: false, view: 'chooser' });
});

describe('register form validation (spec section 5)', () => {
  const cases: [CurrencyKey, string, string, string][] = [
    ['PKR', '1234567890', 'The phone number is 10 digits starting with 3', '3123456789'],
    ['VND', '12345678', 'The phone number is 9 or 10 digits', '912345678'],
    ['PHP', '91712345', 'The phone number is 10 digits', '9171234567'],
    ['IDR', '7123456789', 'The phone number starts with 8 and has 10 to 13 digits', '81234567890'],
  ];

  it.each(cases)('%s: refuses and accepts phone numbers on blur', async (key, bad, message, good) => {
    stubApi(baseRoutes);
    chooseCountry(key);
    renderAt('#/pages/login/register');
    await screen.findByTestId('view-register');
    const phone = screen.getByTestId('phone-input');
    expect(phone.getAttribute('maxlength')).toBe(key === 'IDR' ? '13' : '10');
    // Only digits get in: a letter typed or pasted is refused at once.
    type('phone-input', `${good.slice(0, 3)}ab-${good.slice(3)}`);
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe(good);
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    type('phone-input', bad);
    expect(errorOf('phone-input')).toBe(message);
    type('phone-input', good);
    expect(errorOf('phone-input')).toBeNull();
    type('phone-input', '');
    expect(errorOf('phone-input')).toBe('Please enter phone number');
  });

  it('requires the invite code for +63 only', async () => {
    stubApi(baseRoutes);
    chooseCountry('PHP');
    renderAt('#/pages/login/register');
    await screen.findByTestId('view-register');
    // Said up front, with where to get one, before anything is typed or submitted.
    const field = screen.getByTestId('invite-input').closest('.ds-field')!;
    expect(field.textContent).toContain('Invite code (required)');
    expect(field.textContent).toContain('ask the friend who invited you');
    fireEvent.blur(screen.getByTestId('invite-input'));
    expect(errorOf('invite-input')).toBe('Invite code required');
    type('invite-input', 'AB12CD34');
    expect(errorOf('invite-input')).toBeNull();
    expect(screen.getByTestId('invite-input').getAttribute('maxlength')).toBe('8');

    chooseCountry('VND');
    type('invite-input', '');
    expect(errorOf('invite-input')).toBeNull();
    expect(field.textContent).toContain('Invite code (optional)');
    expect(field.textContent).not.toContain('ask the friend');
  });

  it('checks e-mail and code on blur', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/login/register');
    await screen.findByTestId('view-register');
    fireEvent.blur(screen.getByTestId('email-input'));
    expect(errorOf('email-input')).toBe('Please enter your e-mail');
    type('email-input', 'not-an-address');
    expect(errorOf('email-input')).toBe('Invalid email address');
    type('code-input', '');
    expect(errorOf('code-input')).toBe('Please enter the code from the e-mail');
    type('code-input', '12');
    expect(errorOf('code-input')).toBe('The e-mail code has 6 characters');
  });

  it('says when the two passwords differ (username tab)', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/login/register');
    fireEvent.click(await screen.findByTestId('register-tab-username'));
    type('password-input', 'secret123');
    type('rep-password-input', 'secret124');
    expect(errorOf('rep-password-input')).toBe('The two passwords are inconsistent');
    type('rep-password-input', 'secret123');
    expect(errorOf('rep-password-input')).toBeNull();
  });

  it('asks for a country before registering; the username tab opens the chooser', async () => {
    const server = stubApi(baseRoutes);
    renderAt('#/pages/login/register');
    fireEvent.click(await screen.findByTestId('submit'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Please choose country'));
    fireEvent.click(screen.getByTestId('register-tab-username'));
    fireEvent.click(await screen.findByTestId('submit'));
    expect(await screen.findByTestId('country-sheet')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('country-VN'));
    expect(useSession.getState().phonePrefix).toBe('+84');
    expect(localStorage.getItem(STORAGE_KEYS.phonePrefix)).toBe('+84');
    expect(server.callsTo(api.auth.register)).toHaveLength(0);
    expect(server.callsTo(api.auth.registerByName)).toHaveLength(0);
  });
});

describe('send code', () => {
  it(`counts down ${LIMITS.codeCountdownLoginSeconds} s in the panel, then offers to send again`, async () => {
    const server = stubApi(baseRoutes);
    renderAt('#/pages/login/loginRegister');
    fireEvent.click(await screen.findByTestId('chooser-email'));
    const send = screen.getByTestId('send-code');
    expect(send.textContent).toBe('Send code');

    fireEvent.click(send);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Please enter your e-mail'));
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    expect(server.callsTo(api.auth.sendEmailCode)).toHaveLength(0);

    type('email-input', 'Viewer@Example.com ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(send);
    await waitFor(() => expect(send.textContent).toBe('120 s'));
    expect(server.callsTo(api.auth.sendEmailCode)[0]!.json).toMatchObject({
      email: 'Viewer@Example.com',
      isRegister: 0,
      type: 'login',
      tenantId: '000000',
    });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('dev-mailbox').getAttribute('href')).toBe('/dev/mail');

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send.textContent).toBe('60 s');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send.textContent).toBe('Get it again');
    expect((send as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('e-mail login', () => {
  async function fillEmailLogin() {
    renderAt('#/pages/login/loginRegister');
    fireEvent.click(await screen.findByTestId('chooser-email'));
    type('email-input', 'viewer@example.com');
    type('code-input', '123456');
  }

  it('blocks a second submit while the first is under way', async () => {
    let release: (value: CallAnswer<typeof api.auth.login>) => void = () => undefined;
    const server = stubApi([
      ...baseRoutes,
      on(api.auth.login).reply(() => new Promise((resolve) => (release = resolve))),
    ]);
    await fillEmailLogin();
    const form = screen.getByTestId('view-email');
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(server.callsTo(api.auth.login)).toHaveLength(1));
    expect(screen.getByTestId<HTMLButtonElement>('submit').disabled).toBe(true);
    release(refusal(409, 'Wrong email code', 'WrongEmailCode'));
    // A failed e-mail login only re-enables the button.
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('submit').disabled).toBe(false));
    expect(server.callsTo(api.auth.login)).toHaveLength(1);
    expect(useSession.getState().token).toBeNull();
  });

  it('stores the token, fetches the user info and the wallet, and goes home', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.auth.login).reply(ok({ access_token: 'tok-email' })),
      on(api.user.info).reply(ok(sampleUser({ tenantId: '000003' }))),
      on(api.account.accountInfo).reply(ok({ currency: 'PKR', balance: '12.50' })),
    ]);
    await fillEmailLogin();
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(server.callsTo(api.auth.login)[0]!.json).toEqual({
      email: 'viewer@example.com',
      verifyCode: '123456',
      tenantId: '000000',
    });
    const info = server.callsTo(api.user.info);
    expect(info).toHaveLength(1);
    expect((info[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-email');
    const state = useSession.getState();
    expect(state).toMatchObject({ token: 'tok-email', hasLogin: true, tenantId: '000003' });
    expect(state.userInfo?.userId).toBe('10000042');
    expect(state.userDetail?.userId).toBe('10000042');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-email');
    expect(localStorage.getItem(STORAGE_KEYS.tenantId)).toBe('000003');
    await waitFor(() =>
      expect(useSession.getState().walletInfo).toEqual({ currency: 'PKR', balance: '12.50' }),
    );
  });
});

describe('username registration', () => {
  it('on failure toasts the server message, re-enables the button and shows a new captcha', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.auth.registerByName).reply(
        refusal(409, 'Wrong verification code, please try the new picture', 'WrongCaptcha'),
      ),
    ]);
    chooseCountry('VND');
    renderAt('#/pages/login/register');
    fireEvent.click(await screen.findByTestId('register-tab-username'));
    const first = await screen.findByTestId('captcha-img');
    expect(first.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1X1}`);
    type('username-input', 'viewer_01');
    type('password-input', 'secret123');
    type('rep-password-input', 'secret123');
    type('phone-input', '912345678');
    type('captcha-input', 'abcd');
    fireEvent.click(screen.getByTestId('submit'));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Wrong verification code, please try the new picture'),
    );
    expect(server.callsTo(api.auth.registerByName)[0]!.json).toEqual({
      userName: 'viewer_01',
      password: 'secret123',
      phone: '912345678',
      areaCode: '+84',
      uuid: 'uuid-1',
      code: 'abcd',
      tenantId: '000000',
    });
    await waitFor(() =>
      expect(screen.getByTestId('captcha-img').getAttribute('src')).toBe(
        'data:image/png;base64,iVBORw0KGgoSECOND',
      ),
    );
    expect(server.callsTo(api.auth.captcha)).toHaveLength(2);
    expect(screen.getByTestId<HTMLInputElement>('captcha-input').value).toBe('');
    // The emptied field is not marked wrong before the user has typed into the new picture.
    expect(errorOf('captcha-input')).toBeNull();
    expect(screen.getByTestId('captcha-input').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByTestId<HTMLButtonElement>('submit').disabled).toBe(false);
  });
});

describe('login route query parameters', () => {
  it('inviteCode opens the register view, prefills the code and remembers it in the inviteInfo cookie', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/login/loginRegister?inviteCode=ZX98YT76');
    await screen.findByTestId('view-register');
    expect(screen.getByTestId<HTMLInputElement>('invite-input').value).toBe('ZX98YT76');
    expect(screen.getByTestId('invite-input').closest('.ds-field')!.textContent).toContain(
      'Filled in from your friend',
    );
    await waitFor(() => expect(document.cookie).toContain('inviteInfo=ZX98YT76'));
    // Opened directly: the close button is hidden.
    expect(screen.queryByTestId('login-close')).toBeNull();
  });

  it('later registrations prefill the remembered code', async () => {
    stubApi(baseRoutes);
    document.cookie = 'inviteInfo=QQ11WW22; path=/';
    renderAt('#/pages/login/loginRegister');
    fireEvent.click(await screen.findByTestId('chooser-register'));
    expect(screen.getByTestId<HTMLInputElement>('invite-input').value).toBe('QQ11WW22');
    fireEvent.click(screen.getByTestId('register-tab-username'));
    expect(screen.getByTestId<HTMLInputElement>('invite-input').value).toBe('QQ11WW22');
  });

  it('website=1 forces English and isMobile=1 shows a Home button to the tenant’s website', async () => {
    stubApi([
      ...baseRoutes,
      on(api.config.tenantConfig).reply(
        ok({ ...tenantConfigAnswer, websiteUrl: 'https://dramastar.example/' }),
      ),
    ]);
    act(() => useSession.getState().setLanguage('vn'));
    renderAt('#/pages/login/onelylogin?website=1&isMobile=1');
    expect(await screen.findByText('Log in with e-mail')).toBeInTheDocument();
    expect(screen.queryByTestId('login-back')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('vn');
    await waitFor(() =>
      expect(screen.getByTestId('login-home').getAttribute('href')).toBe('https://dramastar.example/'),
    );
  });
});

describe('login popup', () => {
  it('opens from the Profile tab and closes back to it', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/profile/index');
    fireEvent.click(await screen.findByTestId('profile-login'));
    const panel = await screen.findByTestId('login-panel');
    expect(panel.style.zIndex).toBe(String(LIMITS.loginPopupZIndex));
    expect(screen.getByTestId('view-chooser')).toBeInTheDocument();
    expect(await screen.findByTestId('chooser-google')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('chooser-username'));
    expect(screen.getByTestId('view-username')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('login-back'));
    expect(screen.getByTestId('view-chooser')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('login-close'));
    await waitFor(() => expect(screen.queryByTestId('login-panel')).toBeNull());
    expect(screen.getByTestId('profile-guest')).toBeInTheDocument();
  });

  it('inside an in-app browser, Google sign-in asks to open the page in a browser instead of failing there', async () => {
    stubApi(baseRoutes);
    act(() => useSession.setState({ isWebview: true, loginType: null }));
    try {
      renderAt('#/pages/profile/index');
      fireEvent.click(await screen.findByTestId('profile-login'));
      fireEvent.click(await screen.findByTestId('chooser-google'));
      expect(await screen.findByText('Please open in an external browser')).toBeInTheDocument();
      // Google's sign-in was not started (it would set the login type and leave the page).
      expect(useSession.getState().loginType).toBeNull();
    } finally {
      act(() => useSession.setState({ isWebview: false }));
    }
  });

  it('a username login in the popup closes it and shows the signed-in profile', async () => {
    stubApi([
      ...baseRoutes,
      on(api.auth.loginByName).reply(ok({ access_token: 'tok-name' })),
      on(api.user.info).reply(ok(sampleUser({ nickname: 'Maria' }))),
      on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
      on(api.user.queryGreatestVipcard).reply(
        ok({
          currency: 'PHP',
          active: null,
          userType: 0,
          trial: { activeUntil: null },
          tiers: [],
        }),
      ),
    ]);
    renderAt('#/pages/profile/index');
    fireEvent.click(await screen.findByTestId('profile-login'));
    fireEvent.click(await screen.findByTestId('chooser-username'));
    type('username-input', 'viewer_01');
    type('password-input', 'secret123');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('profile-user')).toBeInTheDocument();
    expect(screen.queryByTestId('login-panel')).toBeNull();
    expect(screen.getByTestId('profile-nickname').textContent).toBe('Maria');
    expect((await screen.findByTestId('profile-membership')).textContent).toBe('Ordinary user');
  });
});
