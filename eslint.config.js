import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries: the site and the API meet only in contract/, which depends on neither. Patterns match
 * relative paths at any depth (`../../api/x`) as well as root-relative ones.
 */
function forbidImports(from, folders) {
  return {
    files: [`${from}/**/*.{ts,tsx,js,mjs,astro}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: folders.map((folder) => ({
            group: [`**/${folder}/*`, `${folder}/*`, `/${folder}/*`],
            message: `${from}/ must not import from ${folder}/: share it through contract/ instead.`,
          })),
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist.builds/',
      'data/',
      '.astro/',
      'node_modules/',
      'api/db/migrations/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  forbidImports('src', ['api', 'scripts']),
  forbidImports('api', ['src']),
  forbidImports('contract', ['api', 'src', 'scripts']),
);
