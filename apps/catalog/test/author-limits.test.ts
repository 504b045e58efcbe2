import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { billingEvents, catalogInternal, catalogRoutes, type EventPayload } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(30_000);

type Change = EventPayload<typeof billingEvents.subscriptionChanged>;

let h: CatalogHarness;
beforeAll(async () => {
  h = await CatalogHarness.start();
});
afterAll(async () => {
  await h.stop();
});

const NO_LIMITS = { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null };

/** billing.subscription.changed for the author, applied by catalog. */
const changed = (who: TestUser, over: Partial<Change> & { max_courses?: number | null } = {}) => {
  const { max_courses = null, ...rest } = over;
  return h.applied(billingEvents.subscriptionChanged, {
    v: 1,
    subscription_id: randomUUID(),
    user_id: who.id,
    user_type: 'instructor',
    plan_id: randomUUID(),
    plan_name: 'Starter',
    status: 'active',
    limits: { ...NO_LIMITS, max_courses },
    current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    changed_at: new Date().toISOString(),
    ...rest,
  });
};
const create = (who: TestUser, title = `Course ${randomUUID().slice(0, 6)}`) =>
  h.call(catalogRoutes.createCourse, { body: { title, description: 'A course', price: 0 } }, who.caller);

describe("an author's plan limits their courses (billing.subscription.changed)", () => {
  it('refuses a course beyond max_courses with 422 COURSE_LIMIT_REACHED; drafts count', async () => {
    const ivan = await h.user('instructor');
    await changed(ivan, { max_courses: 3 });
    await h.course(ivan, { is_published: false });
    await h.course(ivan);
    await create(ivan);
    const e = await expectAppError(create(ivan), 422, 'COURSE_LIMIT_REACHED');
    expect(e.detail).toBe('Your plan allows 3 courses. Upgrade your plan to create more.');
    expect((await h.call(catalogRoutes.instructorCourses, {}, ivan.caller)).length).toBe(3);
    expect(await h.outbox('catalog.course.created', { instructor_id: ivan.id })).toHaveLength(3);
  });

  it('no subscription, a plan without the limit, or a subscription that ended: no limit', async () => {
    const free = await h.user('instructor');
    for (let i = 0; i < 4; i++) await create(free);
    const unlimited = await h.user('instructor');
    await changed(unlimited, { max_courses: null });
    for (let i = 0; i < 4; i++) await create(unlimited);
    const lapsed = await h.user('instructor');
    await changed(lapsed, { max_courses: 1, changed_at: new Date(Date.now() - 60_000).toISOString() });
    await create(lapsed);
    await expectAppError(create(lapsed), 422, 'COURSE_LIMIT_REACHED');
    await changed(lapsed, { status: 'expired', max_courses: null });
    await create(lapsed);
    expect(await h.ds.query('SELECT max_courses, subscription_status FROM author_limits WHERE user_id = $1', [lapsed.id])).toEqual([
      { max_courses: null, subscription_status: 'expired' },
    ]);
  });

  it('an upgrade lifts the limit; an older event arriving late changes nothing', async () => {
    const ivan = await h.user('instructor');
    const t = Date.now();
    await changed(ivan, { max_courses: 1, changed_at: new Date(t).toISOString() });
    await create(ivan);
    await expectAppError(create(ivan), 422, 'COURSE_LIMIT_REACHED');
    await changed(ivan, { max_courses: 5, plan_name: 'Pro', changed_at: new Date(t + 1000).toISOString() });
    await create(ivan);
    // the starter plan's event again, late: the newer one stays
    await changed(ivan, { max_courses: 1, changed_at: new Date(t + 500).toISOString() });
    await create(ivan);
    expect(await h.ds.query('SELECT max_courses FROM author_limits WHERE user_id = $1', [ivan.id])).toEqual([{ max_courses: 5 }]);
  });

  it("other authors' limits are theirs alone, and a malformed user id is dropped", async () => {
    const [ivan, olga] = [await h.user('instructor'), await h.user('instructor')];
    await changed(ivan, { max_courses: 1 });
    await create(ivan);
    await create(olga);
    await create(olga);
    await h.applied(billingEvents.subscriptionChanged, {
      v: 1,
      subscription_id: randomUUID(),
      user_id: 'not-a-uuid',
      user_type: 'instructor',
      plan_id: randomUUID(),
      plan_name: 'Starter',
      status: 'active',
      limits: { ...NO_LIMITS, max_courses: 1 },
      current_period_end: new Date().toISOString(),
      changed_at: new Date().toISOString(),
    });
    expect(await h.ds.query(`SELECT 1 FROM author_limits WHERE user_id::text = 'not-a-uuid'`)).toEqual([]);
  });

  it('many creations at once cannot pass the limit together', async () => {
    const ivan = await h.user('instructor');
    await changed(ivan, { max_courses: 2 });
    await create(ivan);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => create(ivan)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(5).fill('COURSE_LIMIT_REACHED'),
    );
    expect((await h.call(catalogRoutes.instructorCourses, {}, ivan.caller)).length).toBe(2);
  });
});

describe("billing's usage figures (catalog.owner.usage)", () => {
  it("counts the author's courses (drafts too) and the distinct learners enrolled in any of them", async () => {
    const [ivan, olga, lena, petr] = [
      await h.user('instructor'),
      await h.user('instructor'),
      await h.user('learner'),
      await h.user('learner'),
    ];
    const a = await h.course(ivan);
    const b = await h.course(ivan);
    await h.course(ivan, { is_published: false });
    const other = await h.course(olga);
    await h.enroll(lena, a.id);
    await h.enroll(lena, b.id);
    await h.enroll(petr, b.id);
    await h.enroll(petr, other.id);
    expect(await h.internal(catalogInternal.ownerUsage, { user_id: ivan.id })).toEqual({ courses: 3, students: 2 });
    expect(await h.internal(catalogInternal.ownerUsage, { user_id: lena.id })).toEqual({ courses: 0, students: 0 });
  });
});
