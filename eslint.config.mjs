import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// What may import what (DESIGN.md §3) is not checked here but by dependency-cruiser, as an allow-list:
// .dependency-cruiser.cjs, run by `npm run lint` after ESLint.
export default tseslint.config(
  { ignores: ['**/__dependency-probe-*', 'libs/probe-lib-without-layer/**', '**/dist/**', '**/node_modules/**', '.data/**', 'test-output/**', 'coverage/**'] },
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
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
