import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/var/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    // Nest's DI reads constructor parameter types at run time: a type-only import would erase them.
    files: ['services/**/*.ts', 'packages/nest-kit/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.tsx', 'shell/**/*.ts', 'mfe-*/**/*.ts', 'packages/web-kit/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A second copy of the router would be a second router context: a remote's <Link> would throw.
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'packages/web-kit/**/*.{ts,tsx}'],
    ignores: ['packages/web-kit/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['react-router', 'react-router-dom'].map((name) => ({ name, message: "Import routing from '@khidma/web-kit' (one router for the shell and every remote)." })) },
      ],
    },
  },
  prettier,
);
