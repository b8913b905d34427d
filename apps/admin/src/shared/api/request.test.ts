import { adminApi } from '@dramastar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session';
import { ApiError } from './api-error';
import { queryString, request } from './request';

const operator = {
  id: '1',
  username: 'admin',
  role: 'owner' as const,
  tenantIds: [],
  mustChangePassword: true,
  totpEnabled: false,
  totpRequired: true,
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => useSession.getState().signIn('tok-123', operator));
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('the admin request helper', () => {
  it('calls /admin-api + the path with the operator token and resolves the parsed data', async () => {
    const fetchMock = answer(200, { code: 200, msg: 'ok', data: operator });
    await expect(request(adminApi.me)).resolves.toEqual(operator);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin-api/auth/me');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('sends the query without empty filters and the body as JSON', async () => {
    const fetchMock = answer(200, { code: 200, msg: 'ok', data: { list: [], total: 0, users: [] } });
    await request(adminApi.withdrawals, {
      query: { pageNum: 2, pageSize: 20, status: 'applied', tenantId: undefined },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/admin-api/finance/withdrawals?pageNum=2&pageSize=20&status=applied',
    );
    answer(200, { code: 200, msg: 'ok', data: {} });
    expect(queryString({ action: '', pageNum: 1 })).toBe('?pageNum=1');
  });

  it('rejects a refusal with an ApiError holding errorKey, field and the server message', async () => {
    answer(409, {
      code: 409,
      msg: 'The matched reference does not belong to this order',
      errorKey: 'ReferenceMismatch',
      field: 'matchedReference',
    });
    const error = await request(adminApi.confirmRecharge, {
      body: { orderNo: 'R1', matchedReference: 'X' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'api',
      code: 409,
      errorKey: 'ReferenceMismatch',
      field: 'matchedReference',
      message: 'The matched reference does not belong to this order',
    });
    // A refusal other than 401 keeps the session.
    expect(useSession.getState().token).toBe('tok-123');
  });

  it('falls back to the contract text of the errorKey when the message is empty', async () => {
    answer(429, { code: 429, msg: '', errorKey: 'OperatorLocked' });
    await expect(request(adminApi.login, { body: { username: 'a', password: 'b' } })).rejects.toThrow(
      /Too many failed sign-ins/,
    );
  });

  it('forgets the session on 401 of a signed-in call, not on a wrong sign-in', async () => {
    answer(401, { code: 401, msg: 'Wrong user name or password', errorKey: 'WrongOperatorLogin' });
    await expect(request(adminApi.login, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      errorKey: 'WrongOperatorLogin',
    });
    expect(useSession.getState().token).toBe('tok-123');

    answer(401, { code: 401, msg: 'Please log in', errorKey: 'Unauthorized' });
    await expect(request(adminApi.me)).rejects.toMatchObject({ code: 401 });
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('does not send a token with a guest call', async () => {
    const fetchMock = answer(200, { code: 200, msg: 'ok', data: { token: 't2', operator } });
    await request(adminApi.login, { body: { username: 'admin', password: 'pw' } });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('treats an answer without an envelope, or off the contract, as no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(request(adminApi.me)).rejects.toMatchObject({ kind: 'network', code: 502 });
    answer(200, { code: 200, msg: 'ok', data: { id: 1 } });
    await expect(request(adminApi.me)).rejects.toMatchObject({ kind: 'network' });
  });

  it('reports a failed connection as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request(adminApi.me)).rejects.toMatchObject({ kind: 'network', code: 0 });
  });
});
