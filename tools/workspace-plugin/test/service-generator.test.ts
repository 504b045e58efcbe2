import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script of the workspace, no types
import { scratchWorkspace } from '../scratch.mjs';

/**
 * The generator, proven: in a scratch copy of the workspace, `npx nx g
 * @lp/workspace-plugin:service zzprobe` (and `zzusers --usersReadModel`) writes a service in the
 * house's shape (docs/architecture.md, "Anatomy of a service") that type-checks, lints, builds,
 * is formatted, and whose own service tests and API test pass, and which every listing of
 * services, error codes and events knows.
 */
const NAME = 'zzprobe';
/** the same generator asked for the users read model */
const USERS = 'zzusers';
let dir: string;
/** what the generator said it created or updated, both runs */
const written: string[] = [];

const run = (cmd: string, args: string[], timeoutMs = 300_000) => {
  const r = spawnSync(cmd, args, {
    cwd: dir,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' },
  });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
};
const jest = (project: string, pattern: string, ...args: string[]) =>
  run(process.execPath, [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--selectProjects',
    project,
    '--testPathPatterns',
    pattern,
    '--runInBand',
    '--ci',
    ...args,
  ]);
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const exists = (path: string) => existsSync(join(dir, path));
const Cap = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

beforeAll(() => {
  dir = scratchWorkspace() as string;
  for (const args of [[NAME], [USERS, '--usersReadModel']]) {
    const g = run('npx', ['nx', 'g', '@lp/workspace-plugin:service', ...args]);
    if (g.code !== 0) throw new Error(`the generator failed:\n${g.out}`);
    written.push(...[...g.out.matchAll(/^(?:CREATE|UPDATE) (\S+)$/gm)].map((m) => m[1]!));
  }
}, 300_000);
afterAll(() => {
  if (dir && !process.env.KEEP_SCRATCH) rmSync(dir, { recursive: true, force: true });
});

