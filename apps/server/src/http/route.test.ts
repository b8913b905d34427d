import { api } from '@dramastar/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCall } from './route.js';

describe('registerCall', () => {
  it('refuses to register a user-level call while there is no session module to guard it', () => {
    const app = Fastify();
    expect(() => registerCall(app, api.user.info, () => Promise.resolve(undefined))).toThrow(
      /session module/,
    );
  });
});
