import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstitutionErrorCode, institutionRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Sub-leasing plans against real PostgreSQL: the contract's defaults, major units in and minor
 * units kept, blank features dropped, readonly admins refused a change, and another tenant's
 * plan unknown (404) through the route and invisible to row-level security.
 */
let h: Harness;
let admin: U;
let other: U;
let inst: Made;
let otherInst: Made;

beforeAll(async () => {
  h = await startHarness();
  [admin, other] = [await h.user('institution'), await h.user('institution')];
  inst = await h.institution(admin);
  otherInst = await h.institution(other);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const create = (who: U, on: Made, body: Record<string, unknown>) =>
  h.call(institutionRoutes.createPlan, { params: { id: on.id }, body: body as never }, who);

describe('sub-leasing plans', () => {
  it('creates a plan with the defaults: ETB, month, student, active, not featured; price kept in minor units', async () => {
    const plan = await create(admin, inst, { name: 'Semester pass', price: 1499.99, features: ['Courses', '  ', '', ' Certificates '] });
    expect(plan).toMatchObject({
      name: 'Semester pass',
      description: null,
      price: 1499.99,
      price_minor: 149_999,
      currency: 'ETB',
      billing_period: 'month',
      member_type: 'student',
      features: ['Courses', 'Certificates'],
      is_active: true,
      is_featured: false,
      active_subscriptions: 0,
      cascaded_from: null,
    });
    const [row] = (await h.system((tx) =>
      tx.query(`SELECT price_minor, institution_id FROM subleasing_plans WHERE id = $1`, [plan.id]),
    )) as Array<{ price_minor: number; institution_id: string }>;
    expect(row).toEqual({ price_minor: 149_999, institution_id: inst.id });
    const { plans } = await h.call(institutionRoutes.listPlans, { params: { id: inst.id } }, admin);
    expect(plans.map((p) => p.id)).toContain(plan.id);
  });

  it('replaces a plan on update and deletes it', async () => {
    const plan = await create(admin, inst, { name: 'Faculty', price: 10, currency: 'USD', member_type: 'faculty', features: ['A'] });
    const updated = await h.call(
      institutionRoutes.updatePlan,
      {
        params: { id: inst.id, planId: plan.id },
        body: {
          name: 'Faculty yearly',
          price: 100.5,
          currency: 'EUR',
          billing_period: 'year',
          member_type: 'all',
          features: ['B', ' '],
          is_active: false,
          is_featured: true,
        } as never,
      },
      admin,
    );
    expect(updated).toMatchObject({
      id: plan.id,
      name: 'Faculty yearly',
      price: 100.5,
      price_minor: 10_050,
      currency: 'EUR',
      billing_period: 'year',
      member_type: 'all',
      features: ['B'],
      is_active: false,
      is_featured: true,
    });
    expect(await h.call(institutionRoutes.deletePlan, { params: { id: inst.id, planId: plan.id } }, admin)).toEqual({
      message: 'Plan deleted',
    });
    await expectAppError(
      h.call(institutionRoutes.deletePlan, { params: { id: inst.id, planId: plan.id } }, admin),
      404,
      InstitutionErrorCode.PLAN_NOT_FOUND,
    );
    const { plans } = await h.call(institutionRoutes.listPlans, { params: { id: inst.id } }, admin);
    expect(plans.map((p) => p.id)).not.toContain(plan.id);
  });

  it('refuses a negative price and a missing name', async () => {
    await expect(create(admin, inst, { name: 'Bad', price: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(create(admin, inst, { price: 5 })).rejects.toMatchObject({ status: 400 });
  });

  it("answers another tenant's plan id as unknown, and never lists or changes it", async () => {
    const theirs = await create(other, otherInst, { name: 'Their plan', price: 1 });
    await expectAppError(
      h.call(
        institutionRoutes.updatePlan,
        { params: { id: inst.id, planId: theirs.id }, body: { name: 'Hijacked', price: 0 } as never },
        admin,
      ),
      404,
      InstitutionErrorCode.PLAN_NOT_FOUND,
    );
    await expectAppError(
      h.call(institutionRoutes.deletePlan, { params: { id: inst.id, planId: theirs.id } }, admin),
      404,
      InstitutionErrorCode.PLAN_NOT_FOUND,
    );
    await expectAppError(
      h.call(institutionRoutes.listPlans, { params: { id: otherInst.id } }, admin),
      404,
      InstitutionErrorCode.INSTITUTION_NOT_FOUND,
    );
    await expectAppError(
      h.call(institutionRoutes.deletePlan, { params: { id: otherInst.id, planId: theirs.id } }, admin),
      404,
      InstitutionErrorCode.INSTITUTION_NOT_FOUND,
    );
    const { plans } = await h.call(institutionRoutes.listPlans, { params: { id: inst.id } }, admin);
    expect(plans.map((p) => p.name)).not.toContain('Their plan');
    const [still] = (await h.system((tx) => tx.query(`SELECT name FROM subleasing_plans WHERE id = $1`, [theirs.id]))) as Array<{
      name: string;
    }>;
    expect(still?.name).toBe('Their plan');
  });

  it('lets a readonly admin read plans but not change them', async () => {
    const reader = await h.user('institution');
    await h.member(inst, reader, 'admin', 'readonly');
    await h.call(institutionRoutes.listPlans, { params: { id: inst.id } }, reader);
    await expectAppError(create(reader, inst, { name: 'Nope', price: 1 }), 403, InstitutionErrorCode.READONLY_ACCESS);
  });

  it("lets a parent's admin manage a subsidiary's plans, and keeps them apart", async () => {
    const branch = await h.institution(null, { parent: inst });
    const plan = await create(admin, branch, { name: 'Branch plan', price: 2 });
    const mine = await h.call(institutionRoutes.listPlans, { params: { id: inst.id } }, admin);
    expect(mine.plans.map((p) => p.id)).not.toContain(plan.id);
    await expectAppError(
      h.call(institutionRoutes.deletePlan, { params: { id: inst.id, planId: plan.id } }, admin),
      404,
      InstitutionErrorCode.PLAN_NOT_FOUND,
    );
    expect((await h.call(institutionRoutes.listPlans, { params: { id: branch.id } }, admin)).plans.map((p) => p.id)).toEqual([plan.id]);
  });
});
