import { runInContext } from './request-context.js';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { EventDef, EventEnvelope } from '@lp/contracts';
import { eventSubject, streamName } from './connection.js';
import { ensureEventStream } from './streams.js';
import { durableName } from './nats-permissions.js';
import { decode } from './wire.js';
import type { SqlRunner } from './outbox.js';
import type { TransactionalDb } from './outbox-relay.js';

export interface EventContext {
  /** the consumer's transaction: the inbox row and the handler's writes commit together */
  tx: SqlRunner;
  envelope: EventEnvelope;
  log: Logger;
}

type Handler = (payload: unknown, ctx: EventContext) => Promise<void>;

export interface HandlerOptions {
  /**
   * Transactions of this event type applied at once (default 1: one after the other, in arrival
   * order). More is for handlers whose effects commute, where row locks and unique keys make any
   * order come out the same: a consumer that waits on its database's round trips then keeps the
   * machine's cores busy (gamification's XP events: see docs/gamification.md, "Measured"). Where
   * several handlers share an event, the smallest value of theirs applies.
   */
  concurrency?: number;
}

const MAX_DELIVER = 20;
/** the most events one consumer transaction applies (the messages pulled at once are 64 too) */
const BATCH_MAX = 64;

/**
 * Durable JetStream consumers of one service, one per event type (this NATS, 2.9,
 * has no multi-filter consumers). Each message is applied inside a transaction
 * that first records its id in the inbox: a redelivery finds the id and changes nothing.
 */
export class EventConsumer {
  private readonly handlers = new Map<string, { def: EventDef; fn: Handler; concurrency: number }>();
  private readonly running: ConsumerMessages[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: TransactionalDb,
    private readonly prefix: string,
    private readonly consumerName: string,
    private readonly log: Logger,
  ) {}

  /**
   * Adds a handler. Several handlers of one event in one service (the users read model's and
   * an area's) share its one durable consumer and inbox row: they run one after the other, in
   * the order they were added, in the same transaction, so the event is applied by all or none.
   */
  on<E extends EventDef>(
    event: E,
    fn: (payload: z.infer<E['schema']>, ctx: EventContext) => Promise<void>,
    opts: HandlerOptions = {},
  ): void {
    const prior = this.handlers.get(event.name);
    const next = fn as Handler;
    const both: Handler = prior
      ? async (payload, ctx) => {
          await prior.fn(payload, ctx);
          await next(payload, ctx);
        }
      : next;
    const concurrency = Math.max(1, Math.min(prior?.concurrency ?? Infinity, Math.floor(opts.concurrency ?? 1)));
    this.handlers.set(event.name, { def: event, fn: both, concurrency });
  }

  get eventNames(): string[] {
    return [...this.handlers.keys()];
  }

  async start(): Promise<void> {
    if (this.handlers.size === 0) return;
    const stream = await ensureEventStream(this.nc, this.prefix);
    const jsm = await jetstreamManager(this.nc);
    const js = jetstream(this.nc);
    for (const [name, { concurrency }] of this.handlers) {
      const durable = durableName(this.consumerName, name);
      const config = {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: eventSubject(this.prefix, name),
        max_deliver: MAX_DELIVER,
        ack_wait: 30_000_000_000,
      };
      try {
        await jsm.consumers.info(stream, durable);
      } catch {
        try {
          await jsm.consumers.add(stream, config);
        } catch (e) {
          if (!/already in use|exists/i.test(String(e))) throw e;
        }
      }
      const consumer = await js.consumers.get(streamName(this.prefix), durable);
      // enough pulled for every transaction in flight to be a full one
      const messages = await consumer.consume({ max_messages: BATCH_MAX * concurrency });
      this.running.push(messages);
      void this.loop(messages, concurrency);
    }
  }

  /**
   * Messages are applied in arrival order (with `concurrency` 1). One that arrives alone is
   * applied alone, at once; those that arrive while a transaction is running are applied
   * together in the next one (up to BATCH_MAX): under a burst (a CSV import announcing
   * thousands of people) a consumer commits once per batch instead of once per event, and an
   * idle one waits for nothing. With `concurrency` n, up to n such transactions run at once.
   */
  private async loop(messages: ConsumerMessages, concurrency: number): Promise<void> {
    const waiting: JsMsg[] = [];
    const inFlight = new Set<Promise<void>>();
    const state: { ended: boolean; wake: (() => void) | null; room: (() => void) | null } = { ended: false, wake: null, room: null };
    const wake = () => {
      const w = state.wake;
      state.wake = null;
      w?.();
    };
    const reader = (async () => {
      try {
        for await (const m of messages) {
          waiting.push(m);
          wake();
          // full batches for every free transaction wait: pulling on would hold more messages than are being applied (and their ack_wait runs)
          if (waiting.length >= BATCH_MAX * Math.max(1, concurrency - inFlight.size))
            await new Promise<void>((resolve) => (state.room = resolve));
        }
      } finally {
        state.ended = true;
        wake();
      }
    })();
    for (;;) {
      if (!waiting.length || inFlight.size >= concurrency) {
        if (!waiting.length && state.ended) break;
        await new Promise<void>((resolve) => (state.wake = resolve));
        continue;
      }
      const batch = waiting.splice(0, BATCH_MAX);
      state.room?.();
      state.room = null;
      const job: Promise<void> = this.processBatch(batch)
        .catch((err: unknown) => this.log.error({ err }, 'an event batch failed outside its handlers; its messages will be redelivered'))
        .finally(() => {
          inFlight.delete(job);
          wake();
        });
      inFlight.add(job);
    }
    await Promise.all(inFlight);
    await reader;
  }

