import { type Language, parseLanguage } from '@dramastar/contract';
import type { FastifyRequest } from 'fastify';

/** The language of `msg`: `content-language` first (the web app sends it), then Accept-Language. */
export function requestLanguage(req: FastifyRequest): Language {
  const header: string | string[] | undefined =
    req.headers['content-language'] ?? req.headers['accept-language'];
  return parseLanguage(typeof header === 'string' ? header : header?.[0]);
}
