import { defineConfig } from 'vitest/config';
import { resolve } from './vite.config';

export default defineConfig({
  resolve,
  test: {
    environment: 'jsdom',
    globals: true,
    // Component tests render antd; on a loaded 2-core machine 5 s is not enough.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
