import { api, type CallBody } from '@dramastar/contract';
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

export function thirdLoginByToken(accessToken: string, signal?: AbortSignal) {
  return request(api.auth.thirdLoginByToken, {
    body: { accessToken, channel: 'google' },
    signal,
    hideToast: true,
  });
}

export function fetchCaptcha(signal?: AbortSignal) {
  return request(api.auth.captcha, { signal });
}

/** A single-use ticket that signs the same user in on the page around the embedded login. */
export function handoffTicket() {
  return request(api.user.handoffTicket);
}

export function loginByTicket(ticket: string) {
  return request(api.auth.loginByTicket, { body: { ticket }, hideToast: true });
}
