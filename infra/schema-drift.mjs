// `npm run schema:drift -- <service>`: prints how a service's migrated database and its
// entities differ (the statements TypeORM would run, and tables no entity describes), the
// same check its service test makes. Builds the server; needs PostgreSQL (POSTGRES_URL,
// else localhost); migrates a throwaway database and drops it again.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [service] = process.argv.slice(2);
if (!service) {
  console.error('usage: npm run schema:drift -- <service>');
  process.exit(2);
}
if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, [join(root, 'infra/build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { migratedSchemaDrift } = await import('@lp/service-kit');
const { entities, migrations } = await import(pathToFileURL(join(root, 'apps', service, 'dist', 'data-source.js')).href);
const drift = await migratedSchemaDrift(entities, migrations);
for (const q of drift.up) console.log(`${q};`);
if (drift.unmapped.length) console.log(`-- tables no entity describes: ${drift.unmapped.join(', ')}`);
console.log(`-- apps/${service}: ${drift.up.length} statement(s) of drift, ${drift.unmapped.length} unmapped table(s)`);
process.exit(drift.up.length || drift.unmapped.length ? 1 : 0);
