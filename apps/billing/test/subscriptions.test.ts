import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { billingInternal, billingRoutes, catalogRoutes, PLAN_FEATURES, type PlanUserType, type RouteRequest } from '@lp/contracts';
import { Clock } from '@lp/service-kit';
import { expectAppError } from '@lp/testing';
import { addCycle } from '../src/modules/subscriptions/billing-cycle.js';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

jest.setTimeout(60_000);

type PlanBody = RouteRequest<typeof billingRoutes.createPricingPlan>['body'];
type Limits = PlanBody['limits'];
const DAY = 86_400_000;

let h: BillingHarness;
let clock: Clock;
let admin: TestUser;

beforeAll(async () => {
  h = await BillingHarness.start();
  clock = h.billing.app.get(Clock);
  admin = await h.user('admin');
}, 120_000);
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await h.stop();
});

const plan = (over: Partial<PlanBody> = {}) => {
  const userType: PlanUserType = over.user_type ?? 'instructor';
  return h.call(
    billingRoutes.createPricingPlan,
    {
      body: {
        name: `Plan ${randomUUID().slice(0, 6)}`,
        user_type: userType,
        price: 10,
        billing_cycle: 'monthly',
        features: [PLAN_FEATURES[userType][0]!],
        limits: { max_students: 100, max_faculty: null, max_courses: 3, max_sessions_per_month: null },
        ...over,
      },
    },
    admin.caller,
  );
};
const subscriber = async (role: 'instructor' | 'mentor' | 'institution' = 'instructor', fundMinor = 0) => {
  const u = await h.user(role);
  if (fundMinor) await h.fund(u, fundMinor);
  return u;
};
const subscribe = (who: TestUser, planId: string, over: Partial<RouteRequest<typeof billingRoutes.subscribe>['body']> = {}) =>
  h.call(billingRoutes.subscribe, { body: { plan_id: planId, payment_method: 'wallet', ...over } }, who.caller);
const current = async (who: TestUser) => (await h.call(billingRoutes.currentSubscription, {}, who.caller)).subscription;
const renew = () => h.internal(billingInternal.renewSubscriptions, {});
/** billing's clock at this instant (the other services keep theirs) */
const clockAt = (at: Date | number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(at));
const row = async (subscriptionId: string) =>
  ((await h.ds.query('SELECT * FROM subscriptions WHERE id = $1', [subscriptionId])) as Array<Record<string, unknown>>)[0]!;
const changes = async (subscriptionId: string) =>
  (await h.outbox('billing.subscription.changed')).map((e) => e.payload).filter((p) => p['subscription_id'] === subscriptionId);
const subscriptionPayments = async (who: TestUser) =>
  (await h.ds.query(`SELECT amount_minor, status FROM transactions WHERE user_id = $1 AND item_type = 'subscription' ORDER BY created_at`, [
    who.id,
  ])) as Array<{ amount_minor: number; status: string }>;
const referenceOf = (url: string | null) => decodeURIComponent(url!.split('/demo-checkout/')[1]!);

