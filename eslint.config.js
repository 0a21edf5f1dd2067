// Lint: the ecosystem's recommended rules for JavaScript, TypeScript and Svelte 5, over the
// sources, tests, scripts and configs. Prettier owns layout (`npm run lint` checks both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'test-results/', 'playwright-report/', 'bench-results/', 'node_modules/', 'resources/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A leading underscore names a value kept on purpose (a destructured field left out, a parameter a signature needs).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A late-bound value read by a callback made before it is known stays a `let` (Svelte files have svelte/prefer-const).
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    ignores: ['**/*.svelte.ts'],
    rules: { 'prefer-const': ['error', { ignoreReadBeforeAssign: true }] },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { projectService: false, extraFileExtensions: ['.svelte'], parser: tseslint.parser } },
  },
);
