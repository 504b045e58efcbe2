import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingEvents, identityInternal, identityRoutes, mentoringEvents, type Caller, type RouteOutput } from '@lp/contracts';
import { connectBus, encode, eventSubject } from '@lp/bus';
import { IdentityHarness, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(60_000);

type Analytics = RouteOutput<typeof identityRoutes.adminAnalytics>;

let h: IdentityHarness;
let admin: Caller;
let nc: NatsConnection;
let js: JetStreamClient;

beforeAll(async () => {
  h = await IdentityHarness.start();
  const email = uniqueEmail();
  await h.internal(identityInternal.ensureUser, { email, name: 'Revenue Admin', password: 'admin-pass-1', role: 'admin' });
  admin = h.callerOf(await h.login(email, 'admin-pass-1'));
  nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'billing-stand-in' });
  js = jetstream(nc);
});
afterAll(async () => {
  await nc?.close();
  await h.stop();
});

const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);

/** An event as billing's outbox relay sends it: an envelope with its own id (a redelivery repeats the id). */
function envelope(name: string, payload: Record<string, unknown>) {
  return { id: randomUUID(), name, occurred_at: new Date().toISOString(), payload };
}
/** Published without a JetStream message id, so the stream keeps a repeat and only identity's inbox can tell. */
async function publish(...events: Array<ReturnType<typeof envelope>>): Promise<void> {
  for (const e of events) await js.publish(eventSubject(h.env.BUS_PREFIX!, e.name), encode(e));
}

function completed(o: {
  item_type: 'course' | 'session' | 'subscription';
  amount_minor: number;
  currency?: string;
  completed_at?: string;
}) {
  const payload = {
    v: 1,
    payment_id: randomUUID(),
    user_id: randomUUID(),
    item_type: o.item_type,
    item_id: randomUUID(),
    amount: o.amount_minor / 100,
    amount_minor: o.amount_minor,
    currency: o.currency ?? 'USD',
    payment_method: 'wallet',
    completed_at: o.completed_at ?? now.toISOString(),
  };
  return envelope(billingEvents.paymentCompleted.name, payload);
}

function refunded(of: ReturnType<typeof completed>, refundedAt = now.toISOString()) {
  const { completed_at: _c, ...payment } = of.payload as Record<string, unknown>;
  return envelope(billingEvents.paymentRefunded.name, {
    ...payment,
    refund_id: randomUUID(),
    reason: 'Session cancelled',
    refunded_at: refundedAt,
  });
}

const analytics = (): Promise<Analytics> => h.call(identityRoutes.adminAnalytics, {}, admin);

/** Asks until the figures are `expected` (the events travel through JetStream). */
async function revenueBecomes(expected: Analytics['revenue_stats']): Promise<Analytics['revenue_stats']> {
  const until = Date.now() + 15_000;
  let last = (await analytics()).revenue_stats;
  while (Date.now() < until && JSON.stringify(last) !== JSON.stringify(expected)) {
    await new Promise((r) => setTimeout(r, 100));
    last = (await analytics()).revenue_stats;
  }
  return last;
}

const stored = async (metric: string, period: string): Promise<number | null> => {
  const [row] = await h.svc.ds.query('SELECT value FROM platform_stats WHERE metric = $1 AND period = $2', [metric, period]);
  return row ? Number(row.value) : null;
};

