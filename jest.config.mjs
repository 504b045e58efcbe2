// The layers (see docs/architecture.md, "Tests"): unit tests beside the code, the SPA's
// component tests (Testing Library in jsdom), service tests against real
// PostgreSQL/NATS/Redis, API tests through the gateway.
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
// the SPA's components: TSX with React's automatic runtime, in a browser-like DOM
const swcTsx = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2023', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'es6' },
  },
];
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'component',
      testMatch: ['<rootDir>/apps/web/src/**/*.test.tsx'],
      transform: { '^.+\\.tsx?$': swcTsx },
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      testEnvironment: 'jsdom',
    },
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/{apps,libs}/*/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/apps/gateway/test/api/'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/apps/gateway/test/api/**/*.test.ts'],
      // dist/ built once before any file spawns the gateway from it (two workers rebuilt it under each other)
      globalSetup: '<rootDir>/apps/gateway/test/api/global-setup.mjs',
    },
    // the workspace's generators, proven in a scratch copy of the workspace
    { ...common, displayName: 'tools', testMatch: ['<rootDir>/tools/*/test/**/*.test.ts'] },
  ],
};
