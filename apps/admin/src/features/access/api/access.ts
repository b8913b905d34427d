import { accessApi, type CallBody, type CallResult } from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session';

export type OperatorRow = CallResult<typeof accessApi.operators>['list'][number];
export type OperatorQuery = z.output<(typeof accessApi.operators)['query']>;
export type TotpEnrolment = CallResult<typeof accessApi.totpStart>;

export const sessionsQueryKey = ['admin', 'access', 'sessions'] as const;
export const operatorsQueryKey = ['admin', 'access', 'operators'] as const;

/** Calls that answer my operator info keep the session's copy current (the set-up gate reads it). */
function useSetOperator() {
  return useSession((s) => s.setOperator);
}

export function useChangePassword() {
  const setOperator = useSetOperator();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof accessApi.changePassword>) =>
      request(accessApi.changePassword, { body }),
    onSuccess: (operator) => {
      setOperator(operator);
      void client.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

export function useTotpStart() {
  return useMutation({ mutationFn: () => request(accessApi.totpStart, { body: {} }) });
}

/**
 * Confirms enrolment. The session's operator is updated only when the screen has shown the
 * recovery codes (`setOperator` after "I have saved them"): updating it opens the console.
 */
export function useTotpConfirm() {
  return useMutation({
    mutationFn: (code: string) => request(accessApi.totpConfirm, { body: { code } }),
  });
}

export const recoveryCodesQueryKey = ['admin', 'access', 'recovery-codes'] as const;

export function useRecoveryCodesLeft(enabled: boolean) {
  return useQuery({
    queryKey: recoveryCodesQueryKey,
    enabled,
    queryFn: ({ signal }) => request(accessApi.recoveryCodes, { signal }),
  });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => request(accessApi.regenerateRecoveryCodes, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: recoveryCodesQueryKey }),
  });
}

export function useTotpDisable() {
  const setOperator = useSetOperator();
  return useMutation({
    mutationFn: (code: string) => request(accessApi.totpDisable, { body: { code } }),
    onSuccess: (operator) => setOperator(operator),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => request(accessApi.sessions, { signal }),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(accessApi.revokeSession, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request(accessApi.revokeOtherSessions, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useOperators(query: OperatorQuery) {
  return useQuery({
    queryKey: [...operatorsQueryKey, query],
    queryFn: ({ signal }) => request(accessApi.operators, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useOperatorChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useCreateOperator() {
  return useOperatorChange((body: CallBody<typeof accessApi.createOperator>) =>
    request(accessApi.createOperator, { body }),
  );
}

export function useSetOperatorDisabled() {
  return useOperatorChange((body: CallBody<typeof accessApi.setOperatorDisabled>) =>
    request(accessApi.setOperatorDisabled, { body }),
  );
}

export function useResetOperatorPassword() {
  return useOperatorChange((id: string) => request(accessApi.resetOperatorPassword, { body: { id } }));
}

export function useUpdateOperator() {
  return useOperatorChange((body: CallBody<typeof accessApi.updateOperator>) =>
    request(accessApi.updateOperator, { body }),
  );
}

export function useResetOperatorTotp() {
  return useOperatorChange((id: string) => request(accessApi.resetOperatorTotp, { body: { id } }));
}
