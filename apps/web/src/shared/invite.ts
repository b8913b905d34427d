import { COOKIE_NAMES, readCookie, writeCookie } from './cookies';

const CODE = /^[A-Za-z0-9]{1,8}$/;

/** Remembers the invite code of an invitation link (cookie `inviteInfo`), if it is a code at all. */
export function rememberInviteCode(code: string): void {
  const trimmed = code.trim();
  if (CODE.test(trimmed)) writeCookie(COOKIE_NAMES.inviteInfo, trimmed);
}

/** The remembered invite code, to prefill registrations. */
export function rememberedInviteCode(): string {
  const code = readCookie(COOKIE_NAMES.inviteInfo)?.trim() ?? '';
  return CODE.test(code) ? code : '';
}
