import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions, dropDatabase, ensureDatabase, migrate, type DatabaseOptions } from './database.js';

/**
 * Tables every service has beside its entities: the bus's outbox and inbox, TypeORM's
 * migrations, and its typeorm_metadata (expressions of generated columns) where used.
 */
const KIT_TABLES = ['outbox', 'inbox', 'migrations', 'typeorm_metadata'];

export interface SchemaDrift {
  /** what TypeORM would run to make the database match the entities (empty: they agree) */
  up: string[];
  /** and to undo it */
  down: string[];
  /** tables of the database that no entity describes */
  unmapped: string[];
}

/**
 * How the migrated database and the entities differ. Used by each service's test (which
 * fails on any difference, so the entity stays the table's one description) and by
 * `npm run migration:generate`, which writes the `up` and `down` as a migration.
 */
export async function schemaDrift(ds: DataSource): Promise<SchemaDrift> {
  const sql = await ds.driver.createSchemaBuilder().log();
  const mapped = new Set(ds.entityMetadatas.map((m) => m.tableName));
  const tables = (await ds.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as {
    tablename: string;
  }[];
  return {
    up: sql.upQueries.map((q) => q.query),
    down: sql.downQueries.map((q) => q.query).reverse(),
    unmapped: tables.map((t) => t.tablename).filter((t) => !mapped.has(t) && !KIT_TABLES.includes(t)),
  };
}

/**
 * How a service's migrations and its entities differ: a throwaway database migrated with the
 * migrations, compared with the entities, then dropped. Each service's schema test expects
 * no difference; `npm run schema:drift` prints it and `npm run migration:generate` writes it.
 */
export async function migratedSchemaDrift(
  entities: DatabaseOptions['entities'],
  migrations: DatabaseOptions['migrations'],
  serverUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
): Promise<SchemaDrift> {
  const db = `schema_check_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(serverUrl, db);
  const ds = new DataSource(dataSourceOptions({ url: `${serverUrl.replace(/\/$/, '')}/${db}`, entities, migrations, poolSize: 2 }));
  try {
    await ds.initialize();
    await migrate(ds);
    return await schemaDrift(ds);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await dropDatabase(serverUrl, db);
  }
}
