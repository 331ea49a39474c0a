import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/sanctum': api,
      '/broadcasting': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/size-budget.mjs (the sign-in page's JS); not served (`.vite/` is never requested).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
