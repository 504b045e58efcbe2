import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogInternal, catalogRoutes } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(30_000);

/**
 * catalogInternal.enrollMembers: an institution enrolls its members in its own courses, free
 * of charge, once per person, announced like any enrollment.
 */
let h: CatalogHarness;
let acme: TestUser;
let acmeId: string;
beforeAll(async () => {
  h = await CatalogHarness.start();
  acmeId = randomUUID();
  acme = await h.user('institution', 'Acme Admin', acmeId);
});
afterAll(async () => {
  await h.stop();
});

const enrollMembers = (institutionId: string, courseId: string, userIds: string[]) =>
  h.internal(catalogInternal.enrollMembers, { institution_id: institutionId, course_id: courseId, user_ids: userIds });

describe('catalogInternal.enrollMembers', () => {
  it("enrolls members in the institution's own course free of charge, each announced, in request order", async () => {
    const course = await h.course(acme, { price: 49.99 });
    const [a, b] = [await h.user('learner'), await h.user('learner')];
    // a fresh account identity made a moment ago: catalog has not heard of it yet
    const fresh = randomUUID();
    const r = await enrollMembers(acmeId, course.id, [b.id, fresh, a.id]);
    expect(r.enrollments.map((e) => [e.user_id, e.created])).toEqual([
      [b.id, true],
      [fresh, true],
      [a.id, true],
    ]);
    expect(await h.call(catalogRoutes.checkEnrollment, { params: { id: course.id } }, a.caller)).toMatchObject({
      enrolled: true,
      enrollment_id: r.enrollments[2]!.enrollment_id,
    });
    const events = await h.outbox('catalog.enrollment.created', { course_id: course.id });
    expect(events).toHaveLength(3);
    // counted as if they had come one by one
    expect(events.map((e) => e.payload['enrollment_count']).sort()).toEqual([1, 2, 3]);
    expect(events.find((e) => e.payload['user_id'] === fresh)?.payload).toMatchObject({
      v: 1,
      enrollment_id: r.enrollments[1]!.enrollment_id,
      institution_id: acmeId,
      amount_paid: 0,
      payment_id: null,
    });
    expect((await h.call(catalogRoutes.getCourse, { params: { id: course.id } }, a.caller)).enrollment_count).toBe(3);
  });

  it('is idempotent per person: already enrolled (by themselves or before) answers the same enrollment, created false', async () => {
    const course = await h.course(acme);
    const [self, member] = [await h.user('learner'), await h.user('learner')];
    const own = await h.enroll(self, course.id);
    const first = await enrollMembers(acmeId, course.id, [member.id, self.id, member.id]);
    expect(first.enrollments).toEqual([
      { user_id: member.id, enrollment_id: expect.any(String), created: true },
      { user_id: self.id, enrollment_id: own.enrollment_id, created: false },
      { user_id: member.id, enrollment_id: first.enrollments[0]!.enrollment_id, created: false },
    ]);
    const again = await Promise.all([1, 2, 3].map(() => enrollMembers(acmeId, course.id, [member.id, self.id])));
    for (const r of again) expect(r.enrollments.every((e) => !e.created)).toBe(true);
    expect(again[0]!.enrollments[0]!.enrollment_id).toBe(first.enrollments[0]!.enrollment_id);
    expect(await h.outbox('catalog.enrollment.created', { course_id: course.id })).toHaveLength(2);
    expect((await h.call(catalogRoutes.getCourse, { params: { id: course.id } }, self.caller)).enrollment_count).toBe(2);
  });

  it('enrolls a batch once when it is sent several times at once', async () => {
    const course = await h.course(acme);
    const people = [randomUUID(), randomUUID(), randomUUID()];
    const results = await Promise.all([1, 2, 3, 4].map(() => enrollMembers(acmeId, course.id, people)));
    expect(results.flatMap((r) => r.enrollments.filter((e) => e.created))).toHaveLength(3);
    const [{ count }] = await h.ds.query('SELECT count(*)::int AS count FROM enrollments WHERE course_id = $1', [course.id]);
    expect(count).toBe(3);
  });

  it("refuses another institution's course, a course of no institution and an unknown one (404 COURSE_NOT_FOUND), enrolling no one", async () => {
    const otherId = randomUUID();
    const other = await h.user('institution', 'Other Admin', otherId);
    const theirs = await h.course(other);
    const ivan = await h.user('instructor');
    const personal = await h.course(ivan);
    const member = randomUUID();
    for (const courseId of [theirs.id, personal.id, randomUUID()]) {
      await expectAppError(enrollMembers(acmeId, courseId, [member]), 404, 'COURSE_NOT_FOUND');
    }
    const [{ count }] = await h.ds.query('SELECT count(*)::int AS count FROM enrollments WHERE user_id = $1', [member]);
    expect(count).toBe(0);
  });
});