describe('npx nx g @lp/workspace-plugin:service', () => {
  it('writes the app, its contracts and both tests', () => {
    for (const f of [
      `apps/${NAME}/src/main.ts`,
      `apps/${NAME}/src/app.module.ts`,
      `apps/${NAME}/src/data-source.ts`,
      `apps/${NAME}/src/modules/items/items.module.ts`,
      `apps/${NAME}/test/items.test.ts`,
      `apps/gateway/test/api/${NAME}.test.ts`,
      `libs/contracts/src/${NAME}/routes.ts`,
      `k8s/base/${NAME}.yaml`,
    ]) {
      expect([f, existsSync(join(dir, f))]).toEqual([f, true]);
    }
  });

  it('writes the house shape: a global data module, the entity list, the errors, the harness, dev-only demo data', () => {
    for (const name of [NAME, USERS]) {
      const [Name, app] = [Cap(name), `apps/${name}`];
      const dataModule = read(`${app}/src/${name}-data.module.ts`);
      expect(dataModule).toMatch(
        new RegExp(
          `@Global\\(\\)\\s*@Module\\(\\{ providers: repositories, exports: repositories \\}\\)\\s*export class ${Name}DataModule`,
        ),
      );
      expect(dataModule).toContain('const repositories = [ItemsRepository];');
      const appModule = read(`${app}/src/app.module.ts`);
      expect(appModule).toMatch(new RegExp(`imports: \\[[^\\]]*\\b${Name}DataModule,`));
      // the entities are listed once, in entities/index.ts; the data source hands that list on
      expect(read(`${app}/src/entities/index.ts`)).toMatch(new RegExp(`export const ${name}Entities = \\[`));
      expect(read(`${app}/src/data-source.ts`)).toContain(`export const entities = ${name}Entities;`);
      // repositories get the DataSource and take UnitOfWork's tx; no TypeORM feature modules
      expect(read(`${app}/src/modules/items/items.repository.ts`)).toContain('@Inject(DataSource) private readonly ds: DataSource');
      for (const file of run('grep', ['-rlE', 'TypeOrmModule|InjectRepository', app]).out.split('\n').filter(Boolean)) {
        expect(`${file} uses TypeOrmModule or @InjectRepository`).toBe('');
      }
      // the test harness, and the service test that uses it
      expect(exists(`${app}/test/support/${name}-harness.ts`)).toBe(true);
      expect(read(`${app}/test/items.test.ts`)).toContain(`from './support/${name}-harness.js';`);
      // demo data: registered through developmentOnly, its subject devOnly
      expect(appModule).toContain('providers: developmentOnly(env, [SeedHandlers]),');
      expect(read(`libs/contracts/src/${name}/routes.ts`)).toMatch(/subject: '\w+\.seed\.item',[^}]*callers: \['seed'\],\s*devOnly: true/);
      // ...and its seeder, which the seed driver loads by path for every area in SEED_AREAS
      expect(read(`${app}/src/seed/${name}-demo.ts`)).toMatch(new RegExp(`export const seeder: Seeder = \\{\\s*area: '${name}',`));
      expect(read('libs/service-kit/src/seed/seed-context.ts')).toMatch(new RegExp(`export const SEED_AREAS = \\[[^\\]]*'${name}'`));
    }
  });

  it("declares every code of the service's errors in the contracts, where the SPA lists codes and has their texts", () => {
    const en = JSON.parse(read('apps/web/src/i18n/en.json')) as { errors: { code: Record<string, string> } };
    for (const name of [NAME, USERS]) {
      const Name = Cap(name);
      const used = [...read(`apps/${name}/src/common/${name}-errors.ts`).matchAll(new RegExp(`${Name}ErrorCode\\.(\\w+)`, 'g'))].map(
        (m) => m[1]!,
      );
      expect(used).toEqual([`${name.toUpperCase()}_ITEM_NOT_FOUND`]);
      const declared = read(`libs/contracts/src/${name}/errors.ts`);
      for (const code of used) {
        expect(declared).toContain(`'${code}'`);
        expect(en.errors.code[code]).toEqual(expect.stringMatching(/\S/));
      }
      expect(read('libs/contracts/src/index.ts')).toContain(`export * from './${name}/errors.js';`);
      expect(read('apps/web/src/api/error-codes.ts')).toContain(`...Object.values(${Name}ErrorCode),`);
    }
  });

  it('keeps the users read model only when asked: module, table, entity, consumed events, its test', () => {
    const registry = read('libs/contracts/src/registry.ts');
    expect(read(`apps/${USERS}/src/app.module.ts`)).toMatch(/imports: \[[^\]]*\bUsersReadModelModule,/);
    expect(read(`apps/${USERS}/src/entities/index.ts`)).toContain('ReadModelUserEntity');
    expect(read(`apps/${USERS}/src/migrations/${readdirSync(join(dir, `apps/${USERS}/src/migrations`))[0]}`)).toContain(
      'CREATE TABLE "users"',
    );
    expect(registry).toContain(
      `  ${USERS}: [identityEvents.userRegistered, identityEvents.userUpdated, identityEvents.userDeletionScheduled],`,
    );
    expect(exists(`apps/${USERS}/test/users.test.ts`)).toBe(true);
    expect(read(`apps/${NAME}/src/app.module.ts`)).not.toContain('UsersReadModel');
    expect(read(`apps/${NAME}/src/entities/index.ts`)).not.toContain('ReadModelUserEntity');
    expect(registry).not.toMatch(new RegExp(`^  ${NAME}: \\[`, 'm'));
    expect(exists(`apps/${NAME}/test/users.test.ts`)).toBe(false);
  });

  it('constructs the demo-data handlers in development and tests only (the built app module)', () => {
    const script = `const { ${Cap(NAME)}Module: M } = await import('./apps/${NAME}/dist/app.module.js');
      const names = (NODE_ENV) => (M.create({ NODE_ENV }).providers ?? []).map((p) => p.name);
      console.log('PROVIDERS ' + JSON.stringify({ production: names('production'), development: names('development'), test: names('test') }));
      process.exit(0);`;
    const r = run(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(/^PROVIDERS (.*)$/m.exec(r.out)?.[1] ?? 'null')).toEqual({
      production: [],
      development: ['SeedHandlers'],
      test: ['SeedHandlers'],
    });
  });

  it('formats every file it writes or changes as prettier does', () => {
    expect(written).toEqual(expect.arrayContaining([`apps/${NAME}/src/app.module.ts`, 'libs/contracts/src/registry.ts', 'docs/events.md']));
    const r = run('npx', ['prettier', '--check', ...new Set(written)]);
    expect([r.code, r.out]).toEqual([0, expect.stringContaining('All matched files use Prettier code style!')]);
  }, 120_000);

  it('enters the service wherever services are listed: running services, registry, compose, k8s, NATS users', () => {
    expect(read('libs/contracts/src/common/services.ts')).toMatch(new RegExp(`RUNNING_SERVICES[^=]*= \\[[^\\]]*'${NAME}'`));
    expect(read('libs/contracts/src/registry.ts')).toContain(`${NAME}: ${NAME}Routes,`);
    expect(read('docker-compose.yml')).toContain(`\n  ${NAME}:\n`);
    expect(read('docker-compose.yml')).toMatch(new RegExp(`LP_SERVICES: [^\\n]*${NAME}`));
    expect(read('k8s/base/kustomization.yaml')).toContain(`- ${NAME}.yaml`);
    expect(read('k8s/base/nats/nats-server.conf')).toContain(`user: "${NAME}"`);
  });

  it('type-checks and lints', () => {
    const tsc = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
    expect([tsc.code, tsc.out.replace(/npm warn[^\n]*\n/g, '')]).toEqual([0, '']);
    const lint = run('npx', [
      'eslint',
      ...[NAME, USERS].flatMap((n) => [`apps/${n}`, `libs/contracts/src/${n}`, `apps/gateway/test/api/${n}.test.ts`]),
    ]);
    expect([lint.code, lint.out.replace(/npm warn[^\n]*\n/g, '')]).toEqual([0, '']);
  }, 300_000);

  it('writes the migration for a changed entity: npm run migration:generate', () => {
    const entity = `apps/${NAME}/src/entities/item.entity.ts`;
    writeFileSync(
      join(dir, entity),
      read(entity).replace('@CreateDateColumn', "@Column({ type: 'boolean', default: false }) done!: boolean;\n  @CreateDateColumn"),
    );
    const before = readdirSync(join(dir, `apps/${NAME}/src/migrations`));
    const r = run('npm', ['run', '--silent', 'migration:generate', '--', NAME, 'AddDone']);
    expect([r.code, r.out]).toEqual([0, expect.stringContaining('wrote ')]);
    const added = readdirSync(join(dir, `apps/${NAME}/src/migrations`)).filter((f) => !before.includes(f));
    expect(added).toEqual([expect.stringMatching(/^\d+-add-done\.ts$/)]);
    expect(read(`apps/${NAME}/src/migrations/${added[0]}`)).toMatch(/ADD "done" boolean NOT NULL DEFAULT false/);
    expect(read(`apps/${NAME}/src/data-source.ts`)).toMatch(/export const migrations = \[Initial\d+, AddDone\d+\];/);
    // the service test that follows fails if the schema and the entities still differ
  }, 300_000);

  it("passes its service tests (the users read model's too) and its API test, and the workspace's unit tests still pass", () => {
    for (const [project, pattern, ...args] of [
      ['service', `apps/(${NAME}|${USERS})/`],
      // as npm test runs the API tests: each starts a whole stack
      ['api', NAME, '--testTimeout=60000'],
    ] as const) {
      const r = jest(project, pattern, ...args);
      expect([project, r.code, r.out.match(/Tests:.*$/m)?.[0]]).toEqual([project, 0, expect.stringMatching(/passed/)]);
      if (project === 'service') expect(r.out).toMatch(new RegExp(`PASS service apps/${USERS}/test/users\\.test\\.ts`));
    }
    const unit = run(
      process.execPath,
      // the whole unit suite, timed as a loaded machine needs (the eslint-driven specs take seconds)
      ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', 'unit', '--ci', '--testTimeout=60000'],
      900_000,
    );
    expect([unit.code, unit.out.match(/Tests:.*$/m)?.[0]]).toEqual([0, expect.not.stringMatching(/failed/)]);
  }, 1_800_000);
});
