import { api, defineCall } from '@dramastar/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRouter } from './route.js';

describe('the router', () => {
  const router = createRouter(Fastify(), () => Promise.resolve(null));

  it('refuses a user-level call registered as guest, and the other way round', () => {
    expect(() => router.guest(api.user.info, () => Promise.reject(new Error('unused')))).toThrow(
      /user-level/,
    );
    expect(() => router.user(api.config.queryTenantId, () => Promise.reject(new Error('unused')))).toThrow(
      /guest-level/,
    );
  });

  it('refuses a call whose answer the contract does not describe yet', () => {
    const unanswered = defineCall({ path: '/later/call', auth: 'user' });
    expect(() => router.user(unanswered, () => Promise.resolve(undefined))).toThrow(/no response schema/);
  });
});
