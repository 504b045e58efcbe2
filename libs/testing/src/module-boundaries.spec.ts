import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

/**
 * The workspace's module boundaries (eslint.config.mjs, from the package.json tags) as a
 * caller would break them: each snippet is linted as if it were a file of that project.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

async function problems(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', () => {
  it('keeps the SPA to the shared contracts', async () => {
    expect(await problems('apps/web/src/probe.ts', "import { RpcClient } from '@lp/bus';\nexport const a = RpcClient;\n")).toHaveLength(1);
    expect(await problems('apps/web/src/probe.ts', "import { ALL_ROUTES } from '@lp/contracts';\nexport const a = ALL_ROUTES;\n")).toEqual(
      [],
    );
  });

  it('keeps the contracts free of server code, and libs free of apps', async () => {
    expect(
      await problems('libs/contracts/src/probe.ts', "import { RpcClient } from '@lp/bus';\nexport const a = RpcClient;\n"),
    ).toHaveLength(1);
    expect(
      await problems('libs/bus/src/probe.ts', "import { IdentityModule } from '@lp/identity';\nexport const a = IdentityModule;\n"),
    ).toHaveLength(1);
    expect(await problems('libs/bus/src/probe.ts', "import { ALL_ROUTES } from '@lp/contracts';\nexport const a = ALL_ROUTES;\n")).toEqual(
      [],
    );
  });

  it('never lets a service reach into another project by a path or a package', async () => {
    expect(
      await problems(
        'apps/catalog/src/probe.ts',
        "import { IdentityModule } from '../../identity/src/app.module.js';\nexport const a = IdentityModule;\n",
      ),
    ).toHaveLength(1);
    expect(await problems('apps/catalog/src/probe.ts', "import { x } from '@lp/assessment';\nexport const a = x;\n")).toHaveLength(1);
    expect(
      await problems('apps/catalog/src/probe.ts', "import { UnitOfWork } from '@lp/service-kit';\nexport const a = UnitOfWork;\n"),
    ).toEqual([]);
  });
});

/** Relative imports (type-only ones too) between the files of one folder tree. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.spec\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const deps = [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((m) => resolve(dirname(file), `${m[1]}.ts`));
    graph.set(file, deps);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]): void => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      found.push([...path.slice(path.indexOf(node)), node].map((f) => relative(ROOT, f)).join(' -> '));
      return;
    }
    state.set(node, 'open');
    for (const dep of graph.get(node) ?? []) visit(dep, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('import cycles', () => {
  it('no library has files that import each other in a circle', () => {
    const libs = readdirSync(join(ROOT, 'libs')).map((lib) => join(ROOT, 'libs', lib, 'src'));
    expect(libs.flatMap((src) => cycles(importGraph(src)))).toEqual([]);
  });
});
