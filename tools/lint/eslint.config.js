// The project's lint rules (npm run lint; npm test runs it). Run from the repository root:
// `eslint --config tools/lint/eslint.config.js`. typescript-eslint's recommended rules without type
// information (TypeScript 7, the project's compiler, has no compiler API for it), React's hook
// rules, and the import boundaries of docs/ARCHITECTURE.md "Which way imports run".
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOrWeb = [
  { group: ['**/server/**', '**/src/server', '../server'], message: 'src/core imports nothing of the server (docs/ARCHITECTURE.md).' },
  { group: ['**/web/**', '@/*', '../web'], message: 'src/core imports nothing of the web (docs/ARCHITECTURE.md).' },
];

const otherFeaturesRoutes = {
  group: ['../*/*.routes', '../*/*.routes.ts'],
  message: "A feature does not import another feature's routes (docs/ARCHITECTURE.md).",
};

const KYSELY_ONLY_IN_REPOSITORIES = "Queries live in a *.repository.ts (or src/server/db/): call the feature's repository (docs/ARCHITECTURE.md).";

const webImports = [
  { group: ['**/server/**', '**/src/server'], message: 'The web app never imports the server: it talks to it over HTTP (docs/ARCHITECTURE.md).' },
  {
    // The contracts are zod schemas: the web takes their types, so zod stays out of its pages.
    group: ['@core/api/*', '!@core/api/error-codes'],
    allowTypeImports: true,
    message: 'The web imports only the types of the API contracts (import type): their zod schemas stay on the server.',
  },
];
/** A page is a route's lazy chunk: a module that imports it pulls the page into its own chunk. */
const onlyTheRouterLoadsPages = {
  group: ['**/*.page', '*.page'],
  message: 'Only router.tsx loads a page: move what another module needs out of the *.page.tsx (docs/ARCHITECTURE.md).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tools/**', 'coverage/**', '**/*.d.ts', 'data/**', '.tmp/**', '.tmp-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Kysely's dynamic tables and a few vendor seams are typed `any` on purpose, each in one place.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverOrWeb }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': ['error', { patterns: webImports }] },
  },
  {
    // router.tsx imports the first page eagerly and loads the others lazily.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/router.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...webImports, onlyTheRouterLoadsPages] }] },
  },
  {
    // A server feature (src/server/<feature>/) does not import another feature's routes: features
    // meet through services, which app.ts wires.
    files: ['src/server/*/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherFeaturesRoutes] }],
    },
  },
  {
    // Only a repository touches Kysely (docs/ARCHITECTURE.md): routes and services call a
    // `*.repository.ts`, and `src/server/db/` is the database layer itself. Tests seed and read
    // rows directly. (This block's no-restricted-imports replaces the one above for these files,
    // so it repeats the routes pattern.)
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: KYSELY_ONLY_IN_REPOSITORIES }], patterns: [otherFeaturesRoutes] }],
      'no-restricted-syntax': [
        'error',
        {
          // A query built on any executor (`db.selectFrom(...)`, `tx.updateTable(...)`, `eb.selectFrom(...)`).
          selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: KYSELY_ONLY_IN_REPOSITORIES,
        },
      ],
    },
  },
  prettier,
);
