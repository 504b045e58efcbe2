import type { EntityManager } from 'typeorm';

/** TypeORM's postgres driver answers UPDATE/DELETE ... RETURNING as [rows, count] and everything else as rows. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

export async function queryRows<T>(db: Pick<EntityManager, 'query'>, sql: string, params: unknown[] = []): Promise<T[]> {
  return returnedRows<T>(await db.query(sql, params));
}

/** Escapes LIKE wildcards in user input. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
