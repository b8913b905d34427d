import { type AnyCall, type CallInput, type Client, createClient, type RawAnswer } from '@dramastar/contract';

/**
 * The contract's one client (the app's and the console's) over Node's fetch, against the server at
 * `baseUrl`, speaking for `token`'s session when one is given: calls go by their declaration, with
 * their input typed and their answer parsed.
 */
export function apiClient(baseUrl: string, token?: string | null): Client {
  return createClient(
    async ({ method, path, headers, body }) => {
      const res = await fetch(baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { headers: (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}) },
  );
}

/** The envelope of a call as it came, whatever its code (for a test to assert on). */
export async function envelope<C extends AnyCall>(
  client: Client,
  call: C,
  input?: CallInput<C>,
): Promise<RawAnswer<C>['body']> {
  return (await client.answer(call, input)).body;
}
