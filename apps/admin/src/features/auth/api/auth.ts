import { adminApi, type CallBody } from '@dramastar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session';

export const meQueryKey = ['admin', 'me'] as const;

/** Who the stored token belongs to; a dead token answers 401 and the session is forgotten. */
export function useMe() {
  const token = useSession((s) => s.token);
  const setOperator = useSession((s) => s.setOperator);
  return useQuery({
    queryKey: [...meQueryKey, token],
    enabled: token !== null,
    // Coming back to a tab asks again: a session ended elsewhere (idle, revoked) shows the sign-in.
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }) => {
      const me = await request(adminApi.me, { signal });
      setOperator(me);
      return me;
    },
  });
}

/**
 * Sign-in. An operator with TOTP enabled is answered 409 `TotpRequired` when no code is sent: the
 * login page then asks for the code and signs in again with it.
 */
export function useLogin() {
  const signIn = useSession((s) => s.signIn);
  return useMutation({
    mutationFn: (body: CallBody<typeof adminApi.login>) => request(adminApi.login, { body }),
    onSuccess: ({ token, operator }) => signIn(token, operator),
  });
}

export function useLogout() {
  const clear = useSession((s) => s.clear);
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request(adminApi.logout),
    // Forget the session whatever the answer: the operator asked to leave.
    onSettled: () => {
      clear();
      client.clear();
    },
  });
}