describe('subscribing', () => {
  it('from the wallet: charged at once, active for a month from now, its limits announced', async () => {
    const p = await plan({ price: 19.99, limits: { max_courses: 3, max_students: 100 } as Limits });
    const ivan = await subscriber('instructor', 5000);
    expect(await current(ivan)).toBeNull();
    const t0 = new Date('2031-01-31T09:00:00.000Z');
    clockAt(t0);
    const r = await subscribe(ivan, p.id);
    expect(r).toMatchObject({ status: 'completed', checkout_url: null, message: `You are now subscribed to ${p.name}` });
    expect(r.subscription).toMatchObject({
      plan: { id: p.id, name: p.name },
      status: 'active',
      billing_cycle: 'monthly',
      current_period_start: t0.toISOString(),
      // a month after January 31 is the last day of February
      current_period_end: '2031-02-28T09:00:00.000Z',
      cancel_at_period_end: false,
      grace_until: null,
    });
    expect(await h.balance(ivan)).toBe(5000 - 1999);
    expect(await subscriptionPayments(ivan)).toEqual([{ amount_minor: 1999, status: 'completed' }]);
    expect(await current(ivan)).toEqual(r.subscription);
    expect(await changes(r.subscription!.id)).toEqual([
      expect.objectContaining({
        user_id: ivan.id,
        user_type: 'instructor',
        plan_id: p.id,
        plan_name: p.name,
        status: 'active',
        limits: { max_students: 100, max_faculty: null, max_courses: 3, max_sessions_per_month: null },
        current_period_end: '2031-02-28T09:00:00.000Z',
        changed_at: t0.toISOString(),
      }),
    ]);
    // the payment is announced as any payment is, with all of it the platform's
    const paid = (await h.outbox('billing.payment.completed')).map((e) => e.payload).filter((e) => e['user_id'] === ivan.id);
    expect(paid).toEqual([expect.objectContaining({ item_type: 'subscription', item_id: p.id, amount_minor: 1999 })]);
    expect(await h.ds.query('SELECT 1 FROM revenue_shares WHERE payment_id = $1', [r.transaction_id])).toEqual([]);
  });

  it('for a year on a monthly plan: twelve months charged, a year long', async () => {
    const p = await plan({ price: 5 });
    const mia = await subscriber('mentor', 10_000);
    const mentorPlan = await plan({ user_type: 'mentor', price: 5 });
    clockAt(new Date('2031-03-10T00:00:00.000Z'));
    const r = await subscribe(mia, mentorPlan.id, { billing_cycle: 'yearly' });
    expect(r.subscription).toMatchObject({ billing_cycle: 'yearly', current_period_end: '2032-03-10T00:00:00.000Z' });
    expect(await h.balance(mia)).toBe(10_000 - 6000);
    await expectAppError(subscribe(mia, p.id), 422, 'PLAN_NOT_FOR_ROLE');
  });

  it('a free plan starts without a payment', async () => {
    const p = await plan({ price: 0, limits: { max_courses: 1 } as Limits });
    const ivan = await subscriber('instructor');
    const r = await subscribe(ivan, p.id);
    expect(r).toMatchObject({ status: 'completed', transaction_id: r.subscription!.id, subscription: { status: 'active' } });
    expect(await subscriptionPayments(ivan)).toEqual([]);
  });

  it('refuses a learner (403, the guard), an unknown or inactive plan (404), a plan of another user type (422), the plan one is on (409)', async () => {
    const p = await plan({ price: 2 });
    const learner = await h.user('learner');
    await h.fund(learner, 1000);
    await expectAppError(subscribe(learner, p.id), 403, 'FORBIDDEN');
    await expectAppError(h.call(billingRoutes.subscribe, { body: { plan_id: p.id, payment_method: 'wallet' } }), 401, 'UNAUTHENTICATED');
    // nor through the general payment route
    await expectAppError(
      h.call(
        billingRoutes.initiatePayment,
        { body: { payment_method: 'wallet', item_type: 'subscription', item_id: p.id } },
        learner.caller,
      ),
      422,
      'PLAN_NOT_FOR_ROLE',
    );
    const ivan = await subscriber('instructor', 1000);
    await expectAppError(subscribe(ivan, randomUUID()), 404, 'PLAN_NOT_FOUND');
    const institutionPlan = await plan({ user_type: 'institution' });
    await expectAppError(subscribe(ivan, institutionPlan.id), 422, 'PLAN_NOT_FOR_ROLE');
    const off = await plan({ price: 2 });
    await h.call(
      billingRoutes.updatePricingPlan,
      { params: { id: off.id }, body: { name: off.name, user_type: 'instructor', price: 2, features: off.features, is_active: false } },
      admin.caller,
    );
    await expectAppError(subscribe(ivan, off.id), 404, 'PLAN_NOT_FOUND');
    await subscribe(ivan, p.id);
    await expectAppError(subscribe(ivan, p.id), 409, 'ALREADY_SUBSCRIBED');
    expect(await h.balance(ivan)).toBe(1000 - 200);
    expect(await h.balance(learner)).toBe(1000);
  });

  it('refuses 422 Insufficient balance and leaves nothing active', async () => {
    const p = await plan({ price: 30 });
    const ivan = await subscriber('instructor', 100);
    await expectAppError(subscribe(ivan, p.id), 422, 'INSUFFICIENT_BALANCE');
    expect(await current(ivan)).toBeNull();
    expect(await h.ds.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [ivan.id])).toEqual([]);
  });

  it('to another plan replaces the current one (cancelled at once, no refund); one live subscription per user', async () => {
    const [basic, pro] = [await plan({ price: 5 }), await plan({ price: 15, limits: { max_courses: 10 } as Limits })];
    const ivan = await subscriber('instructor', 10_000);
    const first = (await subscribe(ivan, basic.id)).subscription!;
    const second = (await subscribe(ivan, pro.id)).subscription!;
    expect(second).toMatchObject({ plan: { id: pro.id }, status: 'active' });
    expect(second.id).not.toBe(first.id);
    expect(await row(first.id)).toMatchObject({ status: 'cancelled' });
    expect(await current(ivan)).toMatchObject({ id: second.id });
    const live = (await h.ds.query(
      `SELECT count(*) AS n FROM subscriptions WHERE user_id = $1 AND status IN ('pending', 'active', 'past_due')`,
      [ivan.id],
    )) as Array<{ n: number }>;
    expect(live[0]!.n).toBe(1);
    expect(await h.balance(ivan)).toBe(10_000 - 500 - 1500);
    // the database holds the rule whatever the code does
    await expect(
      h.ds.query(
        `INSERT INTO subscriptions (user_id, user_type, plan_id, status, billing_cycle, price_minor, current_period_start, current_period_end)
         VALUES ($1, 'instructor', $2, 'active', 'monthly', 0, now(), now() + interval '1 day')`,
        [ivan.id, basic.id],
      ),
    ).rejects.toThrow(/subscriptions_user_live_key/);
  });

  it("through a provider's checkout: pending (nothing held) until the webhook, which starts it; a cancelled checkout starts nothing", async () => {
    const p = await plan({ price: 12 });
    const ivan = await subscriber('instructor');
    const r = await subscribe(ivan, p.id, { payment_method: 'telebirr' });
    expect(r).toMatchObject({ status: 'pending', subscription: null, checkout_url: expect.stringMatching(/^\/demo-checkout\//) });
    expect(await current(ivan)).toBeNull();
    const page = await h.call(billingRoutes.demoCheckout, { params: { reference: referenceOf(r.checkout_url) } }, ivan.caller);
    expect(page).toMatchObject({ amount_minor: 1200, return_url: `/subscriptions?payment=${r.transaction_id}` });
    await h.call(
      billingRoutes.demoCheckoutAct,
      { params: { reference: referenceOf(r.checkout_url) }, body: { action: 'confirm' } },
      ivan.caller,
    );
    expect(await current(ivan)).toMatchObject({ plan: { id: p.id }, status: 'active' });

    const ola = await subscriber('instructor');
    const abandoned = await subscribe(ola, p.id, { payment_method: 'mpesa' });
    await h.call(
      billingRoutes.demoCheckoutAct,
      { params: { reference: referenceOf(abandoned.checkout_url) }, body: { action: 'cancel' } },
      ola.caller,
    );
    expect(await current(ola)).toBeNull();
    expect(await h.ds.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [ola.id])).toEqual([]);
  });
});

describe('usage', () => {
  it("counts the author's courses (drafts too) and distinct students from catalog, against the plan's limits", async () => {
    const ivan = await subscriber('instructor', 5000);
    const none = await h.call(billingRoutes.subscriptionUsage, {}, ivan.caller);
    expect(none).toEqual({
      plan_id: null,
      current_usage: { courses: 0, students: 0, faculty: 0, sessions_this_month: 0 },
      limits: { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null },
    });
    const published = await h.course(ivan, 0);
    await h.course(ivan, 0, false);
    const [lena, petr] = [await h.user('learner'), await h.user('learner')];
    for (const who of [lena, petr]) await h.call(catalogRoutes.enroll, { params: { id: published } }, who.caller);
    const p = await plan({ price: 1, limits: { max_courses: 5, max_students: 50 } as Limits });
    await subscribe(ivan, p.id);
    expect(await h.call(billingRoutes.subscriptionUsage, {}, ivan.caller)).toEqual({
      plan_id: p.id,
      current_usage: { courses: 2, students: 2, faculty: 0, sessions_this_month: 0 },
      limits: { max_students: 50, max_faculty: null, max_courses: 5, max_sessions_per_month: null },
    });
    // a learner has no courses and no plan
    expect((await h.call(billingRoutes.subscriptionUsage, {}, lena.caller)).current_usage).toEqual({
      courses: 0,
      students: 0,
      faculty: 0,
      sessions_this_month: 0,
    });
  });
});

describe('cancelling', () => {
  it('keeps the subscription active until the period end, then it expires instead of renewing', async () => {
    const p = await plan({ price: 3 });
    const ivan = await subscriber('instructor', 10_000);
    const t0 = new Date('2032-05-01T12:00:00.000Z');
    clockAt(t0);
    const sub = (await subscribe(ivan, p.id)).subscription!;
    const cancelled = (await h.call(billingRoutes.cancelSubscription, {}, ivan.caller)).subscription!;
    expect(cancelled).toMatchObject({
      id: sub.id,
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: '2032-06-01T12:00:00.000Z',
    });
    // twice: the same, announced once
    expect((await h.call(billingRoutes.cancelSubscription, {}, ivan.caller)).subscription).toEqual(cancelled);
    expect((await changes(sub.id)).map((c) => c['status'])).toEqual(['active', 'active']);
    // before the end nothing happens
    clockAt(new Date('2032-06-01T11:59:00.000Z'));
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'active' });
    clockAt(new Date('2032-06-01T12:05:00.000Z'));
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'expired' });
    expect(await current(ivan)).toBeNull();
    expect(await h.balance(ivan)).toBe(10_000 - 300);
    expect((await changes(sub.id)).at(-1)).toMatchObject({
      status: 'expired',
      limits: { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null },
    });
  });

  it('answers 404 without a subscription and 403 for a learner', async () => {
    await expectAppError(h.call(billingRoutes.cancelSubscription, {}, (await subscriber('mentor')).caller), 404, 'SUBSCRIPTION_NOT_FOUND');
    await expectAppError(h.call(billingRoutes.cancelSubscription, {}, (await h.user('learner')).caller), 403, 'FORBIDDEN');
  });

  it('paying again for the plan after cancelling resumes it: the next period follows the current one', async () => {
    const p = await plan({ price: 2 });
    const ivan = await subscriber('instructor', 1000);
    clockAt(new Date('2032-07-01T00:00:00.000Z'));
    const sub = (await subscribe(ivan, p.id)).subscription!;
    await h.call(billingRoutes.cancelSubscription, {}, ivan.caller);
    const again = (await subscribe(ivan, p.id)).subscription!;
    expect(again).toMatchObject({
      id: sub.id,
      cancel_at_period_end: false,
      current_period_start: '2032-07-01T00:00:00.000Z',
      current_period_end: '2032-09-01T00:00:00.000Z',
    });
  });
});

