import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { billingInternal, billingRoutes, mentoringInternal, mentoringRoutes, type RouteRequest } from '@lp/contracts';
import { callInternal, expectAppError, startTestService, type TestService } from '@lp/testing';
import { BillingModule } from '../../billing/src/app.module.js';
import { slotAt, startHarness, type Harness, type U } from './support/mentoring-harness.js';

/**
 * Booking and the session lifecycle against real PostgreSQL and NATS, with the real billing
 * service on the same bus: the wallet pays, billing prices the session with mentoring, the
 * database refuses double booking, refunds go back to the wallet.
 */
let h: Harness;
let billing: TestService;
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await startHarness();
  billing = await startTestService(BillingModule.create(h.env), h.env);
}, 120_000);
afterAll(async () => {
  await billing?.stop();
  await h?.stop();
});

/** A mentor open every day 00:00-24:00 UTC at `rate` per hour. */
async function mentor(rate = 40, over: Record<string, unknown> = {}): Promise<U> {
  const m = await h.user('mentor');
  await h.call(
    mentoringRoutes.updateProfile,
    { body: { expertise_areas: ['Python'], hourly_rate: rate, timezone: 'UTC', ...over } as never },
    m,
  );
  await h.call(
    mentoringRoutes.updateAvailability,
    { body: { timezone: 'UTC', slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '24:00' })) } },
    m,
  );
  return m;
}
/** A learner whose wallet holds `dollars`. */
async function learner(dollars = 500): Promise<U> {
  const l = await h.user('learner');
  if (dollars > 0)
    await callInternal(h.client, billingInternal.seedWallet, {
      user_id: l.id,
      currency: 'USD',
      deposit_minor: dollars * 100,
      description: 'Test funds',
    });
  return l;
}
const balance = async (who: U) => (await h.call(billingRoutes.walletBalance, {}, who)).balance_minor;
/** a start on the half-hour grid, `hours` from now */
const at = slotAt;
type Book = RouteRequest<typeof mentoringRoutes.bookSession>['body'];
const book = (who: U, m: U, over: Partial<Book> = {}) =>
  h.call(
    mentoringRoutes.bookSession,
    { body: { mentor_id: m.id, title: 'Code review', scheduled_at: at(48), duration_minutes: 60, ...over } as Book },
    who,
  );

