import { api } from '@dramastar/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/route.js';
import type { AuthService } from './auth.service.js';
import type { CaptchaService } from './captcha.service.js';

export function sessionMeta(req: FastifyRequest) {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

export function authRoutes(router: Router, auth: AuthService, captcha: CaptchaService): void {
  router.guest(api.auth.sendEmailCode, ({ body, req, lang }) => auth.sendEmailCode(body, req.ip, lang));
  router.guest(api.auth.register, async ({ body, req }) => ({
    access_token: await auth.registerByEmail(body, sessionMeta(req)),
  }));
  router.guest(api.auth.login, async ({ body, req }) => ({
    access_token: await auth.loginByEmail(body, sessionMeta(req)),
  }));
  router.guest(api.auth.registerByName, async ({ body, req }) => ({
    access_token: await auth.registerByName(body, sessionMeta(req)),
  }));
  router.guest(api.auth.loginByName, async ({ body, req }) => ({
    access_token: await auth.loginByName(body, sessionMeta(req)),
  }));
  router.guest(api.auth.captcha, () => captcha.create());
  router.user(api.auth.logout, async ({ user }) => {
    await auth.logout(user);
    return null;
  });
}
