import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { routePreload } from './route-preload';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
/** Each build's id: the app compares it with /version.json to offer a newer deploy. */
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

/**
 * React Router's package exports name only its development files (warnings and checks on every
 * route match: remix-run/react-router#12532, #14102); a build takes the production ones beside them.
 */
const routerProduction = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    routePreload(),
    {
      // The entry's stylesheet (tokens, the shell, shared components: 4 KB compressed) goes into
      // index.html itself: the first paint waits for no other request (the boot shell's picture
      // shows as soon as it is decoded), and it cannot be cached apart from the page it styles.
      name: 'dramastar-inline-entry-css',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          // The entry's chunk is named by its group (`web-…`), so any stylesheet index.html links:
          // it links only the entry's. Should none be found, the build says so (the inlining
          // once stopped unnoticed when the chunk was renamed).
          const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w-]+\.css)">/.exec(html);
          const file = link?.[1];
          const asset = file === undefined ? undefined : ctx.bundle?.[file];
          if (!link || !file || asset?.type !== 'asset')
            throw new Error('index.html: the entry stylesheet was not found to inline');
          delete ctx.bundle?.[file];
          // Pages' chunks list the file among their imports' styles; the app's loader skips one
          // a <link rel="stylesheet"> already names, and a disabled one is never fetched.
          return html.replace(
            link[0],
            `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`,
          );
        },
      },
    },
    {
      name: 'dramastar-version-file',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ buildId }) });
      },
    },
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    conditions: ['source'],
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    // xfwd: proxied requests carry X-Forwarded-For, so the server's loopback-only calls (/test,
    // the outbox) stay closed to other machines even when the dev server listens with --host.
    proxy: {
      '/app-api': { target: apiTarget, ws: true, xfwd: true },
      '/media': { target: apiTarget, xfwd: true },
      '/stream': { target: apiTarget, xfwd: true },
      '/poster': { target: apiTarget, xfwd: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // An app, not a library: no chunk has to keep its exports for outside callers (which lets
      // the bundler copy small shared chunks into their users, below).
      preserveEntrySignatures: false,
      output: {
        // React and the router in chunks of their own: left to itself, the bundler merges them
        // with whatever pages share (antd-mobile), which the first screen would then load too
        // (bench/lighthouse.ts prints what index.html loads).
        codeSplitting: {
          // Shared chunks under 2 KB are copied into the chunks that use them instead of being
          // fetched on their own: an episode page loads 8 scripts, not 25. On a phone each script
          // costs a request and a module set-up on the main thread before the first frame
          // (bench/playback.ts: about 40 ms from navigation to first frame on this machine). The
          // cost: a small module shared by several pages is in each of their chunks (about 150 KB
          // more JavaScript in the build; a page still loads each module once).
          experimentalInlineCommonChunks: { maxSize: 2 * 1024 },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
            // What the app's script and the pages share at start (the session store, the language
            // helper, routes, icons, the contract's constants): one chunk instead of six small
            // ones. Over HTTP/1.1 a browser opens six connections to a host; on an episode opened
            // cold the first wave asked 14 files, and the series call queued ~280 ms behind them
            // (alternated A/B, 30 cold opens each: 1,379 -> 1,305 ms median to the first frame).
            {
              name: 'core',
              test: /(apps[\\/]web[\\/]src[\\/]shared[\\/](store[\\/]|i18n[\\/]index|routes|cookies|in-app-browser|ui[\\/]icons)|packages[\\/]contract[\\/]src[\\/](constants|messages[\\/]fill)|node_modules[\\/]zustand[\\/])/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
}));