describe('booking', () => {
  it('pays from the wallet at once: confirmed with a meeting link, hours x rate on the server, the mentor credited minus the fee', async () => {
    const [m, l] = [await mentor(45.5), await learner()];
    const before = await balance(l);
    const reply = await book(l, m, { duration_minutes: 90, title: 'Interview prep', description: 'Mock interview' });
    expect(reply).toMatchObject({
      status: 'confirmed',
      checkout_url: null,
      total_amount: { amount_minor: 6825, currency: 'USD' },
      session: {
        title: 'Interview prep',
        status: 'confirmed',
        mentor_id: m.id,
        mentee_id: l.id,
        duration_minutes: 90,
        meeting_link: expect.stringMatching(/^https:\/\/meet\.jit\.si\/learnhub-/),
      },
    });
    expect(before - (await balance(l))).toBe(6825);
    // the platform keeps 15% of a session: 6825 - floor(6825 * 0.15) = 5802
    expect(await balance(m)).toBe(5802);
    const names = (
      (await h.svc.ds.query(`SELECT name FROM outbox WHERE payload->>'session_id' = $1 ORDER BY seq`, [reply.id])) as Array<{
        name: string;
      }>
    ).map((r) => r.name);
    expect(names).toEqual(['mentoring.session.booked', 'mentoring.session.confirmed']);
    expect((await h.call(mentoringRoutes.session, { params: { id: reply.id } }, m)).payment_id).toBe(reply.payment_id);
  });

  it('two learners never hold the same time of one mentor: of 30 racing for 3 times, exactly 3 book, every other one a clear 409, nobody else pays', async () => {
    const m = await mentor(20);
    const learners = await Promise.all(Array.from({ length: 30 }, () => learner(100)));
    const times = [at(30), at(32), at(34)];
    // concurrent inserts under the exclusion constraint may deadlock in PostgreSQL: the booking runs again, never a 500
    const results = await Promise.allSettled(learners.map((l, i) => book(l, m, { scheduled_at: times[i % 3] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'SLOT_TAKEN' });
    expect((await Promise.all(learners.map(balance))).filter((b) => b < 10_000)).toHaveLength(3);
    // an overlapping (not equal) time is refused too, by the database
    await expectAppError(
      book(await learner(), m, { scheduled_at: new Date(Date.parse(times[0]!) + 30 * 60_000).toISOString() }),
      409,
      'SLOT_TAKEN',
    );
    const [held] = (await h.svc.ds.query(
      `SELECT count(*)::int AS n FROM sessions WHERE mentor_id = $1 AND status IN ('scheduled', 'confirmed')`,
      [m.id],
    )) as Array<{ n: number }>;
    expect(held?.n).toBe(3);
  });

  it('a learner cannot be in two sessions at once, even with two mentors', async () => {
    const [a, b, l] = [await mentor(), await mentor(), await learner()];
    const when = at(50);
    await book(l, a, { scheduled_at: when });
    const e = await expectAppError(book(l, b, { scheduled_at: when }), 409, 'SLOT_TAKEN');
    expect(e.detail).toBe('You already have a session at that time');
  });

  it("refuses 'Insufficient balance' (422) and gives the slot back at once", async () => {
    const [m, poor] = [await mentor(100), await learner(10)];
    const when = at(26);
    const e = await expectAppError(book(poor, m, { scheduled_at: when }), 422, 'INSUFFICIENT_BALANCE');
    expect(e.detail).toBe('Insufficient balance');
    const slots = await h.call(
      mentoringRoutes.freeSlots,
      { params: { userId: m.id }, query: { from: when.slice(0, 10), days: 2, duration_minutes: 60 } as never },
      poor,
    );
    expect(slots.slots.map((s) => s.start)).toContain(when);
    const [row] = (await h.svc.ds.query(`SELECT status, cancelled_by, cancel_reason FROM sessions WHERE mentee_id = $1`, [
      poor.id,
    ])) as Array<Record<string, string>>;
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancel_reason: 'Payment could not start: Insufficient balance',
    });
  });

  it('refuses a time outside the schedule, on a day off, too soon, or with a mentor not taking bookings; an unknown mentor is 404', async () => {
    const m = await h.user('mentor');
    await h.call(
      mentoringRoutes.updateProfile,
      { body: { expertise_areas: ['Go'], hourly_rate: 30, timezone: 'Africa/Addis_Ababa' } as never },
      m,
    );
    // Mondays 09:00-12:00 in Addis Ababa (06:00-09:00 UTC)
    await h.call(
      mentoringRoutes.updateAvailability,
      { body: { timezone: 'Africa/Addis_Ababa', slots: [{ weekday: 1, start_time: '09:00', end_time: '12:00' }] } },
      m,
    );
    const l = await learner();
    const nextMonday = (() => {
      const d = new Date(Date.now() + 2 * 86_400_000);
      while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
      return d.toISOString().slice(0, 10);
    })();
    await expectAppError(book(l, m, { scheduled_at: `${nextMonday}T09:30:00Z` }), 422, 'OUTSIDE_AVAILABILITY'); // 12:30 there
    await expectAppError(book(l, m, { scheduled_at: `${nextMonday}T06:15:00Z` }), 422, 'OUTSIDE_AVAILABILITY'); // off the grid
    await expectAppError(book(l, m, { scheduled_at: at(0.4) }), 422, 'TOO_SOON');
    await h.call(mentoringRoutes.requestTimeOff, { body: { start_date: nextMonday, end_date: nextMonday, reason: 'Away' } as never }, m);
    await expectAppError(book(l, m, { scheduled_at: `${nextMonday}T06:00:00Z` }), 422, 'OUTSIDE_AVAILABILITY');
    const free = await h.call(
      mentoringRoutes.freeSlots,
      { params: { userId: m.id }, query: { from: nextMonday, days: 1, duration_minutes: 60 } as never },
      l,
    );
    expect(free).toMatchObject({ timezone: 'Africa/Addis_Ababa', slots: [] });
    await h.call(
      mentoringRoutes.updateProfile,
      { body: { expertise_areas: ['Go'], hourly_rate: 30, timezone: 'Africa/Addis_Ababa', is_accepting_bookings: false } as never },
      m,
    );
    await expectAppError(book(l, m), 422, 'NOT_ACCEPTING_BOOKINGS');
    await expectAppError(book(l, { ...l, id: '00000000-0000-4000-8000-000000000001' }), 404, 'MENTOR_NOT_FOUND');
    const bad = await expectAppError(book(l, m, { duration_minutes: 45 as never, title: '' }), 400, 'VALIDATION_FAILED');
    expect(bad.errors.map((x) => x.path).sort()).toEqual(['duration_minutes', 'title']);
    await expectAppError(book(m, m), 403, 'FORBIDDEN');
  });

  it('offers free times in steps of 30 minutes, without the booked ones', async () => {
    const [m, l] = [await mentor(), await learner()];
    const when = at(60);
    const day = when.slice(0, 10);
    const before = await h.call(
      mentoringRoutes.freeSlots,
      { params: { userId: m.id }, query: { from: day, days: 1, duration_minutes: 60 } as never },
      l,
    );
    expect(before.slots.map((s) => s.start)).toContain(when);
    await book(l, m, { scheduled_at: when });
    const after = await h.call(
      mentoringRoutes.freeSlots,
      { params: { userId: m.id }, query: { from: day, days: 1, duration_minutes: 60 } as never },
      l,
    );
    const starts = after.slots.map((s) => Date.parse(s.start));
    expect(starts.some((s) => Math.abs(s - Date.parse(when)) < HOUR)).toBe(false);
    expect(starts.every((s) => s % 1_800_000 === 0)).toBe(true);
  });

  it('billing prices a session only for the learner who booked it, never from the browser', async () => {
    const [m, l, other] = [await mentor(10), await learner(), await learner()];
    const s = await book(l, m);
    await expectAppError(
      callInternal(h.client, mentoringInternal.sessionPricing, { session_id: s.id, user_id: other.id }),
      404,
      'SESSION_NOT_FOUND',
    );
    // paying again for a session already paid is refused by billing
    await expectAppError(
      h.call(billingRoutes.initiatePayment, { body: { item_type: 'session', item_id: s.id, payment_method: 'wallet', amount: 0.01 } }, l),
      422,
      'ITEM_NOT_FOR_SALE',
    );
  });
});

