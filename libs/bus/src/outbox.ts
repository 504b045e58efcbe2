import { currentRequestId } from './request-context.js';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { EventDef } from '@lp/contracts';

/** Anything that runs SQL: a TypeORM EntityManager inside a transaction, or a DataSource. */
export interface SqlRunner {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

/**
 * Writes an event into the outbox table, inside the caller's transaction, so the
 * event exists exactly when the change it describes exists. The relay publishes it.
 */
export async function writeEvent<E extends EventDef>(
  tx: SqlRunner,
  event: E,
  payload: z.input<E['schema']>,
  /** by default the request id of the work in progress (request-context.ts) */
  requestId: string | undefined = currentRequestId(),
): Promise<string> {
  const data = event.schema.parse(payload);
  const id = randomUUID();
  await tx.query('INSERT INTO outbox (id, name, payload, request_id) VALUES ($1, $2, $3, $4)', [
    id,
    event.name,
    JSON.stringify(data),
    requestId ?? null,
  ]);
  return id;
}

/**
 * Many events of one kind in one statement (a batch of 500 single inserts was most of a bulk
 * import's time), in the order given; each payload checked like writeEvent's.
 */
export async function writeEvents<E extends EventDef>(
  tx: SqlRunner,
  event: E,
  payloads: readonly z.input<E['schema']>[],
  requestId: string | undefined = currentRequestId(),
): Promise<void> {
  await writeEventsEach(
    tx,
    event,
    payloads.map((payload) => ({ payload, requestId })),
  );
}

/**
 * Many events of one kind in one statement, each with the request it belongs to: a consumer's
 * batch applies the events of many requests at once, and each event it causes keeps its own.
 */
export async function writeEventsEach<E extends EventDef>(
  tx: SqlRunner,
  event: E,
  items: ReadonlyArray<{ payload: z.input<E['schema']>; requestId?: string | undefined }>,
): Promise<void> {
  if (!items.length) return;
  const data = items.map((i) => event.schema.parse(i.payload));
  await tx.query(
    `INSERT INTO outbox (id, name, payload, request_id)
     SELECT gen_random_uuid(), $1, p.value, r.request_id
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS p(value, n)
       JOIN unnest($3::text[]) WITH ORDINALITY AS r(request_id, n) ON r.n = p.n
      ORDER BY p.n`,
    [event.name, JSON.stringify(data), items.map((i) => i.requestId ?? null)],
  );
}

/** The tables every service that emits or consumes events has; run by its first migration. */
export const BUS_TABLES_UP = [
  `CREATE TABLE IF NOT EXISTS outbox (
     id uuid PRIMARY KEY,
     seq bigserial NOT NULL,
     name text NOT NULL,
     payload jsonb NOT NULL,
     request_id text,
     occurred_at timestamptz NOT NULL DEFAULT now(),
     published_at timestamptz
   )`,
  `CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (seq) WHERE published_at IS NULL`,
  `CREATE TABLE IF NOT EXISTS inbox (
     event_id uuid NOT NULL,
     consumer text NOT NULL,
     handled_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (event_id, consumer)
   )`,
];
export const BUS_TABLES_DOWN = ['DROP TABLE IF EXISTS inbox', 'DROP TABLE IF EXISTS outbox'];
