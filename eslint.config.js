import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'data',
      'apps/storefront/build',
      'apps/storefront/.react-router',
      '.tmp',
      'apps/admin/build',
      'apps/admin/.react-router',
      'apps/api/dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import circles among the database schema files or within the shared package (issue 24):
    // schema.ts only re-exports, each schema file imports the file that defines what it references.
    files: ['apps/api/src/db/**/*.ts', 'packages/shared/src/**/*.ts'],
    // The seed, the CLI and tests import the whole API: following them would cost seconds of lint.
    ignores: ['apps/api/src/db/seed/**', 'apps/api/src/db/cli.ts', '**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Raw SQL whose rows are read is a named query (ADR 39, issue 24): queryRows<T> asserts a row
    // type nothing checks. Tests and test support may.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/db/named-query.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='queryRows'][typeArguments]",
          message: 'Declare raw SQL whose rows are read as a namedQuery (apps/api/src/db/named-query.ts, ADR 39).',
        },
      ],
    },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The storefront is a client of the HTTP API (ARCHITECTURE.md): never its internals or its database.
    files: ['apps/storefront/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'The storefront reaches data through the API client (lib/api.server.ts).' },
            { name: 'fastify', message: 'The storefront is a client of the API, not part of the server.' },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*', 'fastify/*', '@fastify/*'],
              message: 'The storefront is a client of the API, not part of the server.',
            },
            {
              regex: '(^|/)apps/api(/|$)|^(\\.\\./)+api/',
              message: 'API internals stay behind the HTTP contract; shared types live in @shopfront/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The panel is a client of the owner API exactly as the storefront is of the shop API (ARCHITECTURE.md).
    files: ['apps/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'The panel reaches data through the owner API (lib/api.ts).' },
            { name: 'fastify', message: 'The panel is a client of the API, not part of the server.' },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*', 'fastify/*', '@fastify/*'],
              message: 'The panel is a client of the API, not part of the server.',
            },
            {
              regex: '(^|/)apps/api(/|$)|^(\\.\\./)+api/',
              message: 'API internals stay behind the HTTP contract; the panel calls packages/shared declarations.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
  },
);
