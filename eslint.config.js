import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'client/routeTree.gen.ts', 'client/site/routeTree.gen.js', 'coverage/', 'tests/.generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // French typography puts no-break spaces before : ; ! ? and inside « », in template literals too.
  { files: ['client/content/**'], rules: { 'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true }] } },
  { files: ['scripts/**', 'tests/**'], rules: { 'no-console': 'off' } },
);
