import pg from 'pg';
import { DataSource, type EntityManager, type MixedList, type EntitySchema } from 'typeorm';
import type { TransactionalDb } from '@lp/bus';

/** Creates the database when missing (each service owns one on the shared dev server). */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl.replace(/\/$/, '')}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } catch (e) {
        if ((e as { code?: string }).code !== '42P04') throw e; // created meanwhile by a sibling
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl.replace(/\/$/, '')}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export interface DatabaseOptions {
  serverUrl: string;
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize: number;
}

export function createDataSource(o: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: `${o.serverUrl.replace(/\/$/, '')}/${o.name}`,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    poolSize: o.poolSize,
    extra: { max: o.poolSize },
  });
}

/** Runs pending migrations under an advisory lock, so replicas starting together migrate once. */
export async function migrate(ds: DataSource): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(727274)');
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    await runner.release();
  }
}

/** The bus's view of a DataSource. */
export function asTransactionalDb(ds: DataSource): TransactionalDb {
  return {
    transaction: (fn) => ds.transaction((m: EntityManager) => fn(m)),
    query: (sql, params) => ds.query(sql, params),
  };
}
