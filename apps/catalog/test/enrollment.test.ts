import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { billingEvents, catalogRoutes } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(30_000);

let h: CatalogHarness;
let ivan: TestUser;
beforeAll(async () => {
  h = await CatalogHarness.start();
  ivan = await h.user('instructor', 'Ivan Instructor');
});
afterAll(async () => {
  await h.stop();
});

describe('free courses', () => {
  it('enrolls at once, counts it, and announces catalog.enrollment.created', async () => {
    const c = await h.course(ivan);
    const lena = await h.user('learner');
    expect(await h.call(catalogRoutes.checkEnrollment, { params: { id: c.id } }, lena.caller)).toEqual({
      enrolled: false,
      enrollment_id: null,
      enrolled_at: null,
    });
    const r = await h.enroll(lena, c.id);
    expect(r).toMatchObject({ message: 'Successfully enrolled in free course!', course_id: c.id });
    expect(await h.call(catalogRoutes.checkEnrollment, { params: { id: c.id } }, lena.caller)).toMatchObject({
      enrolled: true,
      enrollment_id: r.enrollment_id,
    });
    expect((await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, lena.caller)).enrollment_count).toBe(1);
    const [event] = await h.outbox('catalog.enrollment.created', { course_id: c.id });
    expect(event?.payload).toMatchObject({
      v: 1,
      user_id: lena.id,
      instructor_id: ivan.id,
      amount_paid: 0,
      payment_id: null,
      enrollment_count: 1,
    });
  });

  it('answers 409 the second time and counts once', async () => {
    const c = await h.course(ivan);
    const lena = await h.user('learner');
    await h.enroll(lena, c.id);
    await expectAppError(h.enroll(lena, c.id), 409, 'ALREADY_ENROLLED');
    expect((await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, lena.caller)).enrollment_count).toBe(1);
  });

  it('lets exactly one of many concurrent enrollments of one user through', async () => {
    const c = await h.course(ivan);
    const lena = await h.user('learner');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => h.enroll(lena, c.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.every((r) => (r.reason as { status: number }).status === 409)).toBe(true);
    expect((await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, lena.caller)).enrollment_count).toBe(1);
    expect(await h.outbox('catalog.enrollment.created', { course_id: c.id })).toHaveLength(1);
  });

  it('keeps enrollment_count true under concurrent enrollments of different users', async () => {
    const c = await h.course(ivan);
    const users = await Promise.all(Array.from({ length: 10 }, () => h.user('learner')));
    await Promise.all(users.map((u) => h.enroll(u, c.id)));
    expect((await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, ivan.caller)).enrollment_count).toBe(10);
  });

  it('refuses a draft (404) and the course of the caller themselves (422)', async () => {
    const draft = await h.course(ivan, { is_published: false });
    const lena = await h.user('learner');
    await expectAppError(h.enroll(lena, draft.id), 404, 'COURSE_NOT_FOUND');
    await expectAppError(h.enroll(ivan, draft.id), 422, 'OWN_COURSE');
    await expectAppError(h.enroll(lena, randomUUID()), 404, 'COURSE_NOT_FOUND');
  });
});