describe("admin revenue figures from billing's payment events", () => {
  const course = completed({ item_type: 'course', amount_minor: 4999 });
  const sessionA = completed({ item_type: 'session', amount_minor: 3000 });
  const sessionB = completed({ item_type: 'session', amount_minor: 2000 });
  const subscription = completed({ item_type: 'subscription', amount_minor: 999 });
  // paid in another month: counts in the total, not in this month's figure
  const lastYear = completed({
    item_type: 'course',
    amount_minor: 1001,
    completed_at: `${Number(thisMonth.slice(0, 4)) - 1}-06-15T10:00:00.000Z`,
  });
  // another currency is kept apart, never added to the dollars
  const inBirr = completed({ item_type: 'course', amount_minor: 150_000, currency: 'ETB' });

  it('starts at 0 (no paid session: the average is 0, not a division by zero)', async () => {
    expect((await analytics()).revenue_stats).toEqual({ total_revenue: 0, monthly_revenue: 0, avg_session_value: 0 });
  });

  it('adds every completed USD payment to the total and to its month; sessions make the average session value', async () => {
    await publish(course, sessionA, sessionB, subscription, lastYear, inBirr);
    // 49.99 + 30 + 20 + 9.99 (+ 10.01 last year); sessions (30 + 20) / 2
    expect(await revenueBecomes({ total_revenue: 119.99, monthly_revenue: 109.98, avg_session_value: 25 })).toEqual({
      total_revenue: 119.99,
      monthly_revenue: 109.98,
      avg_session_value: 25,
    });
    // kept exact in cents; birr under its own names
    expect(await stored('revenue', 'all')).toBe(11_999);
    expect(await stored('paid_sessions', thisMonth)).toBe(2);
    expect(await stored('revenue:ETB', 'all')).toBe(150_000);
    expect(await stored('revenue', `${Number(thisMonth.slice(0, 4)) - 1}-06`)).toBe(1001);
  });

  it('changes nothing when billing delivers the same events again', async () => {
    await publish(course, sessionA, sessionB, subscription, lastYear, inBirr);
    // a new payment after the repeats: once it counts, the repeats (delivered before it) were seen
    const marker = completed({ item_type: 'course', amount_minor: 100 });
    await publish(marker);
    expect(await revenueBecomes({ total_revenue: 120.99, monthly_revenue: 110.98, avg_session_value: 25 })).toEqual({
      total_revenue: 120.99,
      monthly_revenue: 110.98,
      avg_session_value: 25,
    });
    expect(await stored('paid_sessions', 'all')).toBe(2);
    expect(await stored('revenue:ETB', 'all')).toBe(150_000);
  });

  it("subtracts a refund from the total and from the refund's month, the session from the average; a repeated refund once", async () => {
    const refund = refunded(sessionB);
    await publish(refund);
    // 120.99 - 20; the one paid session left is worth 30
    expect(await revenueBecomes({ total_revenue: 100.99, monthly_revenue: 90.98, avg_session_value: 30 })).toEqual({
      total_revenue: 100.99,
      monthly_revenue: 90.98,
      avg_session_value: 30,
    });
    await publish(refund, refunded(lastYear));
    // last year's payment refunded now: off the total and off this month (the refund's), last June stays as it was
    expect(await revenueBecomes({ total_revenue: 90.98, monthly_revenue: 80.97, avg_session_value: 30 })).toEqual({
      total_revenue: 90.98,
      monthly_revenue: 80.97,
      avg_session_value: 30,
    });
    expect(await stored('revenue', `${Number(thisMonth.slice(0, 4)) - 1}-06`)).toBe(1001);
    expect(await stored('paid_sessions', 'all')).toBe(1);
    const [{ count }] = await h.svc.ds.query(`SELECT count(*)::int AS count FROM inbox WHERE event_id = $1`, [refund.id]);
    expect(count).toBe(1);
  });
});

describe("admin total_sessions from mentoring's session events", () => {
  const session = (over: Record<string, unknown> = {}) => ({
    v: 1,
    session_id: randomUUID(),
    mentor_id: randomUUID(),
    mentee_id: randomUUID(),
    title: 'Mentoring',
    scheduled_at: now.toISOString(),
    duration_minutes: 60,
    amount_minor: 3000,
    currency: 'USD',
    ...over,
  });
  const confirmed = () =>
    envelope(mentoringEvents.sessionConfirmed.name, {
      ...session(),
      payment_id: randomUUID(),
      meeting_link: 'https://meet.jit.si/x',
      confirmed_at: now.toISOString(),
    });
  const cancelled = (status: 'cancelled' | 'no_show', refunded: number | null) =>
    envelope(mentoringEvents.sessionCancelled.name, {
      ...session(),
      status,
      cancelled_by: 'mentee',
      reason: 'x',
      refunded_minor: refunded,
      cancelled_at: now.toISOString(),
    });

  async function sessionsBecome(n: number): Promise<number> {
    const until = Date.now() + 15_000;
    let last = (await analytics()).total_sessions;
    while (Date.now() < until && last !== n) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await analytics()).total_sessions;
    }
    return last;
  }

  it('counts confirmed sessions once each, and takes off a paid one cancelled (not an unpaid release, not a no-show)', async () => {
    const before = (await analytics()).total_sessions;
    const one = confirmed();
    await publish(one, confirmed(), confirmed(), one);
    expect(await sessionsBecome(before + 3)).toBe(before + 3);
    await publish(cancelled('cancelled', 3000), cancelled('cancelled', null), cancelled('no_show', 0));
    expect(await sessionsBecome(before + 2)).toBe(before + 2);
  });
});
