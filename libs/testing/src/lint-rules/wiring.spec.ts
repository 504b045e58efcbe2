import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { importCycles } from '../../../../tools/eslint-rules/import-cycles.mjs';

/** The workspace's own rules as eslint.config.mjs applies them: to which files, at which level. */
const ROOT = resolve(import.meta.dirname, '../../../..');

// one ESLint for the file: loading the workspace's config (and its plugins) is the slow part
const eslint = new ESLint({ cwd: ROOT });
// linting a probe takes seconds on a loaded machine, past Jest's default 5 s
const SLOW = 60_000;

async function rulesOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? '');
}

describe('the workspace rules in eslint.config.mjs', () => {
  const sql = "export const lock = (tx: { query(s: string): Promise<unknown> }) => tx.query('SELECT 1 FROM courses FOR UPDATE');\n";

  it(
    'holds raw SQL to repositories in services (not in their tests; the libs are the data layer itself)',
    async () => {
      expect(await rulesOf('apps/catalog/src/modules/probe/probe.service.ts', sql)).toContain('lp/raw-sql');
      expect(await rulesOf('libs/bus/src/probe.ts', sql)).not.toContain('lp/raw-sql');
      expect(await rulesOf('apps/catalog/src/modules/probe/probe.repository.ts', sql)).not.toContain('lp/raw-sql');
      expect(await rulesOf('apps/catalog/src/modules/probe/probe.spec.ts', sql)).not.toContain('lp/raw-sql');
    },
    SLOW,
  );

  it(
    'holds the features of the SPA to each other’s public entries and to the form helper',
    async () => {
      const deep = "import { CourseCard } from '../../catalog/shared/course-card';\nexport const a = CourseCard;\n";
      expect(await rulesOf('apps/web/src/features/assessment/taking/probe.tsx', deep)).toContain('lp/feature-boundaries');
      const form = "import { useForm } from 'react-hook-form';\nexport const a = useForm;\n";
      expect(await rulesOf('apps/web/src/features/account/probe.tsx', form)).toContain('lp/form-helper');
      expect(await rulesOf('apps/web/src/ui/form/probe.ts', form)).not.toContain('lp/form-helper');
    },
    SLOW,
  );

  it(
    'looks for import cycles in the SPA and on the server side',
    async () => {
      for (const file of ['apps/web/src/features/catalog/probe.tsx', 'apps/identity/src/probe.ts', 'libs/bus/src/probe.ts']) {
        const config = (await eslint.calculateConfigForFile(resolve(ROOT, file))) as { rules: Record<string, unknown> };
        expect(config.rules['import-x/no-cycle']).toEqual([2, expect.objectContaining({ ignoreExternal: true })]);
      }
    },
    SLOW,
  );
});

describe('import cycles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = (map: Record<string, string>): void => {
    for (const [name, code] of Object.entries(map)) writeFileSync(join(dir, name), code);
  };

  async function cyclesIn(file: string): Promise<string[]> {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, importCycles(['**/*.{ts,tsx}'])],
    });
    const [result] = await eslint.lintFiles([join(dir, file)]);
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  }

  it(
    'finds a circle through the SPA’s extensionless imports and a folder’s index',
    async () => {
      files({
        'page.tsx': "import { Card } from './card';\nexport const Page = () => Card;\n",
        'card.ts': "import { Page } from './';\nexport const Card = () => Page;\n",
        'index.ts': "export { Page } from './page';\n",
      });
      expect(await cyclesIn('page.tsx')).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle via/)]);
    },
    SLOW,
  );

  it(
    'finds a circle through the server’s `.js` imports of `.ts` files',
    async () => {
      files({
        'limits.ts': "import { limitErrors } from './limit-errors.js';\nexport const limits = () => limitErrors;\n",
        'limit-errors.ts': "import { limits } from './limits.js';\nexport const limitErrors = () => limits;\n",
      });
      expect(await cyclesIn('limits.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    },
    SLOW,
  );

  it(
    'passes imports that go one way, and a type-only import back',
    async () => {
      files({
        'view.ts': "import { format } from './format.js';\nexport const view = () => format;\n",
        'format.ts': "import type { View } from './types.js';\nexport const format = (v: View) => v;\n",
        'types.ts': "import { view } from './view.js';\nexport type View = typeof view;\n",
      });
      expect(await cyclesIn('view.ts')).toEqual([]);
    },
    SLOW,
  );
});
