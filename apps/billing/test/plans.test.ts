import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { billingRoutes, PLAN_FEATURES, type RouteRequest } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

type PlanBody = RouteRequest<typeof billingRoutes.createPricingPlan>['body'];

let h: BillingHarness;
let admin: TestUser;
let instructor: TestUser;
let mentor: TestUser;
let learner: TestUser;

beforeAll(async () => {
  h = await BillingHarness.start();
  [admin, instructor, mentor, learner] = await Promise.all([h.user('admin'), h.user('instructor'), h.user('mentor'), h.user('learner')]);
}, 120_000);
afterAll(async () => {
  await h.stop();
});

const body = (over: Partial<PlanBody> = {}): PlanBody => ({
  name: `Plan ${randomUUID().slice(0, 6)}`,
  user_type: 'instructor',
  price: 19.99,
  billing_cycle: 'monthly',
  description: 'For growing instructors',
  features: [PLAN_FEATURES.instructor[0]!, PLAN_FEATURES.instructor[3]!],
  limits: { max_students: 500, max_faculty: null, max_courses: 3, max_sessions_per_month: null },
  is_featured: false,
  ...over,
});
const create = (over: Partial<PlanBody> = {}, who = admin) => h.call(billingRoutes.createPricingPlan, { body: body(over) }, who.caller);

describe('the admin manages pricing plans', () => {
  it('creates a plan: the price in dollars and exact cents, its features and limits (blank limits are unlimited)', async () => {
    const p = await create({ price: 19.99, limits: { max_courses: 3 } as PlanBody['limits'] });
    expect(p).toMatchObject({
      user_type: 'instructor',
      price: 19.99,
      price_minor: 1999,
      currency: 'USD',
      billing_cycle: 'monthly',
      features: [PLAN_FEATURES.instructor[0], PLAN_FEATURES.instructor[3]],
      limits: { max_students: null, max_faculty: null, max_courses: 3, max_sessions_per_month: null },
      is_featured: false,
      is_active: true,
    });
    const [row] = (await h.ds.query('SELECT price_minor, features FROM pricing_plans WHERE id = $1', [p.id])) as Array<
      Record<string, unknown>
    >;
    expect(row).toEqual({ price_minor: 1999, features: [PLAN_FEATURES.instructor[0], PLAN_FEATURES.instructor[3]] });
  });

  it("refuses a feature that is not the user type's, no feature at all, a negative price and a limit that is not a positive whole number", async () => {
    const wrongFeature = await expectAppError(
      create({ user_type: 'mentor', features: [PLAN_FEATURES.instructor[0]!] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(wrongFeature.errors).toEqual([{ path: 'features.0', message: `"${PLAN_FEATURES.instructor[0]}" is not a mentor feature` }]);
    const none = await expectAppError(create({ features: [] }), 400, 'VALIDATION_FAILED');
    expect(none.errors).toEqual([{ path: 'features', message: 'Please select at least one feature' }]);
    await expectAppError(create({ price: -1 }), 400, 'VALIDATION_FAILED');
    await expectAppError(create({ price: 1.234 }), 400, 'VALIDATION_FAILED');
    await expectAppError(create({ limits: { max_courses: 0 } as PlanBody['limits'] }), 400, 'VALIDATION_FAILED');
    await expectAppError(create({ limits: { max_students: 2.5 } as PlanBody['limits'] }), 400, 'VALIDATION_FAILED');
  });

  it('is for admins only: 403 for anyone else, 401 for nobody', async () => {
    await expectAppError(create({}, instructor), 403, 'FORBIDDEN');
    await expectAppError(h.call(billingRoutes.adminPricingPlans, {}, learner.caller), 403, 'FORBIDDEN');
    await expectAppError(h.call(billingRoutes.pricingPlans, { query: {} }, mentor.caller), 403, 'FORBIDDEN');
    await expectAppError(h.call(billingRoutes.pricingPlans, { query: {} }), 401, 'UNAUTHENTICATED');
  });

  it('lists every plan, active or not, of one user type or all, and grouped by user type', async () => {
    const m = await create({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[1]!], price: 5 });
    const i = await create({ user_type: 'institution', features: [PLAN_FEATURES.institution[0]!], price: 99 });
    const off = await create({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[2]!], price: 7 });
    await h.call(
      billingRoutes.updatePricingPlan,
      {
        params: { id: off.id },
        body: { ...body({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[2]!], price: 7 }), is_active: false },
      },
      admin.caller,
    );
    const mentors = await h.call(billingRoutes.pricingPlans, { query: { user_type: 'mentor' } }, admin.caller);
    expect(mentors.map((p) => p.id)).toEqual(expect.arrayContaining([m.id, off.id]));
    expect(mentors.every((p) => p.user_type === 'mentor')).toBe(true);
    // cheapest first
    expect(mentors.map((p) => p.price_minor)).toEqual([...mentors.map((p) => p.price_minor)].sort((a, b) => a - b));
    const all = await h.call(billingRoutes.pricingPlans, { query: {} }, admin.caller);
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([m.id, i.id, off.id]));
    const grouped = await h.call(billingRoutes.adminPricingPlans, {}, admin.caller);
    expect(Object.keys(grouped).sort()).toEqual(['institution', 'instructor', 'mentor']);
    expect(grouped.institution.map((p) => p.id)).toContain(i.id);
    expect(grouped.mentor.find((p) => p.id === off.id)).toMatchObject({ is_active: false });
    expect(grouped.instructor.every((p) => p.user_type === 'instructor')).toBe(true);
  });

  it('updates a plan (404 for an unknown one)', async () => {
    const p = await create({ price: 10 });
    const after = await h.call(
      billingRoutes.updatePricingPlan,
      { params: { id: p.id }, body: { ...body({ name: 'Pro', price: 12.5, is_featured: true }), is_active: true } },
      admin.caller,
    );
    expect(after).toMatchObject({ id: p.id, name: 'Pro', price: 12.5, price_minor: 1250, is_featured: true, is_active: true });
    expect(new Date(after.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(p.updated_at).getTime());
    await expectAppError(
      h.call(billingRoutes.updatePricingPlan, { params: { id: randomUUID() }, body: { ...body(), is_active: true } }, admin.caller),
      404,
      'PLAN_NOT_FOUND',
    );
  });

  it('deletes a plan nobody subscribed to (404 for an unknown one)', async () => {
    const p = await create();
    expect(await h.call(billingRoutes.deletePricingPlan, { params: { id: p.id } }, admin.caller)).toEqual({ message: 'Plan deleted' });
    expect(await h.ds.query('SELECT 1 FROM pricing_plans WHERE id = $1', [p.id])).toEqual([]);
    await expectAppError(h.call(billingRoutes.deletePricingPlan, { params: { id: p.id } }, admin.caller), 404, 'PLAN_NOT_FOUND');
  });

  it('refuses (409 PLAN_IN_USE) to delete a plan anyone ever subscribed to, or to change its user type; it can be deactivated', async () => {
    const p = await create({ price: 3 });
    const sam = await h.user('instructor');
    await h.fund(sam, 1000);
    await h.call(billingRoutes.subscribe, { body: { plan_id: p.id, payment_method: 'wallet' } }, sam.caller);
    await expectAppError(h.call(billingRoutes.deletePricingPlan, { params: { id: p.id } }, admin.caller), 409, 'PLAN_IN_USE');
    await expectAppError(
      h.call(
        billingRoutes.updatePricingPlan,
        { params: { id: p.id }, body: { ...body({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[0]!] }), is_active: true } },
        admin.caller,
      ),
      409,
      'PLAN_IN_USE',
    );
    const off = await h.call(
      billingRoutes.updatePricingPlan,
      { params: { id: p.id }, body: { ...body({ price: 3 }), is_active: false } },
      admin.caller,
    );
    expect(off.is_active).toBe(false);
    expect(await h.ds.query('SELECT 1 FROM pricing_plans WHERE id = $1', [p.id])).toHaveLength(1);
  });

  it("announces new limits to the plan's subscribers at once (their price stays until the renewal)", async () => {
    const p = await create({ price: 4, limits: { max_courses: 2 } as PlanBody['limits'] });
    const sam = await h.user('instructor');
    await h.fund(sam, 1000);
    const sub = (await h.call(billingRoutes.subscribe, { body: { plan_id: p.id, payment_method: 'wallet' } }, sam.caller)).subscription!;
    await h.call(
      billingRoutes.updatePricingPlan,
      {
        params: { id: p.id },
        body: { ...body({ name: 'Bigger', price: 8, limits: { max_courses: 5 } as PlanBody['limits'] }), is_active: true },
      },
      admin.caller,
    );
    const events = (await h.outbox('billing.subscription.changed')).filter((e) => e.payload['subscription_id'] === sub.id);
    expect(
      events.map((e) => [e.payload['status'], (e.payload['limits'] as { max_courses: number }).max_courses, e.payload['plan_name']]),
    ).toEqual([
      ['active', 2, p.name],
      ['active', 5, 'Bigger'],
    ]);
    const [row] = (await h.ds.query('SELECT price_minor FROM subscriptions WHERE id = $1', [sub.id])) as Array<{ price_minor: number }>;
    expect(row!.price_minor).toBe(400);
  });
});

