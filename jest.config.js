/**
 * One jest run, five projects (STYLE.md §Tests):
 * - domain: pure unit tests beside the code;
 * - tooling: the repository's own checks (the dependency rule);
 * - integration: libs/infra and apps/workers against real PostgreSQL and Redis;
 * - api: the whole Nest app through supertest against real services;
 * - browser: the console in Debian's Chromium (playwright-core) against the API, the OIDC server and Vite.
 * The global setup creates a template database with every migration applied; each test file
 * clones it into a database of its own and drops it afterwards.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const shared = {
  transform: { '^.+\\.ts$': swc },
  testEnvironment: 'node',
  moduleNameMapper: {
    '^@oms/domain$': '<rootDir>/libs/domain/src',
    '^@oms/infra$': '<rootDir>/libs/infra/src',
    '^@oms/migrations$': '<rootDir>/migrations/src',
  },
  rootDir: __dirname,
};

module.exports = {
  // A hook or test that starts an app or a database may take seconds on a loaded two-core machine;
  // jest's 5 s made such runs fail without any assertion failing. Hangs are still ended by npm test's watchdog.
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: 'domain', testMatch: ['<rootDir>/libs/domain/src/**/*.spec.ts'] },
    // The repository's own tooling (the dependency rule of `npm run lint`): no database, quick.
    { ...shared, displayName: 'tooling', testMatch: ['<rootDir>/apps/devstack/test/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/libs/infra/**/*.spec.ts',
        '<rootDir>/libs/infra/test/**/*.int-spec.ts',
        '<rootDir>/apps/workers/test/**/*.int-spec.ts',
        '<rootDir>/apps/api/src/**/*.spec.ts',
      ],
      globalSetup: '<rootDir>/libs/infra/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/libs/infra/test/support/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'api',
      testMatch: ['<rootDir>/apps/api/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/infra/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/libs/infra/test/support/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['<rootDir>/apps/console/e2e/**/*.browser.ts'],
      globalSetup: '<rootDir>/libs/infra/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/libs/infra/test/support/global-teardown.ts',
    },
  ],
};
