import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface BusOptions {
  url: string;
  /** isolates subjects and streams (tests use a per-run prefix; production uses none) */
  prefix: string;
  name: string;
}

export async function connectBus(opts: BusOptions): Promise<NatsConnection> {
  return connect({
    servers: opts.url,
    name: opts.name,
    // keep trying forever: a service outlives NATS restarts, the outbox holds events meanwhile
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // no stack capture per request: it was ~10% of the gateway's CPU (bench/); timeouts still say which subject
    noAsyncTraces: true,
  });
}

export const subjectFor = (prefix: string, subject: string): string => `${prefix}${subject}`;
export const eventSubject = (prefix: string, name: string): string => `${prefix}events.${name}`;
export const streamName = (prefix: string): string => `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVENTS`;
