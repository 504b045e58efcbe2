import type { z } from 'zod';
import { SERVICES, type ServiceName } from './services.js';

/**
 * Who connects to NATS, each with a user of its own whose subject permissions are generated
 * from the declarations in this library (libs/bus nats-permissions.ts): the services, the
 * worker, the Telegram bot, the gateway (the only one that calls route subjects) and, in
 * development only, the demo-data seed.
 */
export const BUS_PRINCIPALS = [...SERVICES, 'worker', 'telegram-bot', 'gateway', 'seed'] as const;
export type BusPrincipal = (typeof BUS_PRINCIPALS)[number];
export type AppName = ServiceName | 'worker' | 'telegram-bot';

/**
 * A bus-only subject (no HTTP route). `callers` are the only principals NATS lets publish
 * to it; `devOnly` subjects (demo data) are bound and permitted only in development and tests.
 */
export interface InternalDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  subject: string;
  request: Req;
  response: Res;
  callers: readonly BusPrincipal[];
  devOnly?: boolean;
}

export function defineInternal<Req extends z.ZodType, Res extends z.ZodType>(def: InternalDef<Req, Res>): InternalDef<Req, Res> {
  return def;
}

/** The owning service of a subject `<service>.<entity>.<verb>`. */
export const subjectOwner = (subject: string): string => subject.split('.')[0] ?? '';
