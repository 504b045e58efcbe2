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

const MAX_DELIVER = 20;

/**
 * Durable JetStream consumers of one service, one per event type (this NATS, 2.9,
 * has no multi-filter consumers). Each message is applied inside a transaction
 * that first records its id in the inbox: a redelivery finds the id and changes nothing.
 */
export class EventConsumer {
  private readonly handlers = new Map<string, { def: EventDef; fn: Handler }>();
  private readonly running: ConsumerMessages[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: TransactionalDb,
    private readonly prefix: string,
    private readonly consumerName: string,
    private readonly log: Logger,
  ) {}

  on<E extends EventDef>(event: E, fn: (payload: z.infer<E['schema']>, ctx: EventContext) => Promise<void>): void {
    this.handlers.set(event.name, { def: event, fn: fn as Handler });
  }

  get eventNames(): string[] {
    return [...this.handlers.keys()];
  }

  async start(): Promise<void> {
    if (this.handlers.size === 0) return;
    const stream = await ensureEventStream(this.nc, this.prefix);
    const jsm = await jetstreamManager(this.nc);
    const js = jetstream(this.nc);
    for (const name of this.handlers.keys()) {
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
      const messages = await consumer.consume({ max_messages: 64 });
      this.running.push(messages);
      void this.loop(messages);
    }
  }

  private async loop(messages: ConsumerMessages): Promise<void> {
    for await (const m of messages) await this.process(m);
  }

  private async process(m: JsMsg): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = decode<EventEnvelope>(m.data);
    } catch (e) {
      this.log.error({ err: e, subject: m.subject }, 'dropping an event that is not JSON');
      m.term();
      return;
    }
    const log = this.log.child({ eventId: envelope.id, event: envelope.name });
    const entry = this.handlers.get(envelope.name);
    if (!entry) {
      m.ack();
      return;
    }
    try {
      const payload = entry.def.schema.parse(envelope.payload);
      // an event's work belongs to the request that caused it: its id travels on, in logs and in events written here
      await runInContext({ requestId: envelope.request_id ?? envelope.id, caller: null, subject: envelope.name }, () => this.db.transaction(async (tx) => {
        const fresh = await tx.query<unknown[]>(
          'INSERT INTO inbox (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id',
          [envelope.id, this.consumerName],
        );
        if (fresh.length === 0) return; // applied before: a redelivery
        await entry.fn(payload, { tx, envelope, log });
      }));
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
