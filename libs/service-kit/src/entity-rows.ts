import { EntityManager, type EntityTarget, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { Db } from './sql.js';

/**
 * An entity from a row that a statement kept raw returned (its columns named as in the table,
 * as `SELECT t.*`, `RETURNING *` or `to_jsonb(t)` give them), hydrated as TypeORM hydrates
 * its own results (a timestamp given as text becomes a Date). Other columns of the row are left out.
 */
export function fromRow<E extends ObjectLiteral>(db: EntityManager, target: EntityTarget<E>, row: Record<string, unknown>): E {
  const metadata = db.connection.getMetadata(target);
  const entity = metadata.create() as E;
  for (const column of metadata.columns) {
    if (column.databaseName in row)
      column.setEntityValue(entity, db.connection.driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
}

/**
 * The entities a query builder loads, each with the values selected beside it
 * (`addSelect(expression, 'name')`, named as the property it becomes), paired by id.
 */
export async function manyWithExtras<E extends ObjectLiteral & { id: string }, X extends object>(
  qb: SelectQueryBuilder<E>,
  names: readonly (keyof X & string)[],
): Promise<(E & X)[]> {
  const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
  const byId = new Map(raw.map((r) => [r[`${qb.alias}_id`], r]));
  return entities.map((entity) => {
    const r = byId.get(entity.id)!;
    return Object.assign(entity, Object.fromEntries(names.map((n) => [n, r[n]])) as X);
  });
}

export async function oneWithExtras<E extends ObjectLiteral & { id: string }, X extends object>(
  qb: SelectQueryBuilder<E>,
  names: readonly (keyof X & string)[],
): Promise<(E & X) | null> {
  return (await manyWithExtras<E, X>(qb, names))[0] ?? null;
}

/** An event consumer's transaction (typed as the bus's SqlRunner) as the EntityManager the kit opens it as. */
export function entityManager(tx: Db): EntityManager {
  if (tx instanceof EntityManager) return tx;
  throw new Error("the consumer's transaction is not a TypeORM EntityManager");
}
