import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@lp/contracts';
import { eventSubject } from './connection.js';
import { encode } from './wire.js';
import { ensureEventStream } from './streams.js';
import type { SqlRunner } from './outbox.js';

export interface TransactionalDb {
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

interface OutboxRow {
  id: string;
  name: string;
  payload: unknown;
  request_id: string | null;
  occurred_at: Date;
}

/**
 * Publishes outbox rows to JetStream. The row id is the JetStream message id, so a
 * row published twice (the relay died between publish and mark, or NATS lost its
 * last writes and we replay) is dropped by the stream's dedupe; consumers' inboxes
 * catch anything older than the dedupe window. Rows are claimed with SKIP LOCKED,
 * so several replicas can run relays side by side.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private streamReady = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private failing = false;
  private lastCleanup = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: TransactionalDb,
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly opts: { intervalMs?: number; batch?: number; publishTimeoutMs?: number; retentionDays?: number } = {},
  ) {
    this.js = jetstream(nc, { timeout: opts.publishTimeoutMs ?? 2000 });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish soon: called after a transaction that wrote events commits. */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((e: unknown) => this.log.error({ err: e }, 'outbox relay tick failed'))
        .then((more) => {
          this.running = null;
          if (this.stopped) return;
          const idle = this.opts.intervalMs ?? 250;
          this.schedule(more === true ? 0 : this.failing ? Math.max(idle, 1000) : idle);
        });
    }, ms);
  }

  /** One batch. Answers true when a full batch went out (there may be more). */
  async tick(): Promise<boolean> {
    const batch = this.opts.batch ?? 200;
    if (!this.streamReady) {
      // an emitter must not depend on some consumer having created the stream first
      try {
        await ensureEventStream(this.nc, this.prefix);
        this.streamReady = true;
      } catch (e) {
        if (!this.failing) this.log.warn({ err: e }, 'cannot reach JetStream; events stay in the outbox until it is back');
        this.failing = true;
        return false;
      }
    }
    const published = await this.db.transaction(async (tx) => {
      const rows = await tx.query<OutboxRow[]>(
        `SELECT id, name, payload, request_id, occurred_at FROM outbox
          WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      // The batch's publishes go out together, in order, on the one connection (JetStream stores them in the order
      // it receives them), and their acknowledgements are awaited together: one round trip per batch, not per event.
      // Only the rows up to the first one not acknowledged are marked; the rest go again with the next tick (a copy
      // JetStream already stored is dropped by its dedupe on the row id, and the consumers' inboxes catch the rest).
      const acks = await Promise.allSettled(
        rows.map((row) => {
          const envelope: EventEnvelope = {
            id: row.id,
            name: row.name,
            occurred_at: new Date(row.occurred_at).toISOString(),
            payload: row.payload,
            ...(row.request_id ? { request_id: row.request_id } : {}),
          };
          return this.js.publish(eventSubject(this.prefix, row.name), encode(envelope), { msgID: row.id });
        }),
      );
      const firstFailed = acks.findIndex((a) => a.status === 'rejected');
      const done = (firstFailed === -1 ? rows : rows.slice(0, firstFailed)).map((r) => r.id);
      if (firstFailed !== -1) {
        const e = (acks[firstFailed] as PromiseRejectedResult).reason as unknown;
        if (!this.failing) this.log.warn({ err: e }, 'cannot publish events; they stay in the outbox and go out when NATS is back');
        this.failing = true;
        this.streamReady = false;
      }
      if (done.length) {
        await tx.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [done]);
        if (this.failing && done.length === rows.length) {
          this.failing = false;
          this.log.info('event publishing resumed');
        }
      }
      return { sent: done.length, full: rows.length === batch && done.length === rows.length };
    });
    await this.cleanup();
    return published.full;
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = Date.now();
    const days = this.opts.retentionDays ?? 7;
    await this.db.query(`DELETE FROM outbox WHERE published_at < now() - ($1::int * interval '1 day')`, [days]);
  }
}
