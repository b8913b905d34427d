import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  emailLoginForm,
  emailRegisterForm,
  nameLoginForm,
  nameRegisterBody,
  sendEmailCodeBody,
  thirdLoginBody,
  text,
} from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

/** Login and registration answers: the session token the app sends as `Authorization: Bearer`. */
export const accessTokenResult = lazySchema(() => z.object({ access_token: z.string() }));

export const sendEmailCodeResult = lazySchema(() =>
  z.object({
    /** The address the code went to, trimmed and in lower case. */
    email: z.string(),
    /** The code stops working after this many seconds. */
    expiresInSeconds: z.number().int(),
    /** The server refuses another code for this address and purpose until then. */
    resendInSeconds: z.number().int(),
  }),
);

/** The image captcha: `img` is a PNG in base64 (no `data:` prefix); answer with `uuid` and `code`. */
export const captchaResult = lazySchema(() => z.object({ uuid: z.string(), img: z.string() }));

export const thirdLoginByTokenResult = lazySchema(() =>
  z.object({
    /** Set when the Google account already belongs to a user: logged in. */
    access_token: z.string().nullable(),
    channel: z.literal('google'),
    /** For a new user: what Google told us, to prefill the completion form. */
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
);

export const authCalls = {
  sendEmailCode: defineCall({
    path: '/auth/sendEmailCode',
    auth: 'guest',
    body: sendEmailCodeBody,
    response: sendEmailCodeResult,
  }),
  login: defineCall({
    path: '/auth/login',
    auth: 'guest',
    body: emailLoginForm,
    response: accessTokenResult,
  }),
  register: defineCall({
    path: '/auth/register',
    auth: 'guest',
    body: emailRegisterForm,
    response: accessTokenResult,
  }),
  logout: defineCall({ path: '/auth/logout', auth: 'user', response: lazySchema(() => z.null()) }),
  /** Completes a Google sign-up: the ticket of the three-page plus phone and invite code. */
  thirdLogin: defineCall({
    path: '/auth/thirdLogin',
    auth: 'guest',
    body: thirdLoginBody,
    response: accessTokenResult,
  }),
  /** Exchanges the three-page's ticket (`accessToken`) for a session, or for the sign-up data. */
  thirdLoginByToken: defineCall({
    path: '/auth/thirdLoginByToken',
    auth: 'guest',
    body: lazySchema(() =>
      z.object({ accessToken: text().trim().min(1).max(200), channel: z.literal('google') }),
    ),
    response: thirdLoginByTokenResult,
  }),
  registerByName: defineCall({
    path: '/auth/registerByName',
    auth: 'guest',
    body: nameRegisterBody,
    response: accessTokenResult,
  }),
  loginByName: defineCall({
    path: '/auth/loginByName',
    auth: 'guest',
    body: nameLoginForm,
    response: accessTokenResult,
  }),
  captcha: defineCall({ method: 'GET', path: '/auth/auth/code', auth: 'guest', response: captchaResult }),
  /**
   * Signs in with a hand-over ticket from `/user/handoffTicket` (the embedded login passes it to
   * the page around it): single use, 2 minutes, a new session; the session token itself never
   * travels in an address or a message.
   */
  loginByTicket: defineCall({
    path: '/auth/loginByTicket',
    auth: 'guest',
    body: lazySchema(() => z.object({ ticket: text().trim().min(1).max(200) })),
    response: accessTokenResult,
  }),
};

/**
 * Browser navigations (not JSON calls) on the product's own host. `render` starts Google sign-in
 * (query `returnTo`: the app path to come back to); `bind` links Google to the signed-in account
 * and takes `ticket` from `/user/bindTicket`. Both end on the app: sign-in at
 * `#/pages/login/three?token=…&channel=google`, bind at `#/pages/profile/setting/bindOrContinueWith`
 * with `bound=google` or `error=<MessageKey>`; a failed sign-in goes to the three-page with `error`.
 */
export const OAUTH_PATHS = {
  renderGoogle: '/app-api/oauth/render/google',
  bindGoogle: '/app-api/oauth/bind/google',
  callbackGoogle: '/app-api/oauth/callback/google',
} as const;
