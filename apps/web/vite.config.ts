import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: {
    port: 5173,
    // xfwd: proxied requests carry X-Forwarded-For, so the server's loopback-only calls (/test,
    // the outbox) stay closed to other machines even when the dev server listens with --host.
    proxy: {
      '/app-api': { target: apiTarget, ws: true, xfwd: true },
      '/media': { target: apiTarget, xfwd: true },
      '/stream': { target: apiTarget, xfwd: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