  /** Several messages in one transaction; when any of them fails, each is applied again on its own, so one bad event holds up no other. */
  private async processBatch(batch: JsMsg[]): Promise<void> {
    if (batch.length === 1) return this.process(batch[0]!);
    const ready: Array<{ m: JsMsg; envelope: EventEnvelope; entry: { def: EventDef; fn: Handler }; payload: unknown }> = [];
    for (const [i, m] of batch.entries()) {
      const envelope = this.envelopeOf(m);
      if (!envelope) continue;
      const entry = this.handlers.get(envelope.name);
      if (!entry) {
        m.ack();
        continue;
      }
      const payload = entry.def.schema.safeParse(envelope.payload);
      // a payload that breaks its schema takes the one-by-one path, which retries and reports
      // it; so do the messages not settled yet (those acked or dropped above are done)
      if (!payload.success) return this.oneByOne([...ready.map((r) => r.m), ...batch.slice(i)]);
      ready.push({ m, envelope, entry, payload: payload.data });
    }
    if (!ready.length) return;
    try {
      await this.db.transaction(async (tx) => {
        const fresh = new Set(
          (
            await tx.query<Array<{ event_id: string }>>(
              `INSERT INTO inbox (event_id, consumer) SELECT e, $2 FROM unnest($1::uuid[]) AS e ON CONFLICT DO NOTHING RETURNING event_id`,
              [ready.map((r) => r.envelope.id), this.consumerName],
            )
          ).map((r) => r.event_id),
        );
        for (const r of ready) {
          if (!fresh.has(r.envelope.id)) continue; // applied before: a redelivery
          fresh.delete(r.envelope.id); // the same event twice in one batch: applied once
          await runInContext({ requestId: r.envelope.request_id ?? r.envelope.id, caller: null, subject: r.envelope.name }, () =>
            r.entry.fn(r.payload, this.contextOf(tx, r.envelope)),
          );
        }
      });
    } catch {
      return this.oneByOne(ready.map((r) => r.m));
    }
    for (const r of ready) r.m.ack();
  }

  /**
   * A handler's context. Its logger is made on first use: most handlers never log, and a child
   * logger per event (bindings, redaction) was 4% of gamification's CPU under a burst.
   */
  private contextOf(tx: SqlRunner, envelope: EventEnvelope): EventContext {
    const parent = this.log;
    let log: Logger | null = null;
    return {
      tx,
      envelope,
      get log() {
        return (log ??= parent.child({ eventId: envelope.id, event: envelope.name }));
      },
    };
  }

  private async oneByOne(batch: JsMsg[]): Promise<void> {
    for (const m of batch) await this.process(m);
  }

  private envelopeOf(m: JsMsg): EventEnvelope | null {
    try {
      return decode<EventEnvelope>(m.data);
    } catch (e) {
      this.log.error({ err: e, subject: m.subject }, 'dropping an event that is not JSON');
      m.term();
      return null;
    }
  }

  private async process(m: JsMsg): Promise<void> {
    const envelope = this.envelopeOf(m);
    if (!envelope) return;
    const log = this.log.child({ eventId: envelope.id, event: envelope.name });
    const entry = this.handlers.get(envelope.name);
    if (!entry) {
      m.ack();
      return;
    }
    try {
      const payload = entry.def.schema.parse(envelope.payload);
      // an event's work belongs to the request that caused it: its id travels on, in logs and in events written here
      await runInContext({ requestId: envelope.request_id ?? envelope.id, caller: null, subject: envelope.name }, () =>
        this.db.transaction(async (tx) => {
          const fresh = await tx.query<unknown[]>(
            'INSERT INTO inbox (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id',
            [envelope.id, this.consumerName],
          );
          if (fresh.length === 0) return; // applied before: a redelivery
          await entry.fn(payload, { tx, envelope, log });
        }),
      );
      m.ack();
    } catch (e) {
      const attempt = m.info.deliveryCount;
      if (attempt >= MAX_DELIVER) {
        log.error({ err: e, attempt }, 'event failed on every delivery; giving up on it');
        m.term();
      } else {
        log.warn({ err: e, attempt }, 'event handler failed; will retry');
        m.nak(Math.min(30_000, 250 * 2 ** attempt));
      }
    }
  }

  async stop(): Promise<void> {
    for (const m of this.running) await m.close();
    this.running.length = 0;
  }
}
