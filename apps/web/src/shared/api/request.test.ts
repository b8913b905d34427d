import { api, defineCall, LIMITS } from '@dramastar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ok, refusal, stubFetch } from '../../test/fetch';
import { sampleUser } from '../../test/fixtures';
import { useSession } from '../store/session';
import { STORAGE_KEYS } from '../store/storage-keys';
import { showToast } from '../ui/toast';
import { ApiError } from './api-error';
import { request } from './request';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../ui/toast', () => {
  const showToast = vi.fn();
  return { showToast, showNotify: (message: string) => showToast(message), hideToast: vi.fn() };
});
const toast = vi.mocked(showToast);

const tenant = {
  tenantId: '000001',
  name: 'DramaStar PH',
  currency: 'PHP',
  inviteUrl: 'https://ph.example.com',
  defaultLanguage: 'en',
};

const withPath = defineCall({
  path: '/sv/videos/:seriesId',
  auth: 'guest',
  params: z.object({ seriesId: z.number() }),
});
const hidden = defineCall({ path: '/account/applyWithdrawal', auth: 'user', hideErrorToast: true });

function headersOf(init: RequestInit): Record<string, string> {
  return init.headers as Record<string, string>;
}

describe('request', () => {
  beforeEach(() => toast.mockClear());
  afterEach(() => vi.useRealTimers());

  it('resolves the data of a 200 answer, POSTing to /app-api with the query appended', async () => {
    const { calls } = stubFetch(ok(tenant));
    const data = await request(api.config.queryTenantId, { query: { domain: 'ph.example.com' } });
    expect(data).toEqual(tenant);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/app-api/appConfig/queryTenantId?domain=ph.example.com');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(headersOf(calls[0]!.init)['Content-Type']).toBeUndefined();
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends content-language, the bearer token and a JSON body', async () => {
    useSession.getState().login('tok-123');
    useSession.getState().setLanguage('vn');
    const { calls } = stubFetch(ok([]));
    await request(withPath, { params: { seriesId: 42 }, body: { pageNum: 1 } });
    const headers = headersOf(calls[0]!.init);
    expect(calls[0]!.url).toBe('/app-api/sv/videos/42');
    expect(headers['content-language']).toBe('vn');
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"pageNum":1}');
  });

  it('leaves out Authorization when there is no token and skips empty query values', async () => {
    const { calls } = stubFetch(ok({ enabled: true }));
    await request(api.config.queryEarnSwitch, { query: { tenantId: undefined } });
    expect(calls[0]!.url).toBe('/app-api/appConfig/queryEarnSwitch');
    expect(headersOf(calls[0]!.init).Authorization).toBeUndefined();
    expect(headersOf(calls[0]!.init)['content-language']).toBe('en');
  });

  it('logs out on 401: token, user info, user detail and openId are cleared everywhere', async () => {
    const session = useSession.getState();
    session.login('tok-401');
    session.setUserInfo(sampleUser());
    useSession.setState({ openId: 'open-1' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-401');

    stubFetch(refusal(401, 'Please log in first', 'Unauthorized'));
    await expect(request(api.user.info)).rejects.toMatchObject({ code: 401, kind: 'api' });

    const after = useSession.getState();
    expect(after.token).toBeNull();
    expect(after.hasLogin).toBe(false);
    expect(after.userInfo).toBeNull();
    expect(after.userDetail).toBeNull();
    expect(after.openId).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userDetail)).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts the message of another code and rejects with an ApiError carrying the body', async () => {
    stubFetch(refusal(409, 'Insufficient funds', 'InsufficientFunds'));
    const body = { tier: 'primary', requestId: 'req-12345678', channel: 'gateway' } as const;
    const error: unknown = await request(api.user.openvip, { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'api', code: 409, errorKey: 'InsufficientFunds' });
    expect((error as ApiError).body).toMatchObject({ code: 409, msg: 'Insufficient funds' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('Insufficient funds');
  });

  it('toasts `message` when there is no `msg`', async () => {
    stubFetch({ status: 500, body: { code: 500, message: 'Server exploded' } });
    await expect(request(api.user.info)).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('Server exploded');
  });

  it('does not toast when the call hides errors or the caller passes hideToast', async () => {
    stubFetch(refusal(409, 'No bank card added yet', 'BankCardNotSet'));
    await expect(request(hidden)).rejects.toMatchObject({ code: 409 });
    await expect(request(api.user.info, { hideToast: true })).rejects.toMatchObject({ code: 409 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects a network failure without a toast', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(request(api.user.info)).rejects.toMatchObject({ kind: 'network', code: 0 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects an answer that is not an envelope (e.g. a proxy error page) without a toast', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(request(api.user.info)).rejects.toMatchObject({ kind: 'network', code: 502 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('gives up after the request timeout and rejects without a toast', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = request(api.user.info).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'network', timedOut: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects a 200 answer that breaks the contract', async () => {
    stubFetch(ok({ enabled: 'yes' }));
    await expect(request(api.config.queryEarnSwitch)).rejects.toMatchObject({ kind: 'network' });
  });
});