describe('renewal (the worker calls billing.maintenance.renew-subscriptions every 10 minutes)', () => {
  it('renews from the wallet at the period end: the next period follows without a gap, charged once however many runs', async () => {
    const p = await plan({ price: 7.5 });
    const ivan = await subscriber('instructor', 2000);
    const t0 = new Date('2033-01-15T08:00:00.000Z');
    clockAt(t0);
    const sub = (await subscribe(ivan, p.id)).subscription!;
    const end = new Date(sub.current_period_end);
    clockAt(end.getTime() + 60_000);
    const [a, b] = await Promise.all([renew(), renew()]);
    expect(a.processed + b.processed).toBeGreaterThanOrEqual(1);
    await renew();
    const renewed = await current(ivan);
    expect(renewed).toMatchObject({
      id: sub.id,
      status: 'active',
      current_period_start: end.toISOString(),
      current_period_end: addCycle(end, 'monthly').toISOString(),
    });
    expect(await h.balance(ivan)).toBe(2000 - 750 - 750);
    expect(await subscriptionPayments(ivan)).toEqual([
      { amount_minor: 750, status: 'completed' },
      { amount_minor: 750, status: 'completed' },
    ]);
    expect((await changes(sub.id)).map((c) => [c['status'], c['current_period_end']])).toEqual([
      ['active', end.toISOString()],
      ['active', addCycle(end, 'monthly').toISOString()],
    ]);
  });

  it("renews at the plan's new price (subscribers keep theirs only until the renewal), and an inactive plan still renews for those on it", async () => {
    const p = await plan({ price: 4 });
    const ivan = await subscriber('instructor', 2000);
    clockAt(new Date('2033-02-01T00:00:00.000Z'));
    const sub = (await subscribe(ivan, p.id)).subscription!;
    await h.call(
      billingRoutes.updatePricingPlan,
      { params: { id: p.id }, body: { name: p.name, user_type: 'instructor', price: 6, features: p.features, is_active: false } },
      admin.caller,
    );
    clockAt(new Date(sub.current_period_end).getTime() + 60_000);
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'active', price_minor: 600 });
    expect(await h.balance(ivan)).toBe(2000 - 400 - 600);
  });

  it('with too little money: past due for the grace (limits kept), tried again daily, active again once the wallet pays', async () => {
    const p = await plan({ price: 10, limits: { max_courses: 2 } as Limits });
    const ivan = await subscriber('instructor', 1000);
    clockAt(new Date('2033-03-01T00:00:00.000Z'));
    const sub = (await subscribe(ivan, p.id)).subscription!;
    const end = new Date(sub.current_period_end);
    const failedAt = end.getTime() + 60_000;
    clockAt(failedAt);
    await renew();
    const pastDue = await current(ivan);
    expect(pastDue).toMatchObject({ id: sub.id, status: 'past_due', grace_until: new Date(failedAt + 7 * DAY).toISOString() });
    expect(await h.balance(ivan)).toBe(0);
    expect((await changes(sub.id)).at(-1)).toMatchObject({ status: 'past_due', limits: expect.objectContaining({ max_courses: 2 }) });
    expect(await h.call(billingRoutes.subscriptionUsage, {}, ivan.caller)).toMatchObject({ plan_id: p.id, limits: { max_courses: 2 } });
    // money arrives, but the next try is a day later
    await h.fund(ivan, 1000);
    clockAt(failedAt + 10 * 60_000);
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'past_due' });
    clockAt(failedAt + DAY + 60_000);
    await renew();
    expect(await current(ivan)).toMatchObject({
      status: 'active',
      grace_until: null,
      current_period_start: end.toISOString(),
      current_period_end: addCycle(end, 'monthly').toISOString(),
    });
    expect(await h.balance(ivan)).toBe(0);
    expect((await changes(sub.id)).map((c) => c['status'])).toEqual(['active', 'past_due', 'active']);
  });

  it('expires once the grace is over without a payment; its limits are withdrawn', async () => {
    const p = await plan({ price: 10 });
    const ivan = await subscriber('instructor', 1000);
    clockAt(new Date('2033-04-01T00:00:00.000Z'));
    const sub = (await subscribe(ivan, p.id)).subscription!;
    const failedAt = new Date(sub.current_period_end).getTime() + 60_000;
    clockAt(failedAt);
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'past_due' });
    clockAt(failedAt + 7 * DAY - 60_000);
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'past_due' });
    clockAt(failedAt + 7 * DAY + 60_000);
    await renew();
    expect(await row(sub.id)).toMatchObject({ status: 'expired', grace_until: null });
    expect(await current(ivan)).toBeNull();
    expect((await changes(sub.id)).map((c) => [c['status'], (c['limits'] as { max_courses: number | null }).max_courses])).toEqual([
      ['active', 3],
      ['past_due', 3],
      ['expired', null],
    ]);
    // the plan can be bought again afterwards
    await h.fund(ivan, 1000);
    expect((await subscribe(ivan, p.id)).subscription).toMatchObject({ status: 'active' });
  });

  it('a past due subscription cancelled ends at once', async () => {
    const p = await plan({ price: 10 });
    const ivan = await subscriber('instructor', 1000);
    clockAt(new Date('2033-05-01T00:00:00.000Z'));
    const sub = (await subscribe(ivan, p.id)).subscription!;
    clockAt(new Date(sub.current_period_end).getTime() + 60_000);
    await renew();
    expect((await h.call(billingRoutes.cancelSubscription, {}, ivan.caller)).subscription).toMatchObject({ status: 'expired' });
    expect(await current(ivan)).toBeNull();
  });
});

describe("catalog enforces the plan's max_courses", () => {
  it('from billing.subscription.changed: an instructor at the limit cannot create another course', async () => {
    const p = await plan({ price: 1, limits: { max_courses: 1 } as Limits });
    const ivan = await subscriber('instructor', 1000);
    await h.course(ivan, 0, false);
    const sub = (await subscribe(ivan, p.id)).subscription!;
    await h.waitFor(
      async () => (await h.catalog.ds.query('SELECT 1 FROM author_limits WHERE user_id = $1 AND max_courses = 1', [ivan.id])).length === 1,
    );
    const e = await expectAppError(
      h.call(catalogRoutes.createCourse, { body: { title: 'One more', description: 'Over the limit', price: 0 } }, ivan.caller),
      422,
      'COURSE_LIMIT_REACHED',
    );
    expect(e.detail).toBe('Your plan allows 1 course. Upgrade your plan to create more.');
    expect(sub.status).toBe('active');
  });
});
