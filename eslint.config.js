import { readdirSync } from 'node:fs';
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

/** What every API feature may use: cross-cutting plugins, the database, the cache, media and mail. */
const SHARED_API_FOLDERS = new Set(['plugins', 'db', 'cache', 'media', 'mail']);

/** Every other folder of api/ is a feature: one plugin decorating the app with its service. */
const API_FEATURES = readdirSync(new URL('./api/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_API_FOLDERS.has(entry.name))
  .map((entry) => entry.name);

/**
 * A feature reaches another only through the service decorated on `app` (`app.catalogue`, ...), so no two
 * features' modules import each other and each rule has one home. Type-only imports describe the other's
 * service and pass.
 */
function apiFeatureBoundary(feature) {
  return {
    files: [`api/${feature}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: API_FEATURES.filter((other) => other !== feature).map((other) => ({
            group: [`**/${other}/*`],
            allowTypeImports: true,
            message: `api/${feature}/ must not import api/${other}/: use app.<service> (type-only imports aside), or move what both need to api/{${[...SHARED_API_FOLDERS].join(',')}}/.`,
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
  ...API_FEATURES.map(apiFeatureBoundary),
);
