import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console calls the API on its own origin (/api/v1), so the refresh cookie stays first-party;
// in development Vite forwards /api to the API (OMS_API_URL).
export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.CONSOLE_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': { target: process.env.OMS_API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: Number(process.env.CONSOLE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.OMS_API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
