import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from './call.js';
import { ApiError, callUrl, createClient, queryString, type TransportRequest } from './client.js';

const getSeries = defineCall({
  method: 'GET',
  path: '/sv/videos/:id',
  auth: 'guest',
  params: z.object({ id: z.string() }),
  query: z.object({ lang: z.string().optional(), tags: z.array(z.string()).optional() }),
  response: z.object({ title: z.string(), episodes: z.coerce.number() }),
});
const buy = defineCall({
  path: '/copyright/buy',
  auth: 'user',
  body: z.object({ productId: z.string(), quantity: z.number() }),
  response: z.object({ orderNo: z.string() }),
});
const loose = defineCall({ path: '/later', auth: 'user' });

/** A transport answering `status` and `json`, keeping what it was asked. */
function replying(status: number, json: unknown) {
  const sent: TransportRequest[] = [];
  const transport = async (request: TransportRequest) => {
    sent.push(request);
    return { status, json };
  };
  return { sent, transport };
}

/** The ApiError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('createClient', () => {
  it('sends the call’s method, prefixed path with parameters and query, headers and JSON body', async () => {
    const { sent, transport } = replying(200, { code: 200, msg: 'ok', data: { orderNo: 'C-1' } });
    const client = createClient(transport, { headers: (call) => ({ 'x-auth': call.auth }) });
    await client.call(buy, { body: { productId: 'p1', quantity: 2 }, headers: { 'x-extra': '1' } });
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/app-api/copyright/buy',
      headers: { 'x-auth': 'user', 'x-extra': '1', 'Content-Type': 'application/json' },
      body: '{"productId":"p1","quantity":2}',
    });

    const get = replying(200, { code: 200, msg: 'ok', data: { title: 'T', episodes: '3' } });
    await createClient(get.transport).call(getSeries, {
      params: { id: 'a b' },
      query: { lang: undefined, tags: ['x', 'y'] },
    });
    expect(get.sent[0]).toMatchObject({
      method: 'GET',
      path: '/app-api/sv/videos/a%20b?tags=x&tags=y',
      body: undefined,
    });
    expect(get.sent[0]!.headers).toEqual({});
  });

  it('resolves the answer’s data parsed by the call’s response schema', async () => {
    const { transport } = replying(200, {
      code: 200,
      msg: 'ok',
      data: { title: 'T', episodes: '3', extra: 1 },
    });
    await expect(createClient(transport).call(getSeries, { params: { id: '1' } })).resolves.toEqual({
      title: 'T',
      episodes: 3,
    });
  });

  it('passes an unspecified call’s data through unparsed', async () => {
    const { transport } = replying(200, { code: 200, msg: 'ok', data: [1, 'two'] });
    await expect(createClient(transport).call(loose)).resolves.toEqual([1, 'two']);
  });

  it('rejects a refusal with an ApiError holding the envelope’s code, key, field and message', async () => {
    const envelope = {
      code: 400,
      msg: 'Quantity is invalid',
      errorKey: 'ValidationFailed',
      field: 'quantity',
      requestId: 'r-9',
    };
    const { transport } = replying(400, envelope);
    const error = await createClient(transport)
      .call(buy, { body: { productId: 'p', quantity: -1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'api', code: 400, message: 'Quantity is invalid', body: envelope });
    expect((error as ApiError).errorKey).toBe('ValidationFailed');
    expect((error as ApiError).field).toBe('quantity');
    expect((error as ApiError).requestId).toBe('r-9');
  });

  it('words a refusal without a message by its key, or by the client’s own wording', async () => {
    const { transport } = replying(409, { code: 409, msg: '', errorKey: 'InsufficientFunds' });
    const bare = await refusal(createClient(transport).call(loose));
    expect(bare.message).toBe('InsufficientFunds');
    const own = await refusal(
      createClient(transport, { refusalText: (body) => `no: ${body.errorKey}` }).call(loose),
    );
    expect(own.message).toBe('no: InsufficientFunds');
  });

  it('rejects an answer that is no envelope, or off the contract, as a network error', async () => {
    const html = replying(502, null);
    await expect(
      createClient(html.transport).call(buy, { body: { productId: 'p', quantity: 1 } }),
    ).rejects.toMatchObject({
      kind: 'network',
      code: 502,
      message: 'No valid answer from /app-api/copyright/buy (HTTP 502)',
    });
    const off = replying(200, { code: 200, msg: 'ok', data: { orderNo: 7 } });
    await expect(
      createClient(off.transport).call(buy, { body: { productId: 'p', quantity: 1 } }),
    ).rejects.toMatchObject({
      kind: 'network',
      message: 'The answer of /copyright/buy does not match the contract',
    });
  });

  it('lets the transport’s own failure through', async () => {
    const down = new Error('offline');
    const client = createClient(() => Promise.reject(down));
    await expect(client.call(loose)).rejects.toBe(down);
  });

  it('gives the status and envelope as they came with answer(), refusals included', async () => {
    const envelope = { code: 409, msg: 'No', errorKey: 'InsufficientFunds' };
    const { transport } = replying(409, envelope);
    await expect(
      createClient(transport).answer(buy, { body: { productId: 'p', quantity: 1 } }),
    ).resolves.toEqual({
      status: 409,
      body: envelope,
    });
  });
});

describe('queryString and callUrl', () => {
  it('leave out undefined and null, keep empty strings, write numbers and objects as JSON', () => {
    expect(queryString({ a: 1, b: undefined, c: null, d: '', e: { x: 1 } })).toBe(
      '?a=1&d=&e=%7B%22x%22%3A1%7D',
    );
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
    expect(callUrl(getSeries, { params: { id: '7' }, query: { lang: 'en' } })).toBe(
      '/app-api/sv/videos/7?lang=en',
    );
  });
});
