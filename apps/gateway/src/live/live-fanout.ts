import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { EventDef, EventEnvelope } from '@lp/contracts';
import { decode, eventSubject } from '@lp/bus';
import type { LiveHub } from './live-hub.js';

/**
 * One plain NATS subscription per live event for the whole gateway process, not a consumer
 * per stream: JetStream stores every event for the services' durable consumers, and the same
 * publish reaches this subscriber too. An event published while this gateway is disconnected
 * from NATS is not shown live; the page has it on its next load.
 */
export class LiveFanout {
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    private readonly hub: LiveHub,
    private readonly log: Logger,
  ) {}

  start(events: readonly EventDef[]): void {
    for (const def of events) {
      this.subs.push(
        this.nc.subscribe(eventSubject(this.prefix, def.name), {
          callback: (err, msg) => {
            if (err) return this.log.warn({ err, event: def.name }, 'live feed subscription failed');
            this.deliver(def, msg.data);
          },
        }),
      );
    }
  }

  private deliver(def: EventDef, data: Uint8Array): void {
    let envelope: EventEnvelope;
    try {
      envelope = decode<EventEnvelope>(data);
    } catch {
      return this.log.warn({ event: def.name }, 'live feed: an event that is not JSON');
    }
    // only what the contract declares reaches a browser, whatever else a payload carried
    const payload = def.schema.safeParse(envelope.payload);
    if (!payload.success) return this.log.warn({ event: def.name, eventId: envelope.id }, 'live feed: an event off its schema');
    this.hub.dispatch(def.name, payload.data);
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
    this.subs.length = 0;
  }
}
