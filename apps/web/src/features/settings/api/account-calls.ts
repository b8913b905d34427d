import { api, type CallBody } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';

export const loginMethodsQueryKey = ['user', 'loginMethods'] as const;

export function loginMethodsQueryOptions() {
  return queryOptions({
    queryKey: loginMethodsQueryKey,
    queryFn: ({ signal }) => request(api.user.loginMethods, { signal }),
  });
}

export function useLoginMethods() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...loginMethodsQueryOptions(), enabled: hasLogin });
}

export function bindEmail(body: CallBody<typeof api.user.bindEmail>) {
  return request(api.user.bindEmail, { body });
}

export function bindUserName(body: CallBody<typeof api.user.bindUserName>) {
  return request(api.user.bindUserName, { body });
}

export function unbindMethod(method: 'email' | 'google') {
  return request(api.user.unbind, { body: { method } });
}

export function fetchBindTicket() {
  return request(api.user.bindTicket);
}

export function setInviteCode(inviteCode: string) {
  return request(api.user.setInviteCode, { query: { inviteCode } });
}

export function changePassword(body: CallBody<typeof api.user.changePassword>) {
  return request(api.user.changePassword, { body });
}

export function cancelAccount(body: CallBody<typeof api.user.cancelAccount>) {
  return request(api.user.cancelAccount, { body });
}

export function logout() {
  return request(api.auth.logout);
}
