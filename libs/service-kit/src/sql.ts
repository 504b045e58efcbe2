import type { SqlRunner } from '@lp/bus';

/** Anything that runs SQL: the DataSource, a transaction's EntityManager, or an event consumer's tx. */
export type Db = SqlRunner;

/** TypeORM's postgres driver answers UPDATE/DELETE ... RETURNING as [rows, count] and everything else as rows. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

export async function queryRows<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  return returnedRows<T>(await db.query(sql, params));
}

export async function queryOne<T>(db: Db, sql: string, params: unknown[] = []): Promise<T | null> {
  return (await queryRows<T>(db, sql, params))[0] ?? null;
}

/** Escapes LIKE wildcards in user input and wraps it for a "contains" match. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A timestamp as the API writes it; text already in that form (made by PostgreSQL) passes through. */
export const iso = (d: Date | string): string =>
  typeof d === 'string' && ISO_UTC.test(d) ? d : (d instanceof Date ? d : new Date(d)).toISOString();
export const isoOrNull = (d: Date | string | null | undefined): string | null => (d ? iso(d) : null);
/** One decimal, as the dashboards show. */
export const round1 = (v: number): number => Math.round(v * 10) / 10;

/** Builds a parameter list while a query's text is assembled: `$${p.add(value)}`. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): number {
    this.values.push(v);
    return this.values.length;
  }
}
