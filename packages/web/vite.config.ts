import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the browser app into `dist`; in development `/api` goes to the Curlew server on port 3000. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bundle-size benchmark follow what a route loads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @curlew/domain is pure (no I/O, no global effects), so unused schemas and vocabularies are dropped.
        moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
