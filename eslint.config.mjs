// Lint rules that keep the boundaries of ../shared/house-style.md: a remote never imports the
// host or another remote, nothing imports across workspaces except through package exports,
// routing comes through the contracts singleton, layers point one way, type imports are explicit.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const frontEnds = ['host', 'mf-auth', 'mf-challenges', 'mf-standings', 'mf-profile', 'mf-backoffice'];
const workspaces = [...frontEnds, 'shared-contracts', 'server'];

/**
 * Each workspace may not reach into another's files. The contracts package is consumed through its
 * package exports (`@erd/shared-contracts…`, which resolve into its folder), so relative paths into
 * it are caught by `no-restricted-imports` below instead.
 */
const zones = workspaces.map((ws) => ({
  target: `./${ws}`,
  from: workspaces.filter((other) => other !== ws && other !== 'shared-contracts').map((other) => `./${other}`),
  message: 'Import another workspace only through its package exports (@erd/…); a remote never imports the host or another remote.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.cjs', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import/resolver': { typescript: { project: ['./*/tsconfig.json'], noWarnOnMultipleProjects: true }, node: true },
      'import/internal-regex': '^@erd/',
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 4 }],
      'import/no-extraneous-dependencies': ['error', { packageDir: ['.', ...workspaces.map((w) => `./${w}`)] }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              message: 'Import routing from @erd/shared-contracts (one router, shared through the contracts singleton).',
            },
            {
              name: 'react-router-dom',
              message: 'Import routing from @erd/shared-contracts (one router, shared through the contracts singleton).',
            },
            { name: 'axios', message: 'Use the API client of @erd/shared-contracts/http.' },
            { name: 'zustand', message: 'The session store lives in @erd/shared-contracts.' },
          ],
          patterns: [
            {
              regex: '^\\.{1,2}/(\\.\\./)*(host|mf-[a-z]+|shared-contracts|server)/',
              message: 'Import another workspace only through its package exports (@erd/…).',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser's calls take their paths from the contracts' registries (`apiPathRegistries`), which
    // the server's contract test holds against its routes: no API path is written out in a front end.
    files: ['host/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|content)\\//], TemplateElement[value.raw=/^\\/(api|content)\\//]',
          message: 'Take the path from a registry of @erd/shared-contracts (…Paths, or @erd/shared-contracts/api-paths).',
        },
      ],
    },
  },
  {
    // Features do not import each other (bulletproof-react): shared code goes to components/ or lib/.
    files: ['host/src/features/**', 'mf-*/src/features/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...zones,
            ...frontEnds.map((ws) => ({
              target: `./${ws}/src/features/*/`,
              from: `./${ws}/src/features/*/`,
              except: ['./'],
              message: 'A feature does not import another feature.',
            })),
          ],
        },
      ],
    },
  },
  {
    // A module's repository is its own: another module calls its service (DEVELOPMENT.md, "Conventions").
    // Types (a row's shape) may be imported; tests may seed through any repository.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+[a-z-]+/repository(\\.js)?$',
              allowTypeImports: true,
              message: "Another module's repository: call that module's service instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server layers point one way: routes → service → repository → db.
    files: ['server/src/**/repository.ts', 'server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/routes', '**/routes.js', '**/service', '**/service.js'],
              message: 'Repositories and the db layer do not import services or routes.',
            },
          ],
        },
      ],
    },
  },
);
