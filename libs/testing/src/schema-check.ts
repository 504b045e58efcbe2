import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions, dropDatabase, ensureDatabase, migrate, schemaDrift, type DatabaseOptions, type SchemaDrift } from '@lp/service-kit';

/**
 * How a service's migrations and its entities differ: a throwaway database migrated with the
 * migrations, compared with the entities (libs/service-kit schemaDrift), then dropped. Each
 * service's test expects no difference, so the entity stays the table's one description.
 */
export async function migratedSchemaDrift(
  entities: DatabaseOptions['entities'],
  migrations: DatabaseOptions['migrations'],
): Promise<SchemaDrift> {
  const serverUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
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
