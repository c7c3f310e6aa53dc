import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * `@oms/domain` is a workspace package: its package.json exports the TypeScript source under the
 * `source` condition, which the console compiles (and tree-shakes: the package declares no side
 * effects) instead of the CommonJS build the API runs. vitest.config.ts uses the same resolution.
 */
export const resolve = { conditions: ['source', ...defaultClientConditions] };

// The console calls the API on its own origin (/api/v1), so the refresh cookie stays first-party;
// in development Vite forwards /api to the API (OMS_API_URL).
export default defineConfig({
  plugins: [react()],
  resolve,
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
