import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script of the workspace, no types
import { scratchWorkspace } from '../scratch.mjs';

/**
 * The generator, proven: in a scratch copy of the workspace, `npx nx g
 * @lp/workspace-plugin:service zzprobe` writes a service that type-checks, lints, builds, and
 * whose own service test and API test pass, and which every listing of services knows.
 */
const NAME = 'zzprobe';
let dir: string;

const run = (cmd: string, args: string[], timeoutMs = 300_000) => {
  const r = spawnSync(cmd, args, {
    cwd: dir,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' },
  });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
};
const jest = (project: string) =>
  run(process.execPath, [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--selectProjects',
    project,
    '--testPathPatterns',
    NAME,
    '--runInBand',
    '--ci',
  ]);
const read = (path: string) => readFileSync(join(dir, path), 'utf8');

beforeAll(() => {
  dir = scratchWorkspace() as string;
  const g = run('npx', ['nx', 'g', '@lp/workspace-plugin:service', NAME]);
  if (g.code !== 0) throw new Error(`the generator failed:\n${g.out}`);
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
    const lint = run('npx', ['eslint', `apps/${NAME}`, `libs/contracts/src/${NAME}`, `apps/gateway/test/api/${NAME}.test.ts`]);
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

  it("passes its service test and its API test, and the workspace's unit tests still pass", () => {
    for (const project of ['service', 'api']) {
      const r = jest(project);
      expect([project, r.code, r.out.match(/Tests:.*$/m)?.[0]]).toEqual([project, 0, expect.stringMatching(/passed/)]);
    }
    const unit = run(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', 'unit', '--ci']);
    expect([unit.code, unit.out.match(/Tests:.*$/m)?.[0]]).toEqual([0, expect.not.stringMatching(/failed/)]);
  }, 600_000);
});
