// Three layers (see docs/architecture.md, "Tests"): unit tests beside the code,
// service tests against real PostgreSQL/NATS/Redis, API tests through the gateway.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2023',
      keepClassNames: true,
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    },
    module: { type: 'es6' },
  },
];
const common = {
  transform: { '^.+\\.ts$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@lp/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/{apps,libs}/*/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/apps/gateway/test/api/'],
    },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/apps/gateway/test/api/**/*.test.ts'] },
    // the workspace's generators, proven in a scratch copy of the workspace
    { ...common, displayName: 'tools', testMatch: ['<rootDir>/tools/*/test/**/*.test.ts'] },
  ],
};
