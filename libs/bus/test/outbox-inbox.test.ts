import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { defineEvent } from '@lp/contracts';
import { testEnv } from '@lp/testing';
import {
  connectBus,
  encode,
  ensureEventStream,
  eventSubject,
  EventConsumer,
  OutboxRelay,
  streamName,
  writeEvent,
  writeEventsEach,
} from '../src/index.js';
import { busDatabase, freePort, OwnNats, silent, waitFor } from './helpers.js';

const thingHappened = defineEvent({
  name: 'test.thing.happened',
  service: 'identity',
  summary: 'a test event',
  schema: z.object({ v: z.literal(1), note: z.string() }),
});

describe('outbox relay and inbox', () => {
  let nats: OwnNats;
  let nc: NatsConnection;
  let database: Awaited<ReturnType<typeof busDatabase>>;
  const prefix = testEnv().BUS_PREFIX!;

  beforeAll(async () => {
    nats = new OwnNats(await freePort());
    await nats.start();
    nc = await connectBus({ url: nats.url, prefix, name: 'test' });
    await ensureEventStream(nc, prefix);
    database = await busDatabase();
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
    await database.drop();
  });

  it('publishes an event written while NATS was down once NATS is back, and it is applied once', async () => {
    const consumer = new EventConsumer(nc, database.db, prefix, 'consumer-a', silent);
    consumer.on(thingHappened, async (payload, { tx }) => {
      await tx.query('INSERT INTO applied (note) VALUES ($1)', [payload.note]);
    });
    await consumer.start();
    const relay = new OutboxRelay(nc, database.db, prefix, silent, { intervalMs: 50, publishTimeoutMs: 500 });
    relay.start();

    await nats.stop();
    await database.db.transaction((tx) => writeEvent(tx, thingHappened, { v: 1, note: 'while-down' }));
    // the relay tries and fails while NATS is away; the row stays unpublished
    await new Promise((r) => setTimeout(r, 1200));
    const pending = await database.pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    expect(pending.rows[0].n).toBe(1);

    await nats.start();
    await waitFor(async () => {
      const r = await database.pool.query("SELECT count(*)::int AS n FROM applied WHERE note = 'while-down'");
      return r.rows[0].n === 1;
    }, 45_000); // generous: reconnecting after a restart is slow on a loaded 2-core box
    const published = await database.pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NOT NULL');
    expect(published.rows[0].n).toBe(1);

    // a relay replay of the same row (crash between publish and mark) is dropped by JetStream's dedupe
    await database.pool.query('UPDATE outbox SET published_at = NULL');
    await relay.tick();
    await new Promise((r) => setTimeout(r, 500));
    const applied = await database.pool.query("SELECT count(*)::int AS n FROM applied WHERE note = 'while-down'");
    expect(applied.rows[0].n).toBe(1);

    await relay.stop();
    await consumer.stop();
  }, 90_000);

  it('applies a redelivered event once (inbox), even past the dedupe window', async () => {
    const consumer = new EventConsumer(nc, database.db, prefix, 'consumer-b', silent);
    consumer.on(thingHappened, async (payload, { tx }) => {
      await tx.query('INSERT INTO applied (note) VALUES ($1)', [payload.note]);
    });
    await consumer.start();
    const js = jetstream(nc);
    const envelope = {
      id: '8d0e4b8e-7a0a-4c1e-9d55-3b0b1d6b2f10',
      name: thingHappened.name,
      occurred_at: new Date().toISOString(),
      payload: { v: 1, note: 'twice' },
    };
    // two different message ids: JetStream keeps both, so only the inbox stands between them
    await js.publish(eventSubject(prefix, thingHappened.name), encode(envelope), { msgID: 'copy-1' });
    await js.publish(eventSubject(prefix, thingHappened.name), encode(envelope), { msgID: 'copy-2' });
    await waitFor(async () => {
      const r = await database.pool.query("SELECT count(*)::int AS n FROM inbox WHERE consumer = 'consumer-b'");
      return r.rows[0].n >= 1;
    });
    await new Promise((r) => setTimeout(r, 500));
    const applied = await database.pool.query("SELECT count(*)::int AS n FROM applied WHERE note = 'twice'");
    expect(applied.rows[0].n).toBe(1);
    await consumer.stop();
  }, 30_000);

  it('retries an event whose handler failed, without applying it twice', async () => {
    const consumer = new EventConsumer(nc, database.db, prefix, 'consumer-c', silent);
    let calls = 0;
    consumer.on(thingHappened, async (payload, { tx }) => {
      calls++;
      await tx.query('INSERT INTO applied (note) VALUES ($1)', [`${payload.note}-c`]);
      if (calls === 1) throw new Error('transient failure');
    });
    await consumer.start();
    await database.db.transaction((tx) => writeEvent(tx, thingHappened, { v: 1, note: 'flaky' }));
    const relay = new OutboxRelay(nc, database.db, prefix, silent, { intervalMs: 50 });
    relay.start();
    await waitFor(async () => {
      const r = await database.pool.query("SELECT count(*)::int AS n FROM applied WHERE note = 'flaky-c'");
      return r.rows[0].n === 1;
    }, 15_000);
    expect(calls).toBeGreaterThanOrEqual(2);
    await relay.stop();
    await consumer.stop();
  }, 30_000);

  it('applies a burst in few transactions, each event once and in order; a failing one is retried alone', async () => {
    const js = jetstream(nc);
    const notes = Array.from({ length: 300 }, (_, i) => `burst-${String(i).padStart(3, '0')}`);
    // all waiting before the consumer starts: they arrive faster than one transaction each could apply them
    for (const note of notes) {
      const envelope = { id: randomUUID(), name: thingHappened.name, occurred_at: new Date().toISOString(), payload: { v: 1, note } };
      await js.publish(eventSubject(prefix, thingHappened.name), encode(envelope), { msgID: envelope.id });
    }
    const consumer = new EventConsumer(nc, database.db, prefix, 'consumer-d', silent);
    const transactions = new Set<string>();
    let poisoned = false;
    consumer.on(thingHappened, async (payload, { tx }) => {
      if (!payload.note.startsWith('burst-')) return;
      const [{ txid }] = await tx.query<Array<{ txid: string }>>('SELECT txid_current()::text AS txid');
      transactions.add(txid!);
      await tx.query('INSERT INTO applied (note) VALUES ($1)', [payload.note]);
      if (payload.note === 'burst-150' && !poisoned) {
        poisoned = true;
        throw new Error('transient failure');
      }
    });
    await consumer.start();
    await waitFor(async () => {
      const r = await database.pool.query("SELECT count(*)::int AS n FROM applied WHERE note LIKE 'burst-%'");
      return r.rows[0].n >= notes.length;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    const applied = await database.pool.query<{ note: string }>("SELECT note FROM applied WHERE note LIKE 'burst-%' ORDER BY id");
    expect(applied.rows).toHaveLength(notes.length);
    expect(new Set(applied.rows.map((r) => r.note)).size).toBe(notes.length);
    // in order, except the one that failed, which came back on its own after a pause
    expect(applied.rows.map((r) => r.note).filter((n) => n !== 'burst-150')).toEqual(notes.filter((n) => n !== 'burst-150'));
    expect(poisoned).toBe(true);
    expect(transactions.size).toBeLessThan(notes.length / 4);
    await consumer.stop();
  }, 60_000);

  /** Publishes `n` events with notes `<tag>-000`... before any consumer runs, and answers the notes. */
  async function burst(tag: string, n: number): Promise<string[]> {
    const js = jetstream(nc);
    const notes = Array.from({ length: n }, (_, i) => `${tag}-${String(i).padStart(3, '0')}`);
    for (const note of notes) {
      const envelope = { id: randomUUID(), name: thingHappened.name, occurred_at: new Date().toISOString(), payload: { v: 1, note } };
      await js.publish(eventSubject(prefix, thingHappened.name), encode(envelope), { msgID: envelope.id });
    }
    return notes;
  }

  /**
   * The most transactions of a consumer applying the notes of `tag` that were open at once: each
   * transaction's span runs from its first handler's start to its last handler's end (a next one
   * of a consumer applying one at a time starts after the commit, so after that end).
   */
  async function mostAtOnce(name: string, tag: string, n: number, opts: Array<{ concurrency?: number }>): Promise<number> {
    const notes = await burst(tag, n);
    const consumer = new EventConsumer(nc, database.db, prefix, name, silent);
    const spans = new Map<string, { start: number; end: number }>();
    const runs = new Map<string, number>();
    for (const [i, o] of opts.entries())
      consumer.on(
        thingHappened,
        async (payload, { tx }) => {
          if (!payload.note.startsWith(`${tag}-`)) return;
          const start = performance.now();
          runs.set(`${i}|${payload.note}`, (runs.get(`${i}|${payload.note}`) ?? 0) + 1);
          const [{ txid }] = await tx.query<Array<{ txid: string }>>('SELECT txid_current()::text AS txid');
          await new Promise((r) => setTimeout(r, 2));
          await tx.query('INSERT INTO applied_once (note) VALUES ($1) ON CONFLICT DO NOTHING', [`${payload.note}-${name}`]);
          const span = spans.get(txid!) ?? { start, end: start };
          span.end = performance.now();
          spans.set(txid!, span);
        },
        o,
      );
    await consumer.start();
    await waitFor(async () => {
      const r = await database.pool.query('SELECT count(*)::int AS n FROM applied_once WHERE note LIKE $1', [`${tag}-%-${name}`]);
      return r.rows[0].n >= notes.length;
    }, 30_000);
    // each event applied once by each handler, whatever the concurrency
    expect(runs.size).toBe(notes.length * opts.length);
    expect([...runs.values()].every((k) => k === 1)).toBe(true);
    await consumer.stop();
    const edges = [...spans.values()].flatMap((sp) => [
      { at: sp.start, d: 1 },
      { at: sp.end, d: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.d - b.d);
    let open = 0;
    let most = 0;
    for (const e of edges) most = Math.max(most, (open += e.d));
    return most;
  }

  it('runs up to `concurrency` transactions of one event at once when its handlers ask, one otherwise; each event applied once', async () => {
    // a second handler of the same event writes the same note: the key keeps one
    await database.pool.query('CREATE TABLE applied_once (note text PRIMARY KEY)');
    expect(await mostAtOnce('consumer-c3', 'conc', 400, [{ concurrency: 3 }])).toBeGreaterThanOrEqual(2);
    expect(await mostAtOnce('consumer-c1', 'seq', 200, [{}])).toBe(1);
    // a handler that needs arrival order holds the event to one, whatever another handler of it asks
    expect(await mostAtOnce('consumer-cmix', 'mixed', 200, [{ concurrency: 3 }, {}])).toBe(1);
  }, 90_000);

  it('runs every handler of one event in the one inbox transaction, in order; one failing retries both', async () => {
    // a service with the users read model and an area of its own that both consume identity's registration
    const consumer = new EventConsumer(nc, database.db, prefix, 'consumer-e', silent);
    let failOnce = true;
    consumer.on(thingHappened, async (payload, { tx }) => {
      await tx.query('INSERT INTO applied (note) VALUES ($1)', [`${payload.note}-first`]);
    });
    consumer.on(thingHappened, async (payload, { tx }) => {
      await tx.query('INSERT INTO applied (note) VALUES ($1)', [`${payload.note}-second`]);
      if (failOnce) {
        failOnce = false;
        throw new Error('transient failure');
      }
    });
    expect(consumer.eventNames).toEqual([thingHappened.name]);
    await consumer.start();
    const envelope = { id: randomUUID(), name: thingHappened.name, occurred_at: new Date().toISOString(), payload: { v: 1, note: 'both' } };
    await jetstream(nc).publish(eventSubject(prefix, thingHappened.name), encode(envelope), { msgID: envelope.id });
    await waitFor(async () => {
      const r = await database.pool.query("SELECT count(*)::int AS n FROM applied WHERE note LIKE 'both-%'");
      return r.rows[0].n >= 2;
    }, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    const applied = await database.pool.query<{ note: string }>("SELECT note FROM applied WHERE note LIKE 'both-%' ORDER BY id");
    // the failed attempt rolled back the first handler's row too: each applied once, first before second
    expect(applied.rows.map((r) => r.note)).toEqual(['both-first', 'both-second']);
    expect(failOnce).toBe(false);
    await consumer.stop();
  }, 30_000);

  it('creates the event stream itself when no consumer has yet', async () => {
    const fresh = `${testEnv().BUS_PREFIX}`;
    const other = await busDatabase();
    try {
      await other.db.transaction((tx) => writeEvent(tx, thingHappened, { v: 1, note: 'first-ever' }));
      const relay = new OutboxRelay(nc, other.db, fresh, silent, { intervalMs: 50 });
      await relay.tick();
      const jsm = await jetstreamManager(nc);
      const info = await jsm.streams.info(streamName(fresh));
      expect(info.state.messages).toBe(1);
      await jsm.streams.delete(streamName(fresh));
    } finally {
      await other.drop();
    }
  });

  it('refuses to write an event whose payload breaks its schema', async () => {
    await expect(database.db.transaction((tx) => writeEvent(tx, thingHappened, { v: 1, note: 5 } as never))).rejects.toThrow();
  });

  it('writes many events in one statement, in order, each with its own request id; one bad payload writes none', async () => {
    const notes = [randomUUID(), randomUUID(), randomUUID()];
    await database.db.transaction((tx) =>
      writeEventsEach(tx, thingHappened, [
        { payload: { v: 1, note: notes[0]! }, requestId: 'req-a' },
        { payload: { v: 1, note: notes[1]! } },
        { payload: { v: 1, note: notes[2]! }, requestId: 'req-c' },
      ]),
    );
    const rows = (await database.db.query(
      `SELECT payload->>'note' AS note, request_id FROM outbox WHERE payload->>'note' = ANY($1::text[]) ORDER BY seq`,
      [notes],
    )) as Array<{ note: string; request_id: string | null }>;
    expect(rows).toEqual([
      { note: notes[0], request_id: 'req-a' },
      { note: notes[1], request_id: null },
      { note: notes[2], request_id: 'req-c' },
    ]);
    const bad = randomUUID();
    await expect(
      database.db.transaction((tx) =>
        writeEventsEach(tx, thingHappened, [{ payload: { v: 1, note: bad } }, { payload: { v: 1, note: 5 } as never }]),
      ),
    ).rejects.toThrow();
    expect(await database.db.query(`SELECT 1 FROM outbox WHERE payload->>'note' = $1`, [bad])).toHaveLength(0);
  });
});
