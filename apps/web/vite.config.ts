import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/saasapi': apiTarget } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});
