import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The driver's app (`/chauffeur`): its own build beside the back-office's, into the same `dist`, so
 * none of its chunks is shared with the back-office (a driver's phone downloads React and the app, nothing of
 * antd or the office's screens; the office never downloads the app). Its first paint is held to 100 KB of
 * gzip JS by scripts/size-budget.mjs; scripts/chauffeur-sw.mjs then writes its service worker.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // The back-office's build copied public/ already.
    copyPublicDir: false,
    manifest: '.vite/chauffeur-manifest.json',
    rolldownOptions: { input: 'chauffeur.html' },
  },
});
