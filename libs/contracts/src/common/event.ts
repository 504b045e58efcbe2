import { z } from 'zod';
import type { ServiceName } from './services.js';

type Payload = z.ZodObject<{ v: z.ZodLiteral<number> } & z.ZodRawShape>;

export interface EventDef<S extends Payload = Payload> {
  /** `<service>.<entity>.<past-tense>`; the JetStream subject is `events.<name>` */
  name: string;
  service: ServiceName;
  schema: S;
  summary: string;
}

export function defineEvent<S extends Payload>(def: EventDef<S>): EventDef<S> {
  return def;
}

export type EventPayload<E extends EventDef> = z.infer<E['schema']>;

/** The envelope every event travels in; `id` is the outbox row id and the JetStream message id. */
export interface EventEnvelope<T = unknown> {
  id: string;
  name: string;
  occurred_at: string;
  request_id?: string;
  payload: T;
}