describe('the plans a subscriber chooses from', () => {
  it("are the active plans of the caller's own user type; a learner has none; an admin previews any (instructor by default)", async () => {
    const mine = await create({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[0]!], price: 9 });
    const hidden = await create({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[0]!], price: 9.5 });
    await h.call(
      billingRoutes.updatePricingPlan,
      {
        params: { id: hidden.id },
        body: { ...body({ user_type: 'mentor', features: [PLAN_FEATURES.mentor[0]!], price: 9.5 }), is_active: false },
      },
      admin.caller,
    );
    const forMentor = await h.call(billingRoutes.subscriptionPlans, { query: { user_type: 'institution' } }, mentor.caller);
    expect(forMentor.map((p) => p.id)).toContain(mine.id);
    expect(forMentor.map((p) => p.id)).not.toContain(hidden.id);
    expect(forMentor.every((p) => p.user_type === 'mentor' && p.is_active)).toBe(true);
    expect(await h.call(billingRoutes.subscriptionPlans, { query: {} }, learner.caller)).toEqual([]);
    const preview = await h.call(billingRoutes.subscriptionPlans, { query: {} }, admin.caller);
    expect(preview.length).toBeGreaterThan(0);
    expect(preview.every((p) => p.user_type === 'instructor')).toBe(true);
    const previewMentor = await h.call(billingRoutes.subscriptionPlans, { query: { user_type: 'mentor' } }, admin.caller);
    expect(previewMentor.map((p) => p.id)).toContain(mine.id);
    await expectAppError(h.call(billingRoutes.subscriptionPlans, { query: {} }), 401, 'UNAUTHENTICATED');
  });
});
