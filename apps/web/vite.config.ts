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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs (main.tsx and what it imports statically) in one file: on a
          // mobile connection each extra file of the first paint costs a round trip (HTTP/1.1: 6 at a time).
          groups: [{ name: 'start', test: /\/src\/main\.tsx$/, includeDependenciesRecursively: true }],
        },
      },
    },
  },
});
