import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // The domain stays pure: no framework, database, queue or HTTP imports (DESIGN.md §3).
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@nestjs/*', 'typeorm', 'pg', 'bullmq', 'ioredis', 'express', '@oms/infra', '@oms/api', 'nodemailer', 'zod'] },
      ],
    },
  },
  {
    // Infra may use the domain, never the apps.
    files: ['libs/infra/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@oms/api', '@oms/workers', '**/apps/**'] }] },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
