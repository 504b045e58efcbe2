// `npm run migration:generate -- <service> <Name>`: writes the migration that brings a
// service's migrated database to what its entities describe, and adds it to the service's
// src/data-source.ts. Builds the server, migrates a throwaway database with the existing
// migrations, asks TypeORM's schema builder for the difference (libs/service-kit
// schemaDrift, the very check the service's test makes) and drops the database again.
// Needs PostgreSQL (POSTGRES_URL, else localhost). Every service's entities describe its
// tables whole (its schema test says so), so what this writes is only the new change.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [service, name] = process.argv.slice(2);
if (!service || !/^[A-Z][A-Za-z0-9]+$/.test(name ?? '')) {
  console.error('usage: npm run migration:generate -- <service> <PascalCaseName>   (e.g. billing AddRefunds)');
  process.exit(2);
}
const sourceFile = join(root, 'apps', service, 'src', 'data-source.ts');
if (!existsSync(sourceFile)) {
  console.error(
    `apps/${service}/src/data-source.ts is missing: the service lists its entities and migrations there (see a generated service)`,
  );
  process.exit(2);
}
const build = spawnSync(process.execPath, [join(root, 'infra/build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { migratedSchemaDrift } = await import('@lp/service-kit');
const { entities, migrations } = await import(pathToFileURL(join(root, 'apps', service, 'dist', 'data-source.js')).href);
const drift = await migratedSchemaDrift(entities, migrations);
if (drift.unmapped.length) console.warn(`tables no entity describes (left alone): ${drift.unmapped.join(', ')}`);
if (!drift.up.length) {
  console.log(`apps/${service}: the migrations already give what the entities describe; nothing to write`);
  process.exit(0);
}
const stamp = Date.now();
const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const className = `${name}${stamp}`;
// single quotes, as the lint and the hand-written migrations have them, unless the statement holds one
const literal = (q) => (/['\\\n]/.test(q) ? JSON.stringify(q) : `'${q}'`);
const lines = (queries) => queries.map((q) => `    await q.query(${literal(q)});`).join('\n');
const file = join(root, 'apps', service, 'src', 'migrations', `${stamp}-${kebab}.ts`);
writeFileSync(
  file,
  `import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated from the entities by \`npm run migration:generate -- ${service} ${name}\`; say here why the change was made. */
export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(q: QueryRunner): Promise<void> {
${lines(drift.up)}
  }

  async down(q: QueryRunner): Promise<void> {
${lines(drift.down)}
  }
}
`,
);
// the data source lists it: an import beside the last migration import, and the list grows
let source = readFileSync(sourceFile, 'utf8');
const importLine = `import { ${className} } from './migrations/${stamp}-${kebab}.js';`;
const imports = [...source.matchAll(/^import .* from '\.\/migrations\/.*';$/gm)];
const last = imports.at(-1);
source = last
  ? source.slice(0, last.index + last[0].length) + `\n${importLine}` + source.slice(last.index + last[0].length)
  : `${importLine}\n${source}`;
// the list may be one line or, once prettier wrapped it, one entry per line with a trailing comma
source = source.replace(/export const migrations = \[([^\]]*)\];/, (_, list) => {
  const entries = list.trim().replace(/,$/, '');
  return `export const migrations = [${entries ? `${entries}, ` : ''}${className}];`;
});
writeFileSync(sourceFile, source);
console.log(`wrote ${file} (${drift.up.length} statements) and added ${className} to apps/${service}/src/data-source.ts`);
