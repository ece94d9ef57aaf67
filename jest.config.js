/** Tiers by suffix: *.unit.spec.ts (pure), *.int.spec.ts (real Postgres / Kafka mock), *.e2e.spec.ts (built app on a port). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

/*
 * Packages that ship only ES modules, which jest's CommonJS runtime loads only once compiled like our code
 * (Node 24 itself requires them): content-disposition (@fastify/static, Swagger UI's assets), and
 * openid-client with what it imports (SSO).
 */
const ESM_ONLY = '(content-disposition|openid-client|oauth4webapi|jose)';

const project = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools', '<rootDir>/deploy'],
  transform: { '^.+\\.ts$': swc, [`/node_modules/${ESM_ONLY}/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!${ESM_ONLY}/)`],
  moduleNameMapper: { '^@governance/(.*)$': '<rootDir>/libs/$1/src/index.ts' },
};

/** Each tier that talks to PostgreSQL names the run's database setup; unit tests start nothing. */
const WITH_DATABASE = {
  globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
};

/**
 * The chaos test (every service as a process, kills, a broker outage) is its own tier: `npm test` runs it
 * last and alone, since its time bounds assume no other test shares the cores (docs/development.md).
 */
const CHAOS = '<rootDir>/apps/webhooks/src/crash-recovery.e2e.spec.ts';
const BROWSER = '<rootDir>/apps/console/src/';

module.exports = {
  testTimeout: 60_000,
  maxWorkers: 2,
  projects: [
    { ...project, displayName: 'unit', testMatch: ['**/*.unit.spec.ts'] },
    { ...project, ...WITH_DATABASE, displayName: 'integration', testMatch: ['**/*.int.spec.ts'] },
    {
      ...project,
      ...WITH_DATABASE,
      displayName: 'e2e',
      testMatch: ['**/*.e2e.spec.ts'],
      testPathIgnorePatterns: [CHAOS, `${BROWSER}.*`],
    },
    { ...project, ...WITH_DATABASE, displayName: 'browser', testMatch: [`${BROWSER}**/*.e2e.spec.ts`] },
    { ...project, ...WITH_DATABASE, displayName: 'chaos', testMatch: [CHAOS] },
  ],
};
