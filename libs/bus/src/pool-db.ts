import type { SqlRunner } from './outbox.js';
import type { TransactionalDb } from './outbox-relay.js';

/** What the bus needs of a node-postgres Pool (structural: the bus itself does not depend on pg). */
export interface PgPoolLike {
  connect(): Promise<{ query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>; release(): void }>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The bus's database over a plain node-postgres pool, for what runs the bus without a service
 * around it (the bus's own tests, benchmark (i)'s floor consumer); services use the kit's,
 * over their TypeORM DataSource.
 */
export function poolDb(pool: PgPoolLike): TransactionalDb {
  return {
    async transaction(fn) {
      const client = await pool.connect();
      const tx: SqlRunner = { query: async (sql, params) => (await client.query(sql, params)).rows as never };
      try {
        await client.query('BEGIN');
        const r = await fn(tx);
        await client.query('COMMIT');
        return r;
      } catch (e) {
        await client.query('ROLLBACK');
        throw e;
      } finally {
        client.release();
      }
    },
    query: async (sql, params) => (await pool.query(sql, params)).rows as never,
  };
}
