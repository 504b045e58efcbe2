import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingEvents, mentoringRoutes } from '@lp/contracts';
import { connectBus, encode, eventSubject } from '@lp/bus';
import { startHarness, type Harness, type U } from './support/mentoring-harness.js';

/**
 * Billing's payment events as mentoring receives them, published straight onto the stream (as
 * billing's outbox relay would, a redelivery repeating the envelope's id): a completed payment
 * confirms its session once however often it arrives; a failed one releases the booking.
 */
let h: Harness;
let nc: NatsConnection;
let js: JetStreamClient;
let mentor: U;
let learner: U;

beforeAll(async () => {
  h = await startHarness();
  nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'billing-stand-in' });
  js = jetstream(nc);
  [mentor, learner] = [await h.user('mentor'), await h.user('learner')];
}, 120_000);
afterAll(async () => {
  await nc?.close();
  await h?.stop();
});

/** A booking waiting for its payment, as POST /sessions/book leaves it before a provider's checkout completes. */
async function scheduled(hoursAhead: number): Promise<string> {
  const [row] = (await h.svc.ds.query(
    `INSERT INTO sessions (mentor_id, mentee_id, title, starts_at, ends_at, duration_minutes, status, amount_minor, currency, hold_expires_at)
     VALUES ($1, $2, 'Paid at a checkout', now() + make_interval(hours => $3), now() + make_interval(hours => $3) + interval '60 minutes', 60, 'scheduled', 4000, 'USD', now() + interval '30 minutes')
     RETURNING id`,
    [mentor.id, learner.id, hoursAhead],
  )) as Array<{ id: string }>;
  return row!.id;
}
const envelope = (name: string, payload: Record<string, unknown>) => ({
  id: randomUUID(),
  name,
  occurred_at: new Date().toISOString(),
  payload,
});
const payment = (sessionId: string, paymentId = randomUUID()) => ({
  v: 1,
  payment_id: paymentId,
  user_id: learner.id,
  item_type: 'session',
  item_id: sessionId,
  amount: 40,
  amount_minor: 4000,
  currency: 'USD',
  payment_method: 'telebirr',
});
const publish = async (e: ReturnType<typeof envelope>) => js.publish(eventSubject(h.env.BUS_PREFIX!, e.name), encode(e));
async function statusBecomes(id: string, status: string): Promise<string> {
  const until = Date.now() + 15_000;
  let last = '';
  while (Date.now() < until) {
    last = (await h.call(mentoringRoutes.session, { params: { id } }, learner)).status;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

describe("billing's payment events", () => {
  it('a completed payment confirms its session with a meeting link, once, however often it arrives', async () => {
    const id = await scheduled(30);
    const paid = envelope(billingEvents.paymentCompleted.name, { ...payment(id), completed_at: new Date().toISOString() });
    await publish(paid);
    await publish(paid);
    expect(await statusBecomes(id, 'confirmed')).toBe('confirmed');
    const s = await h.call(mentoringRoutes.session, { params: { id } }, learner);
    expect(s).toMatchObject({
      payment_id: paid.payload['payment_id'],
      meeting_link: expect.stringContaining(`learnhub-${id}`),
      hold_expires_at: null,
    });
    // a marker published after: once it is applied, the repeats have been too
    const marker = await scheduled(40);
    await publish(envelope(billingEvents.paymentCompleted.name, { ...payment(marker), completed_at: new Date().toISOString() }));
    expect(await statusBecomes(marker, 'confirmed')).toBe('confirmed');
    const [confirmed] = (await h.svc.ds.query(
      `SELECT count(*)::int AS n FROM outbox WHERE name = 'mentoring.session.confirmed' AND payload->>'session_id' = $1`,
      [id],
    )) as Array<{ n: number }>;
    expect(confirmed?.n).toBe(1);
  });

  it('a failed or expired payment releases the booking and frees its time', async () => {
    const id = await scheduled(50);
    await publish(envelope(billingEvents.paymentFailed.name, { ...payment(id), status: 'cancelled', failed_at: new Date().toISOString() }));
    expect(await statusBecomes(id, 'cancelled')).toBe('cancelled');
    expect(await h.call(mentoringRoutes.session, { params: { id } }, learner)).toMatchObject({
      cancelled_by: 'system',
      cancel_reason: 'Payment cancelled',
      refunded_minor: null,
    });
    // the same time can be held again
    await expect(scheduled(50)).resolves.toEqual(expect.any(String));
  });

  it('ignores payments for other kinds of items and for malformed ids', async () => {
    const id = await scheduled(60);
    await publish(
      envelope(billingEvents.paymentCompleted.name, { ...payment(id), item_type: 'course', completed_at: new Date().toISOString() }),
    );
    await publish(envelope(billingEvents.paymentCompleted.name, { ...payment('not-an-id'), completed_at: new Date().toISOString() }));
    const marker = await scheduled(70);
    await publish(envelope(billingEvents.paymentCompleted.name, { ...payment(marker), completed_at: new Date().toISOString() }));
    expect(await statusBecomes(marker, 'confirmed')).toBe('confirmed');
    expect((await h.call(mentoringRoutes.session, { params: { id } }, learner)).status).toBe('scheduled');
  });
});