describe('paid courses', () => {
  it('refuses with 402 "Payment required" until billing reports a payment', async () => {
    const c = await h.course(ivan, { price: 49 });
    const lena = await h.user('learner');
    const err = await expectAppError(h.enroll(lena, c.id), 402, 'PAYMENT_REQUIRED');
    expect(err.detail).toMatch(/^Payment required/);
    expect((await h.call(catalogRoutes.checkEnrollment, { params: { id: c.id } }, lena.caller)).enrolled).toBe(false);
  });

  it('enrolls the payer when billing.payment.completed arrives, recording the amount; the enroll call then answers that enrollment', async () => {
    const c = await h.course(ivan, { price: 49 });
    const lena = await h.user('learner');
    const paymentId = await h.paid(lena, c.id, 49);
    const [event] = await h.outbox('catalog.enrollment.created', { course_id: c.id });
    expect(event?.payload).toMatchObject({ user_id: lena.id, amount_paid: 49, payment_id: paymentId, enrollment_count: 1 });
    expect((await h.call(catalogRoutes.checkEnrollment, { params: { id: c.id } }, lena.caller)).enrolled).toBe(true);
    // the browser's call after billing answered "paid", and its retry: the same enrollment, never a second
    const first = await h.enroll(lena, c.id, paymentId);
    const again = await h.enroll(lena, c.id);
    expect(first.message).toBe('Payment successful! You are now enrolled in the course!');
    expect(again).toEqual(first);
    expect(first.enrollment_id).toBe(event?.payload.enrollment_id);
    await expectAppError(h.enroll(lena, c.id, `pay_${randomUUID()}`), 409, 'ALREADY_ENROLLED');
    expect(await h.outbox('catalog.enrollment.created', { course_id: c.id })).toHaveLength(1);
  });

  it('does not let a payment for another course or by another user count', async () => {
    const c = await h.course(ivan, { price: 10 });
    const other = await h.course(ivan, { price: 10 });
    const lena = await h.user('learner');
    const max = await h.user('learner');
    await h.paid(lena, other.id, 10);
    await h.paid(max, c.id, 10);
    await expectAppError(h.enroll(lena, c.id), 402, 'PAYMENT_REQUIRED');
  });

  it('answers 202 at once while the payment it names is on its way, then the enrollment', async () => {
    const c = await h.course(ivan, { price: 15 });
    const lena = await h.user('learner');
    const paymentId = `pay_${randomUUID()}`;
    const pending = await h.call(catalogRoutes.enroll, { params: { id: c.id }, body: { payment_id: paymentId } }, lena.caller);
    expect(pending).toEqual({
      pending: { status: 'queued', progress: 0, retry_after: 1, message: 'Waiting for the payment to be confirmed' },
    });
    await h.paid(lena, c.id, 15, paymentId);
    const r = await h.enroll(lena, c.id, paymentId);
    expect(r).toMatchObject({ course_id: c.id, message: 'Payment successful! You are now enrolled in the course!' });
  });

  it('does not enroll an instructor who paid for their own course, nor anyone for a course that is gone', async () => {
    const c = await h.course(ivan, { price: 12 });
    await h.paid(ivan, c.id, 12);
    const lena = await h.user('learner');
    const gone = randomUUID();
    await h.paid(lena, gone, 12);
    expect(await h.ds.query('SELECT course_id FROM enrollments WHERE course_id = ANY($1::uuid[])', [[c.id, gone]])).toEqual([]);
  });

  it('records a redelivered payment event once and ignores payments for other items', async () => {
    const c = await h.course(ivan, { price: 20 });
    const lena = await h.user('learner');
    const paymentId = `pay_${randomUUID()}`;
    const payload = {
      v: 1 as const,
      payment_id: paymentId,
      user_id: lena.id,
      item_type: 'course' as const,
      item_id: c.id,
      amount: 20,
      amount_minor: 2000,
      currency: 'USD',
      payment_method: 'wallet',
      completed_at: new Date().toISOString(),
    };
    // the same payment reported twice (two event ids), and a payment for a mentoring session
    const ids = [
      await h.publish(billingEvents.paymentCompleted, payload),
      await h.publish(billingEvents.paymentCompleted, payload),
      await h.publish(billingEvents.paymentCompleted, {
        ...payload,
        payment_id: `pay_${randomUUID()}`,
        item_type: 'session',
        item_id: randomUUID(),
      }),
    ];
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM inbox WHERE event_id = ANY($1::uuid[])', [ids])).length === 3);
    expect(await h.ds.query('SELECT payment_id FROM course_payments WHERE user_id = $1', [lena.id])).toEqual([{ payment_id: paymentId }]);
  });
});

describe("the learner's enrolled courses", () => {
  it('lists them newest first with instructor and progress', async () => {
    const lena = await h.user('learner');
    const a = await h.course(ivan, { title: 'First' });
    const b = await h.course(ivan, { title: 'Second' });
    await h.lesson(ivan, b.id);
    await h.enroll(lena, a.id);
    await h.enroll(lena, b.id);
    const list = await h.call(catalogRoutes.learnerEnrolledCourses, {}, lena.caller);
    expect(list.map((x) => [x.title, x.id, x.course_id, x.instructor_name, x.progress, x.progress_percentage])).toEqual([
      ['Second', b.id, b.id, 'Ivan Instructor', 0, 0],
      ['First', a.id, a.id, 'Ivan Instructor', 0, 0],
    ]);
  });
});
