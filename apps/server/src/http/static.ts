import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consolePolicy, cspNonce, webAppPolicy, withNonce } from './csp.js';
import type { PageFallback } from './envelope.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** With preCompressed the path is the `.br`/`.gz` sibling that is sent; the rules follow the original. */
const originalPath = (sentPath: string) => sentPath.replace(/\.(?:br|gz)$/, '');

function setWebHeaders(res: SetHeadersResponse, sentPath: string): void {
  const path = originalPath(sentPath);
  // The same address answers brotli, gzip or plain bytes: caches must key on the request's encodings.
  res.setHeader('vary', 'accept-encoding');
  if (path.endsWith('index.html')) res.setHeader('cache-control', 'no-cache');
  else if (/[/\\]assets[/\\]/.test(path)) res.setHeader('cache-control', IMMUTABLE);
  else res.setHeader('cache-control', 'public, max-age=3600');
}

/**
 * What the first screen can show before any script has run, for the host asking (its tenant's
 * name and the cover of Home's first banner): index.html carries it to its inline boot script,
 * which draws Home's top bar and banner at once (README, "The first screen"), and to the app
 * (the tenant's summary). Null: nothing to add.
 */
export type BootData = (req: FastifyRequest) => Promise<Record<string, unknown> | null>;

/** Where index.html takes the boot data: a comment at the top of its <head>, before any script. */
const BOOT_MARK = /<!--ds-boot[^>]*-->/;

/** JSON safe inside a <script> element (no `</script>`, no HTML comment or line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The built web app at `/`: hashed assets are immutable, index.html is revalidated on every load
 * so a redeploy reaches users at once, and carries the host's boot data and a Content-Security-
 * Policy whose nonce its inline scripts carry (`storage`: object-store origins browsers reach,
 * http/csp.ts). Returns the fallback for other browser GETs.
 */
export async function serveWeb(
  app: FastifyInstance,
  webDir: string,
  boot?: BootData,
  storage: string[] = [],
  /** Origins episode segments come from (the object store or its CDN): fetched, played, preconnected. */
  media: string[] = [],
): Promise<PageFallback | undefined> {
  const root = resolve(webDir);
  const indexFile = resolve(root, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  // hls.js fetches segments without credentials: an anonymous connection is the one to open early.
  const preconnect = media.map((origin) => `<link rel="preconnect" href="${origin}" crossorigin>`).join('');
  const template = readFileSync(indexFile, 'utf8').replace('</head>', `${preconnect}</head>`);
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    let data: Record<string, unknown> | null = null;
    try {
      data = boot ? await boot(req) : null;
    } catch (error) {
      // The page works without it: the app draws the same screen once its script has run.
      req.log.warn({ err: error }, 'boot data for index.html failed');
    }
    const page = data
      ? template.replace(BOOT_MARK, `<script>window.__dsBoot=${scriptJson(data)}</script>`)
      : template;
    const nonce = cspNonce();
    const html = withNonce(page, nonce);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', webAppPolicy(nonce, storage, media))
      .type('text/html; charset=utf-8')
      .send(html);
  };
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    cacheControl: false,
    // The build writes `.br` and `.gz` beside text assets (scripts/precompress.mjs).
    preCompressed: true,
    index: false,
    setHeaders: setWebHeaders,
  });
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  return (req, reply) => {
    const accept = req.headers.accept ?? '';
    if (req.method !== 'GET' || !accept.includes('text/html')) return false;
    void sendIndex(req, reply);
    return reply;
  };
}

/** `/admin`, `/admin/`, `/admin/…` (not `/admin-api`). */
const ADMIN_PAGE = /^\/admin(?:[/?#]|$)/;

/**
 * The built operator console at `/admin/` (its Vite build has base `/admin/`), cached like the web
 * app. Returns the fallback that answers a browser's GET of `/admin` and any `/admin/…` page with the
 * console's index.html, so its own routes load on reload; other paths are left to the next fallback.
 */
export async function serveAdmin(
  app: FastifyInstance,
  adminDir: string,
  storage: string[] = [],
): Promise<PageFallback | undefined> {
  const root = resolve(adminDir);
  const index = resolve(root, 'index.html');
  if (!existsSync(index)) return undefined;
  const policy = consolePolicy(storage);
  await app.register(fastifyStatic, {
    root,
    prefix: '/admin/',
    // The web app's registration decorates the reply; this one must not do it twice.
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    index: ['index.html'],
    setHeaders: (res, sentPath) => {
      setWebHeaders(res, sentPath);
      if (originalPath(sentPath).endsWith('index.html')) res.setHeader('content-security-policy', policy);
    },
  });
  return (req, reply) => {
    const accept = req.headers.accept ?? '';
    if (req.method !== 'GET' || !accept.includes('text/html') || !ADMIN_PAGE.test(req.url)) return false;
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .type('text/html; charset=utf-8')
      .send(createReadStream(index));
  };
}

/** The first fallback that answers: the console's pages under /admin before the web app's. */
export function firstFallback(...fallbacks: (PageFallback | undefined)[]): PageFallback | undefined {
  const present = fallbacks.filter((f): f is PageFallback => f !== undefined);
  if (present.length === 0) return undefined;
  return (req, reply) => {
    for (const fallback of present) {
      const answered = fallback(req, reply);
      if (answered) return answered;
    }
    return false;
  };
}
