import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntityManager, type MixedList, type EntitySchema } from 'typeorm';
import type { TransactionalDb } from '@lp/bus';

/** The PostgreSQL role a service connects as: one per service, owning only that service's databases. */
export const serviceRole = (service: string): string => `lp_${service.replace(/[^a-z0-9_]/g, '_')}_svc`;
/** The role a service with row-level security works as after migrating: it owns nothing (ServiceKitOptions.runtimeRole). */
export const runtimeRoleOf = (service: string): string => `lp_${service.replace(/[^a-z0-9_]/g, '_')}_app`;

const ident = (name: string): string => `"${name.replace(/"/g, '')}"`;
const adminClient = (serverUrl: string, db = 'postgres') => new pg.Client({ connectionString: `${serverUrl.replace(/\/$/, '')}/${db}` });

/**
 * Development and tests: with an administrator URL, makes the service's role (login, no
 * superuser, no CREATEDB/CREATEROLE) and its database owned by that role, closed to every
 * other role (REVOKE ... FROM PUBLIC), so one service cannot open another's database. A
 * database left by an older run, owned by the administrator, is handed over with its objects.
 * Production does none of this: roles and databases are provisioned (infra/postgres/).
 */
export async function ensureDatabase(serverUrl: string, name: string, role?: string): Promise<void> {
  const client = adminClient(serverUrl);
  await client.connect();
  let handOver = false;
  try {
    if (role) {
      try {
        await client.query(
          `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role.replace(/'/g, '')}') THEN CREATE ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE; END IF; END $$`,
        );
      } catch (e) {
        if ((e as { code?: string }).code !== '42710' && (e as { code?: string }).code !== '23505') throw e; // made meanwhile by a sibling
      }
    }
    const { rows } = await client.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [
      name,
    ]);
    if (!rows.length) {
      try {
        await client.query(`CREATE DATABASE ${ident(name)}${role ? ` OWNER ${ident(role)}` : ''}`);
      } catch (e) {
        // created meanwhile by a sibling: 42P04, or 23505 when both passed PostgreSQL's own existence check at once
        if ((e as { code?: string }).code !== '42P04' && (e as { code?: string }).code !== '23505') throw e;
      }
    } else if (role && rows[0]!.owner !== role) {
      await client.query(`ALTER DATABASE ${ident(name)} OWNER TO ${ident(role)}`);
      handOver = true;
    }
    if (role) await client.query(`REVOKE ALL ON DATABASE ${ident(name)} FROM PUBLIC`);
  } finally {
    await client.end();
  }
  if (handOver && role) await handOverObjects(serverUrl, name, role);
}

/**
 * Development and tests: the runtime role of a service with row-level security (login, no
 * superuser, no BYPASSRLS, owning nothing). Production provisions it (init-roles.sh).
 */
export async function ensureRuntimeRole(serverUrl: string, role: string): Promise<void> {
  const client = adminClient(serverUrl);
  await client.connect();
  try {
    await client.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role.replace(/'/g, '')}') THEN CREATE ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS; END IF; END $$`,
    );
  } catch (e) {
    if ((e as { code?: string }).code !== '42710' && (e as { code?: string }).code !== '23505') throw e; // made meanwhile by a sibling
  } finally {
    await client.end();
  }
}

/**
 * Run by the owner after migrating: the runtime role may connect and read and write every
 * table of the public schema (row-level security still applies to it), and nothing else:
 * no DDL, no ownership, so no policy can be dropped or switched off by the running service.
 */
export async function grantRuntime(ds: DataSource, name: string, role: string): Promise<void> {
  const r = ident(role);
  await ds.query(`GRANT CONNECT ON DATABASE ${ident(name)} TO ${r}`);
  await ds.query(`GRANT USAGE ON SCHEMA public TO ${r}`);
  await ds.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
  await ds.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
  await ds.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${r}`);
}

/** The runtime role must own nothing and pass no policy by itself. */
export async function assertRuntimeRole(ds: DataSource): Promise<void> {
  const [r] = (await ds.query(
    `SELECT r.rolsuper AS superuser, r.rolbypassrls AS bypass,
            EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relowner = r.oid) AS owns
       FROM pg_roles r WHERE r.rolname = current_user`,
  )) as { superuser: boolean; bypass: boolean; owns: boolean }[];
  if (!r || r.superuser || r.bypass || r.owns)
    throw new Error('the runtime role of a service with row-level security must not be a superuser, bypass RLS or own a table');
}

/** Tables, sequences and views of the public schema given to the role (an old database made by the administrator). */
async function handOverObjects(serverUrl: string, name: string, role: string): Promise<void> {
  const client = adminClient(serverUrl, name);
  await client.connect();
  try {
    await client.query(`ALTER SCHEMA public OWNER TO ${ident(role)}`);
    const { rows } = await client.query<{ kind: string; name: string }>(
      `SELECT CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END AS kind, c.relname AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S', 'v', 'm') AND pg_get_userbyid(c.relowner) <> $1
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i') AND c.relkind = 'S')`,
      [role],
    );
    for (const r of rows) await client.query(`ALTER ${r.kind} public.${ident(r.name)} OWNER TO ${ident(role)}`);
  } finally {
    await client.end();
  }
}

/** The URL a service's pool uses: in development and tests the administrator URL with the service's role as user. */
export function serviceDatabaseUrl(serverUrl: string, name: string, role?: string): string {
  const url = new URL(`${serverUrl.replace(/\/$/, '')}/${name}`);
  if (role) {
    url.username = role;
    url.password = '';
  }
  return url.toString();
}

/** Production refuses a superuser or a role that does not own the service's database. */
export async function assertLeastPrivilege(ds: DataSource, name: string): Promise<void> {
  const [r] = (await ds.query(
    `SELECT r.rolsuper AS superuser, r.rolcreaterole AS createrole, pg_get_userbyid(d.datdba) = current_user AS owner
       FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = $1`,
    [name],
  )) as { superuser: boolean; createrole: boolean; owner: boolean }[];
  if (!r || r.superuser || r.createrole || !r.owner) {
    throw new Error(`in production a service connects as its own role owning only its database ${name} (not a superuser, no CREATEROLE)`);
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
  /** the full URL of the service's database (serviceDatabaseUrl) */
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize: number;
}

/**
 * How pg hands over values, set once for every service's pool: numeric, bigint and count(*)
 * come as numbers rather than text (pg's default, made for amounts beyond 2^53, which
 * nothing here holds: money is kept in numeric(10,2) or in integer minor units). Timestamps
 * stay Date (the entities' type); the contracts' ISO strings are written at the edge.
 */
const NUMERIC_OID = 1700;
const INT8_OID = 20;
export const pgTypeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === NUMERIC_OID || oid === INT8_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  },
};

export function dataSourceOptions(o: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    poolSize: o.poolSize,
    extra: { max: o.poolSize, types: pgTypeParsers },
  };
}

export function createDataSource(o: DatabaseOptions): DataSource {
  return new DataSource(dataSourceOptions(o));
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
