// `node tools/house-figures.mjs [dir]`: the figures issue 25 ("One house again") is judged by,
// counted the same way before and after a restructuring (run it on a git worktree of an older
// commit for the "before"):
//   - raw SQL call sites per service: `.query(` with SQL text in apps/<svc>/src (migrations and
//     specs left out), and how many of them stand outside `*.repository.ts` / `*.sql.ts`
//     without a `raw-sql:` reason comment just above them;
//   - the SPA's forms: form components on the shared helper (`useContractForm`), on
//     react-hook-form directly, and hand-rolled (a `<form>` with neither);
//   - imports from one feature into another that do not go through the feature's index;
//   - functions (declarations, arrows, methods) longer than 80 lines in apps/web/src;
//   - unit tests (`it(` / `test(` in *.spec.ts) per app and lib.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));

function* files(dir, test) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path, test);
    else if (test(path)) yield path;
  }
}

const services = readdirSync(join(ROOT, 'apps')).filter((d) => {
  try {
    return statSync(join(ROOT, 'apps', d, 'src', 'main.ts')).isFile() && d !== 'gateway' && d !== 'worker' && d !== 'web';
  } catch {
    return false;
  }
});

function rawSql() {
  const rows = {};
  for (const svc of services) {
    let all = 0;
    let loose = 0;
    for (const file of files(join(ROOT, 'apps', svc, 'src'), (p) => p.endsWith('.ts') && !p.endsWith('.spec.ts'))) {
      if (file.includes(`${sep}migrations${sep}`)) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      const home = /\.(repository|sql)\.ts$/.test(file);
      lines.forEach((line, i) => {
        if (!/\.query(<[^>]*>)?\(\s*($|[`'"])/.test(line)) return;
        all += 1;
        const above = lines.slice(Math.max(0, i - 4), i + 1).join('\n');
        if (!home && !/raw-sql:/.test(above)) loose += 1;
      });
    }
    rows[svc] = { all, outsideRepositoriesWithoutReason: loose };
  }
  return rows;
}

function forms() {
  const web = join(ROOT, 'apps', 'web', 'src', 'features');
  const out = { sharedHelper: 0, reactHookFormDirect: 0, handRolled: [] };
  for (const file of files(web, (p) => p.endsWith('.tsx') && !p.endsWith('.test.tsx'))) {
    const text = readFileSync(file, 'utf8');
    const helper = /\buseContractForm\b|\bFormDialog\b/.test(text);
    const rhf = /from 'react-hook-form'/.test(text) && /\buseForm\b/.test(text);
    if (helper) out.sharedHelper += 1;
    else if (rhf) out.reactHookFormDirect += 1;
    else if (/<form\b/.test(text)) out.handRolled.push(relative(web, file));
  }
  return { ...out, handRolledCount: out.handRolled.length };
}

function crossFeatureImports() {
  const web = join(ROOT, 'apps', 'web', 'src', 'features');
  let count = 0;
  const byPair = {};
  for (const file of files(web, (p) => /\.tsx?$/.test(p))) {
    const own = relative(web, file).split(sep)[0];
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(web, resolve(join(file, '..'), m[1]));
      if (target.startsWith('..')) continue; // outside features/
      const [feature, ...rest] = target.split(sep);
      if (feature === own) continue;
      if (rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) continue; // the feature's public entry
      count += 1;
      const key = `${own} -> ${feature}`;
      byPair[key] = (byPair[key] ?? 0) + 1;
    }
  }
  return { count, byPair };
}

function longFunctions(limit = 80) {
  const src = join(ROOT, 'apps', 'web', 'src');
  const found = [];
  for (const file of files(src, (p) => /\.tsx?$/.test(p) && !/\.(spec|test)\.tsx?$/.test(p))) {
    const sf = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > limit) {
          const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '(anonymous)');
          found.push({ where: `${relative(src, file)}:${start + 1}`, name, lines });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  found.sort((a, b) => b.lines - a.lines);
  return { count: found.length, largest: found.slice(0, 10) };
}

function unitTests() {
  const rows = {};
  for (const kind of ['apps', 'libs']) {
    for (const dir of readdirSync(join(ROOT, kind))) {
      let n = 0;
      for (const file of files(join(ROOT, kind, dir, 'src'), (p) => p.endsWith('.spec.ts'))) {
        n += (readFileSync(file, 'utf8').match(/^\s*(it|test)(\.each\([^)]*\))?\(/gm) ?? []).length;
      }
      let components = 0;
      for (const file of files(join(ROOT, kind, dir, 'src'), (p) => p.endsWith('.test.tsx'))) {
        components += (readFileSync(file, 'utf8').match(/^\s*(it|test)(\.each\([^)]*\))?\(/gm) ?? []).length;
      }
      if (n || components) rows[`${kind}/${dir}`] = components ? { unit: n, component: components } : n;
    }
  }
  return rows;
}

const figures = {
  rawSql: rawSql(),
  forms: forms(),
  crossFeatureImports: crossFeatureImports(),
  longFunctions: longFunctions(),
  unitTests: unitTests(),
};
console.log(JSON.stringify(figures, null, 2));
