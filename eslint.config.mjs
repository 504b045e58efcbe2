// One lint setup for the workspace. Module boundaries (STYLE.md #11): libs never
// import apps, a service never imports another service; shared code goes through libs.
// The boundaries come from the `nx.tags` of each package.json (the equal of Nx's
// enforce-module-boundaries): a project may import an `@lp/*` package only when the
// constraints below allow its tags, and never another project's files by a relative path.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importCycles } from './tools/eslint-rules/import-cycles.mjs';
import lp from './tools/eslint-rules/index.mjs';

/** which tags a project with a tag may depend on (every tag of the project must allow the dependency) */
const DEP_CONSTRAINTS = {
  'type:lib': ['type:lib'],
  'type:service': ['type:lib'],
  'type:app': ['type:lib'],
  'scope:shared': ['scope:shared'],
  'scope:web': ['scope:shared'],
  'scope:server': ['scope:server', 'scope:shared'],
};
/** a service's or the gateway's own scope (scope:identity, scope:gateway ...) */
const SERVER_SIDE = ['scope:server', 'scope:shared'];

const projects = ['apps', 'libs'].flatMap((kind) =>
  readdirSync(kind)
    .filter((dir) => existsSync(`${kind}/${dir}/package.json`))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(`${kind}/${dir}/package.json`, 'utf8'));
      return { root: `${kind}/${dir}`, dir, name: pkg.name, tags: pkg.nx?.tags ?? [] };
    }),
);

const allowedBy = (tag) => DEP_CONSTRAINTS[tag] ?? (tag.startsWith('scope:') ? SERVER_SIDE : null);
const mayDependOn = (from, to) =>
  from.tags.every((tag) => {
    const allowed = allowedBy(tag);
    if (!allowed) return true;
    const kind = tag.split(':')[0];
    return to.tags.some((t) => t.split(':')[0] === kind && allowed.includes(t));
  });

const boundaryRules = projects.map((from) => {
  const others = projects.filter((to) => to !== from);
  const forbidden = others.filter((to) => !mayDependOn(from, to));
  return {
    files: [`${from.root}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: forbidden.map((to) => ({
            name: to.name,
            message: `${from.name} (${from.tags.join(', ')}) may not depend on ${to.name} (${to.tags.join(', ')})`,
          })),
          // an import names the path as written (`../../identity/src/...`), not as resolved
          patterns: [
            {
              group: others.flatMap((to) => [`**/${to.root}/**`, `**/${to.dir}/src/**`]),
              message: 'another project is imported through its @lp/* package (libs) or the bus (services), never by a path',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.data/**', 'playwright-report/**', 'test-results/**', 'bench/results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaryRules,
  // the workspace's own conventions (tools/eslint-rules): each rule says what to do instead
  { plugins: { lp } },
  // the services' SQL lives in repositories; the libs (outbox, inbox, relay, database creation,
  // schema drift) are the data layer's own plumbing, whose SQL is their whole job
  {
    files: ['apps/*/src/**/*.ts'],
    ignores: ['apps/web/**', '**/*.spec.ts', '**/migrations/**'],
    rules: { 'lp/raw-sql': 'error' },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], rules: { 'lp/feature-boundaries': 'error', 'lp/form-helper': 'error' } },
  importCycles(['apps/web/src/**/*.{ts,tsx}', 'apps/*/src/**/*.ts', 'libs/*/src/**/*.ts']),
  // CommonJS on purpose: Nx loads a generator with require
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
