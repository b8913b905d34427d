import { DEFAULT_LANGUAGE, type Language, parseLanguage } from '@dramastar/contract';
import type { FastifyRequest } from 'fastify';
import { headerMemo } from './header-memo.js';

const languageOf = headerMemo(parseLanguage);

/** The language of `msg`: `content-language` first (the web app sends it), then Accept-Language. */
export function requestLanguage(req: FastifyRequest): Language {
  const header: string | string[] | undefined =
    req.headers['content-language'] ?? req.headers['accept-language'];
  const value = typeof header === 'string' ? header : header?.[0];
  return value ? languageOf(value) : DEFAULT_LANGUAGE;
}
