// One lint setup for the workspace. Module boundaries (STYLE.md #11): libs never
// import apps, a service never imports another service; shared code goes through libs.
import tseslint from 'typescript-eslint';

const SERVICES = ['identity', 'catalog', 'assessment', 'mentoring', 'community', 'institution', 'billing', 'gamification', 'ai', 'worker', 'gateway'];

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.data/**', 'playwright-report/**', 'test-results/**', 'bench/results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@lp/gateway', '@lp/identity', '@lp/worker', '@lp/web'], message: 'libs never import apps' }] }] },
  },
  ...SERVICES.map((svc) => ({
    files: [`apps/${svc}/src/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: SERVICES.filter((o) => o !== svc).map((o) => `**/apps/${o}/**`), message: 'a service never imports another service: use libs/contracts and the bus' }] }],
    },
  })),
);
