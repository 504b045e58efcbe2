import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface BusOptions {
  url: string;
  /** isolates subjects and streams (tests use a per-run prefix; production uses none) */
  prefix: string;
  name: string;
  /** the principal's NATS user and password (none on an open development bus) */
  user?: string;
  pass?: string;
  /** replies to this connection's requests arrive under it (nats-permissions.ts inboxPrefixOf) */
  inboxPrefix?: string;
  /** verify the server's certificate with this CA file (TLS is on when the URL says tls:// or this is set) */
  tlsCaFile?: string;
}

export async function connectBus(opts: BusOptions): Promise<NatsConnection> {
  return connect({
    servers: opts.url.split(','),
    name: opts.name,
    ...(opts.user ? { user: opts.user, pass: opts.pass ?? '' } : {}),
    ...(opts.inboxPrefix ? { inboxPrefix: opts.inboxPrefix } : {}),
    ...(opts.tlsCaFile || opts.url.startsWith('tls://') ? { tls: opts.tlsCaFile ? { caFile: opts.tlsCaFile } : {} } : {}),
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
