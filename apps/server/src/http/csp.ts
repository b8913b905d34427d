import { randomBytes } from 'node:crypto';

// Content-Security-Policy of the two documents the server sends: the web app's index.html and
// the console's. Scripts run only from this origin (and, in the web app's page, its own inline
// scripts, which carry a nonce made per answer), so an injected <script> or an inline handler
// does not run and a stolen page cannot load code from elsewhere.

/** A fresh nonce for one answer of index.html (128 random bits, base64). */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The origins of object storage a browser reaches itself: public images (the public bucket or
 * the CDN in front of it) and the console's direct uploads (the store's endpoint). http origins
 * must be named; https ones are allowed for images anyway.
 */
export function storageOrigins(s3?: {
  endpoint?: string | undefined;
  publicBaseUrl?: string | undefined;
}): string[] {
  const origins = [s3?.endpoint, s3?.publicBaseUrl].flatMap((address) => {
    if (!address) return [];
    try {
      return [new URL(address).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

const common = (storage: string[]) => [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Covers, posters and avatars may come from a CDN; pictures chosen for upload are blob: URLs.
  `img-src 'self' data: blob: https: ${storage.join(' ')}`.trim(),
  // hls.js feeds the video through Media Source (blob:); it transmuxes on the page, not in a
  // blob: worker (apps/web/src/features/drama/player/attach.ts), so workers are the app's own.
  "media-src 'self' blob:",
  "worker-src 'self'",
  "font-src 'self' data:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
];

/**
 * The web app's page: its inline scripts by nonce; other sites' pages only in the web view's frame;
 * episode segments from `media` (the object store or its CDN), fetched by hls.js or played natively.
 */
export function webAppPolicy(nonce: string, storage: string[], media: string[] = []): string {
  const withMedia = (directive: string) => [directive, ...media].join(' ');
  return [
    ...common(storage).map((d) => (d.startsWith('media-src ') ? withMedia(d) : d)),
    `script-src 'self' 'nonce-${nonce}'`,
    withMedia("connect-src 'self'"),
    // The web view page shows another site's page (http or https) in a sandboxed frame.
    'frame-src http: https:',
    // Payment pages are reached by navigation; a form may post to a provider's https page.
    "form-action 'self' https:",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The console: no inline script at all; uploads go straight to the object store. */
export function consolePolicy(storage: string[]): string {
  return [
    ...common(storage),
    "script-src 'self'",
    `connect-src 'self' ${storage.join(' ')}`.trim(),
    "frame-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** An opening <script> tag. */
const SCRIPT_TAG = /<script(?=[\s>])/;

/** Puts `nonce` on every <script> element of a page. */
export function withNonce(html: string, nonce: string): string {
  return html.split(SCRIPT_TAG).join(`<script nonce="${nonce}"`);
}
