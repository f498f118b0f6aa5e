/**
 * One jest configuration for every workspace: each package is a project, transpiled by @swc/jest
 * (TypeScript 6 is only the type-checker; `tsc -b` runs as its own step).
 * Run one package with `npm test -w <package>` or `npx jest --selectProjects <package>`.
 */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic', importSource: '@emotion/react' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  moduleNameMapper: {
    '^@erd/shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
    '^@erd/shared-contracts/(ui|http|forms|share-kit)$': '<rootDir>/../shared-contracts/src/$1/index.ts',
    '^@erd/shared-contracts/(wire|api-paths|text-rules)$': '<rootDir>/../shared-contracts/src/$1.ts',
    '^@erd/shared-contracts/backoffice$': '<rootDir>/../shared-contracts/src/backoffice.ts',
    '^@erd/shared-contracts/schemas$': '<rootDir>/../shared-contracts/src/schemas/index.ts',
    '^@erd/shared-contracts/testing$': '<rootDir>/../shared-contracts/src/testing/index.tsx',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const web = (name) => ({
  ...common,
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  // jsdom with Node's fetch API for msw (config/jest-environment-web.cjs), resolving packages as Node
  // does, not their browser builds: `msw/node` has none (msw's documented Jest setup).
  testEnvironment: '<rootDir>/../config/jest-environment-web.cjs',
  testEnvironmentOptions: { customExportConditions: [''] },
  transform: { '^.+\\.(c|m)?(t|j)sx?$': swc(true) },
  // msw's ESM-only dependencies go through swc as well (jest runs CommonJS).
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
  setupFilesAfterEach: undefined,
  setupFilesAfterEnv: ['<rootDir>/../config/jest.setup-web.cjs'],
  moduleNameMapper: {
    ...common.moduleNameMapper,
    '\\.(svg|png|jpe?g|webp|gif)$': '<rootDir>/../config/file-stub.cjs',
  },
});

module.exports = {
  projects: [
    web('shared-contracts'),
    web('host'),
    web('mf-auth'),
    web('mf-challenges'),
    web('mf-standings'),
    web('mf-profile'),
    web('mf-backoffice'),
    {
      ...common,
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      setupFiles: ['<rootDir>/../config/jest.setup-server.cjs'],
      transform: { '^.+\\.(c|m)?(t|j)sx?$': swc(false) },
      // ESM-only packages (the markdown parser, the OpenAPI validator) and PGlite's CommonJS build, whose dynamic
      // `import()` jest cannot run without --experimental-vm-modules, go through swc as well.
      transformIgnorePatterns: [
        // Ignored: a file whose innermost package is not one of these.
        '/node_modules/(?!(@electric-sql/pglite|mdast-util-|micromark|decode-named-character-reference|character-entities|devlop|unist-util-|content-disposition|@fastify/cookie|cookie|@seriousme/openapi-schema-validator)[^/]*/)(@[^/]+/)?[^/]+/(?!.*node_modules/)',
      ],
    },
  ].map(({ setupFilesAfterEach, ...project }) => project),
  // A global option (jest ignores it inside a project): the server tests open an embedded
  // database per file (PGlite takes 3-5 s to start on a busy machine) and run real logins.
  testTimeout: 30000,
};
