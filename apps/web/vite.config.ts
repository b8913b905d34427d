import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: {
    port: 5173,
    proxy: { '/app-api': { target: apiTarget, ws: true }, '/media': apiTarget, '/stream': apiTarget },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
