import { api, type CallBody } from '@dramastar/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

// One function per auth call of the contract (spec section 7). Refusals are toasted by the helper.

export function loginByEmail(body: CallBody<typeof api.auth.login>) {
  return request(api.auth.login, { body });
}

export function loginByName(body: CallBody<typeof api.auth.loginByName>) {
  return request(api.auth.loginByName, { body });
}

export function registerByEmail(body: CallBody<typeof api.auth.register>) {
  return request(api.auth.register, { body });
}

export function registerByName(body: CallBody<typeof api.auth.registerByName>) {
  return request(api.auth.registerByName, { body });
}

export function thirdLogin(body: CallBody<typeof api.auth.thirdLogin>) {
  return request(api.auth.thirdLogin, { body });
}

/** The Google ticket's exchange: single-use, so asked once per ticket and kept (never retried). */
export function googleTicketQueryOptions(ticket: string) {
  return queryOptions({
    queryKey: ['auth', 'thirdLoginByToken', ticket],
    queryFn: ({ signal }) =>
      request(api.auth.thirdLoginByToken, {
        body: { accessToken: ticket, channel: 'google' },
        signal,
        hideToast: true,
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** A captcha for the username form: kept until the form asks for a new one, forgotten with it. */
export function captchaQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => request(api.auth.captcha, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** A single-use ticket that signs the same user in on the page around the embedded login. */
export function handoffTicket() {
  return request(api.user.handoffTicket);
}

export function loginByTicket(ticket: string) {
  return request(api.auth.loginByTicket, { body: { ticket }, hideToast: true });
}
