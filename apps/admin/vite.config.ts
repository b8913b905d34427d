import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** The operator console, served by the server at /admin (its API is /admin-api). */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: { port: 5174, proxy: { '/admin-api': { target: apiTarget, ws: true, xfwd: true } } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