describe('lifecycle', () => {
  it('cancelling: the learner 24 hours ahead gets everything back, later nothing; the mentor always gives everything back', async () => {
    const m = await mentor(50);
    const [early, late, byMentor] = [await learner(), await learner(), await learner()];
    const a = await book(early, m, { scheduled_at: at(30) });
    const b = await book(late, m, { scheduled_at: at(5) });
    const c = await book(byMentor, m, { scheduled_at: at(3) });
    expect(await h.call(mentoringRoutes.cancelSession, { params: { id: a.id }, body: {} }, early)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'mentee',
      refunded_minor: 5000,
    });
    expect(await balance(early)).toBe(50_000);
    expect(
      await h.call(mentoringRoutes.cancelSession, { params: { id: b.id }, body: { reason: 'Something came up' } }, late),
    ).toMatchObject({ status: 'cancelled', refunded_minor: 0, cancel_reason: 'Something came up' });
    expect(await balance(late)).toBe(45_000);
    expect(await h.call(mentoringRoutes.cancelSession, { params: { id: c.id }, body: {} }, m)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'mentor',
      refunded_minor: 5000,
    });
    expect(await balance(byMentor)).toBe(50_000);
    await expectAppError(
      h.call(mentoringRoutes.cancelSession, { params: { id: c.id }, body: {} }, byMentor),
      422,
      'SESSION_NOT_CANCELLABLE',
    );
    await expectAppError(h.call(mentoringRoutes.cancelSession, { params: { id: a.id }, body: {} }, late), 404, 'SESSION_NOT_FOUND');
    // the freed time can be booked again
    expect((await book(await learner(), m, { scheduled_at: at(30) })).status).toBe('confirmed');
  });

  it("the job releases unpaid holds past their time and completes ended sessions; a completed session is rated once and the mentor's rating follows", async () => {
    const [m, l] = [await mentor(30), await learner()];
    const s = await book(l, m, { scheduled_at: at(10) });
    const unpaid = await book(await learner(), m, { scheduled_at: at(12), payment_method: 'telebirr' });
    expect(unpaid).toMatchObject({ status: 'scheduled', checkout_url: expect.stringContaining('checkout') });
    await h.svc.ds.query(`UPDATE sessions SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [unpaid.id]);
    // as if the session had taken place yesterday
    await h.svc.ds.query(
      `UPDATE sessions SET starts_at = now() - interval '1 day', ends_at = now() - interval '1 day' + interval '60 minutes' WHERE id = $1`,
      [s.id],
    );
    await expectAppError(
      h.call(mentoringRoutes.rateSession, { params: { id: s.id }, body: { rating: 5 } as never }, l),
      422,
      'SESSION_NOT_RATABLE',
    );
    const done = await callInternal(h.client, mentoringInternal.maintainSessions, {});
    expect(done.expired).toBeGreaterThanOrEqual(1);
    expect(done.completed).toBeGreaterThanOrEqual(1);
    expect((await h.call(mentoringRoutes.session, { params: { id: unpaid.id } }, m)).status).toBe('cancelled');
    expect(await h.call(mentoringRoutes.rateSession, { params: { id: s.id }, body: { rating: 4, review: 'Helpful' } }, l)).toMatchObject({
      status: 'completed',
      rating: 4,
      review: 'Helpful',
    });
    await expectAppError(
      h.call(mentoringRoutes.rateSession, { params: { id: s.id }, body: { rating: 5 } as never }, l),
      422,
      'SESSION_NOT_RATABLE',
    );
    expect(await h.call(mentoringRoutes.mentorProfile, { params: { userId: m.id } }, l)).toMatchObject({
      rating: 4,
      rating_count: 1,
      total_sessions: 1,
    });
    const bad = await expectAppError(
      h.call(mentoringRoutes.rateSession, { params: { id: s.id }, body: { rating: 6 } as never }, l),
      400,
      'VALIDATION_FAILED',
    );
    expect(bad.errors[0]?.message).toBe('Rating must be 1 to 5');
  });

  it('the mentor marks a started session as a no-show, not one still to come', async () => {
    const [m, l] = [await mentor(), await learner()];
    const s = await book(l, m, { scheduled_at: at(8) });
    await expectAppError(h.call(mentoringRoutes.markNoShow, { params: { id: s.id } }, m), 422, 'NOT_YET_STARTED');
    await h.svc.ds.query(
      `UPDATE sessions SET starts_at = now() - interval '10 minutes', ends_at = now() + interval '50 minutes' WHERE id = $1`,
      [s.id],
    );
    await expectAppError(h.call(mentoringRoutes.markNoShow, { params: { id: s.id } }, l), 403, 'FORBIDDEN');
    expect(await h.call(mentoringRoutes.markNoShow, { params: { id: s.id } }, m)).toMatchObject({ status: 'no_show' });
  });

  it("lists a person's sessions, as learner or mentor, upcoming first, with the status filter", async () => {
    const [m, l] = [await mentor(), await learner()];
    const first = await book(l, m, { scheduled_at: at(70), title: 'Later' });
    const second = await book(l, m, { scheduled_at: at(20), title: 'Sooner' });
    await h.call(mentoringRoutes.cancelSession, { params: { id: first.id }, body: {} }, l);
    const mine = await h.call(mentoringRoutes.mySessions, { query: {} as never }, l);
    expect(mine.sessions.map((s) => s.title)).toEqual(['Sooner', 'Later']);
    expect((await h.call(mentoringRoutes.mySessions, { query: { status: 'upcoming' } as never }, m)).sessions.map((s) => s.id)).toEqual([
      second.id,
    ]);
    expect((await h.call(mentoringRoutes.mySessions, { query: { status: 'cancelled' } as never }, l)).total).toBe(1);
    await expectAppError(h.call(mentoringRoutes.session, { params: { id: second.id } }, await learner()), 404, 'SESSION_NOT_FOUND');
  });
});
