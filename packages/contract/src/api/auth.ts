import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  emailLoginForm,
  emailRegisterForm,
  nameLoginForm,
  nameRegisterBody,
  sendEmailCodeBody,
} from '../validation.js';

export const accessTokenResult = z.object({ access_token: z.string() });

export const authCalls = {
  sendEmailCode: defineCall({ path: '/auth/sendEmailCode', auth: 'guest', body: sendEmailCodeBody }),
  login: defineCall({ path: '/auth/login', auth: 'guest', body: emailLoginForm }),
  register: defineCall({ path: '/auth/register', auth: 'guest', body: emailRegisterForm }),
  logout: defineCall({ path: '/auth/logout', auth: 'user' }),
  thirdLogin: defineCall({ path: '/auth/thirdLogin', auth: 'guest' }),
  thirdLoginByToken: defineCall({
    path: '/auth/thirdLoginByToken',
    auth: 'guest',
    body: z.object({ accessToken: z.string().min(1).max(4096), channel: z.literal('google') }),
  }),
  registerByName: defineCall({ path: '/auth/registerByName', auth: 'guest', body: nameRegisterBody }),
  loginByName: defineCall({ path: '/auth/loginByName', auth: 'guest', body: nameLoginForm }),
  captcha: defineCall({ method: 'GET', path: '/auth/auth/code', auth: 'guest' }),
};

/** Browser navigations (not JSON calls) on the product's own host. */
export const OAUTH_PATHS = {
  renderGoogle: '/app-api/oauth/render/google',
  bindGoogle: '/app-api/oauth/bind/google',
} as const;
