import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { catalogEvents, institutionRoutes } from '@lp/contracts';
import { connectBus, encode, eventSubject } from '@lp/bus';
import { expectAppError } from '@lp/testing';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * The Overview and Analytics figures from catalog's events, published straight onto the stream
 * as catalog's outbox relay would (a redelivery repeats the envelope's id). A group: the
 * parent P and its subsidiary C; another tenant O. Every figure is worked out by hand below.
 *
 * members  P: admin, s1, s2 (students), f1 (faculty)   C: s2 again, s3 (students), f2 (faculty)
 * courses  A (P), B (C), X (O), and a course of no institution, which is not kept
 * e1  A  s1        10 days ago  $49.99
 * e2  A  s2        40 days ago  free, completed 5 days ago (its completion published first)
 * e3  B  s3       100 days ago  $20, completed 95 days ago
 * e4  A  outsider  60 days ago  $10 (a learner who is no member still enrolled in A)
 * eX  X  (O's)
 */
let h: Harness;
let nc: NatsConnection;
let js: JetStreamClient;
let admin: U;
let otherAdmin: U;
let p: Made;
let c: Made;
let o: Made;
const people: Record<string, U> = {};
const course = { A: randomUUID(), B: randomUUID(), X: randomUUID(), N: randomUUID() };
const enrollment = { e1: randomUUID(), e2: randomUUID(), e3: randomUUID(), e4: randomUUID(), eX: randomUUID() };
const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const dates = { e1: ago(10), e2: ago(40), e2done: ago(5), e3: ago(100), e3done: ago(95), e4: ago(60) };

const envelope = (name: string, payload: Record<string, unknown>) => ({
  id: randomUUID(),
  name,
  occurred_at: new Date().toISOString(),
  payload,
});
const publish = async (e: ReturnType<typeof envelope>) => js.publish(eventSubject(h.env.BUS_PREFIX!, e.name), encode(e));
const courseCreated = (id: string, institutionId: string | null, title: string) =>
  envelope(catalogEvents.courseCreated.name, {
    v: 1,
    course_id: id,
    title,
    instructor_id: admin.id,
    institution_id: institutionId,
    price: 49.99,
    category: 'programming',
    level: 'beginner',
    is_published: true,
    created_at: ago(200),
  });
const enrolled = (id: string, courseId: string, userId: string, institutionId: string, amount: number, at: string, count: number) =>
  envelope(catalogEvents.enrollmentCreated.name, {
    v: 1,
    enrollment_id: id,
    course_id: courseId,
    course_title: 'T',
    user_id: userId,
    instructor_id: admin.id,
    institution_id: institutionId,
    amount_paid: amount,
    payment_id: null,
    enrollment_count: count,
    enrolled_at: at,
  });
const completed = (id: string, courseId: string, userId: string, at: string, institutionId: string | null = null) =>
  envelope(catalogEvents.courseCompleted.name, {
    v: 1,
    user_id: userId,
    course_id: courseId,
    course_title: 'T',
    instructor_id: admin.id,
    enrollment_id: id,
    certificate_id: randomUUID(),
    verification_code: 'ABC',
    completed_at: at,
    institution_id: institutionId,
  });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 15_000;
  let last = await read();
  while (!ok(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}
const count = async (sql: string, params: unknown[] = []) =>
  Number(((await h.system((tx) => tx.query(sql, params))) as { n: string }[])[0]!.n);

beforeAll(async () => {
  h = await startHarness();
  nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'catalog-stand-in' });
  js = jetstream(nc);
  [admin, otherAdmin] = [await h.user('institution', 'Group Admin'), await h.user('institution', 'Other Admin')];
  for (const n of ['s1', 's2', 's3', 'f1', 'f2', 'outsider', 's9'])
    people[n] = await h.user(n.startsWith('f') ? 'instructor' : 'learner', n);
  p = await h.institution(admin, { name: 'Parent Group' });
  c = await h.institution(null, { name: 'Child Campus', parent: p });
  o = await h.institution(otherAdmin, { name: 'Other Tenant' });
  await h.member(p, people.s1!, 'student');
  await h.member(p, people.s2!, 'student');
  await h.member(p, people.f1!, 'faculty');
  await h.member(c, people.s2!, 'student');
  await h.member(c, people.s3!, 'student');
  await h.member(c, people.f2!, 'faculty');
  await h.member(o, people.s9!, 'student');

  await publish(courseCreated(course.A, p.id, 'Algebra'));
  await publish(courseCreated(course.B, c.id, 'Biology'));
  await publish(courseCreated(course.X, o.id, 'Other course'));
  await publish(courseCreated(course.N, null, 'Nobody’s course'));
  // e2's completion before its enrollment, and maybe before its course: each event name has its own consumer
  await publish(completed(enrollment.e2, course.A, people.s2!.id, dates.e2done, p.id));
  const e1 = enrolled(enrollment.e1, course.A, people.s1!.id, p.id, 49.99, dates.e1, 1);
  await publish(e1);
  await publish(e1); // a redelivery
  await publish(enrolled(enrollment.e1, course.A, people.s1!.id, p.id, 49.99, dates.e1, 1)); // the same enrollment again, under a new envelope
  await publish(enrolled(enrollment.e2, course.A, people.s2!.id, p.id, 0, dates.e2, 2));
  await publish(enrolled(enrollment.e3, course.B, people.s3!.id, c.id, 20, dates.e3, 1));
  await publish(completed(enrollment.e3, course.B, people.s3!.id, dates.e3done, c.id));
  await publish(enrolled(enrollment.e4, course.A, people.outsider!.id, p.id, 10, dates.e4, 3));
  await publish(enrolled(enrollment.eX, course.X, people.s9!.id, o.id, 99, ago(1), 1));
  await until(
    () => count(`SELECT count(*) AS n FROM enrollments WHERE completed_at IS NOT NULL OR amount_paid_minor > 0`),
    (n) => n === 5,
  );
  await until(
    () => count(`SELECT count(*) AS n FROM enrollments`),
    (n) => n === 5,
  );
}, 120_000);
afterAll(async () => {
  await nc?.close();
  await h?.stop();
});

describe('the read models', () => {
  it("keeps institutions' courses only, each event applied once, whatever order they come in", async () => {
    const courses = (await h.system((tx) =>
      tx.query(`SELECT id, institution_id, title, enrollment_count FROM courses ORDER BY title`),
    )) as Record<string, unknown>[];
    expect(courses).toEqual([
      { id: course.A, institution_id: p.id, title: 'Algebra', enrollment_count: 3 },
      { id: course.B, institution_id: c.id, title: 'Biology', enrollment_count: 1 },
      { id: course.X, institution_id: o.id, title: 'Other course', enrollment_count: 1 },
    ]);
    const [e2] = (await h.system((tx) =>
      tx.query(`SELECT user_id, institution_id, completed_at, enrolled_at FROM enrollments WHERE id = $1`, [enrollment.e2]),
    )) as Record<string, Date>[];
    expect(e2).toMatchObject({ user_id: people.s2!.id, institution_id: p.id });
    expect(e2!.completed_at!.toISOString()).toBe(dates.e2done);
    expect(e2!.enrolled_at!.toISOString()).toBe(dates.e2);
    expect(await count(`SELECT amount_paid_minor AS n FROM enrollments WHERE id = $1`, [enrollment.e1])).toBe(4999);
  });

  it('an older update never overwrites a newer one', async () => {
    const update = (title: string, at: string) =>
      envelope(catalogEvents.courseUpdated.name, {
        v: 1,
        course_id: course.B,
        title,
        instructor_id: admin.id,
        institution_id: c.id,
        price: 5,
        category: 'programming',
        level: 'beginner',
        is_published: true,
        changed: ['title'],
        updated_at: at,
      });
    await publish(update('Biology II', ago(1)));
    await until(
      () => count(`SELECT count(*) AS n FROM courses WHERE title = 'Biology II'`),
      (n) => n === 1,
    );
    await publish(update('Biology (stale)', ago(2)));
    await publish(update('Biology', ago(0.5)));
    const titles = await until(
      async () =>
        ((await h.system((tx) => tx.query(`SELECT title FROM courses WHERE id = $1`, [course.B]))) as { title: string }[])[0]!.title,
      (t) => t === 'Biology',
    );
    expect(titles).toBe('Biology');
  });
});

describe('GET /institutions/{id}/dashboard', () => {
  it('counts the institution and its whole subtree, each person once', async () => {
    expect(await h.call(institutionRoutes.dashboard, { params: { id: p.id } }, admin)).toEqual({
      total_students: 3, // s1, s2 (in both), s3
      total_faculty: 2,
      total_enrollments: 4,
      completion_rate: 50,
      active_students: 2, // s1 enrolled 10 days ago, s2 completed 5 days ago
      total_courses: 2,
      subsidiary_count: 1,
    });
  });

  it('a subsidiary counts its own subtree only', async () => {
    expect(await h.call(institutionRoutes.dashboard, { params: { id: c.id } }, admin)).toEqual({
      total_students: 2,
      total_faculty: 1,
      total_enrollments: 1,
      completion_rate: 100,
      active_students: 0,
      total_courses: 1,
      subsidiary_count: 0,
    });
  });

  it('a course assigned to a subsidiary counts among its courses; its enrollments stay with the owner', async () => {
    await h.system((tx) => tx.query(`INSERT INTO course_assignments (institution_id, course_id) VALUES ($1, $2)`, [c.id, course.A]));
    try {
      expect(await h.call(institutionRoutes.dashboard, { params: { id: c.id } }, admin)).toMatchObject({
        total_courses: 2,
        total_enrollments: 1,
      });
      expect((await h.call(institutionRoutes.dashboard, { params: { id: p.id } }, admin)).total_courses).toBe(2);
    } finally {
      await h.system((tx) => tx.query(`DELETE FROM course_assignments WHERE institution_id = $1`, [c.id]));
    }
  });

  it("answers 404 for another tenant's institution and shows nothing of it", async () => {
    await expectAppError(h.call(institutionRoutes.dashboard, { params: { id: o.id } }, admin), 404, 'INSTITUTION_NOT_FOUND');
    await expectAppError(
      h.call(institutionRoutes.analytics, { params: { id: p.id }, query: { timeframe: '90days' } }, otherAdmin),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    expect((await h.call(institutionRoutes.dashboard, { params: { id: o.id } }, otherAdmin)).total_enrollments).toBe(1);
  });
});

describe('GET /institutions/{id}/analytics', () => {
  const month = (iso: string) => iso.slice(0, 7);

  it('totals, enrollments, popular courses and the monthly trend of the timeframe with its revenue', async () => {
    const a = await h.call(institutionRoutes.analytics, { params: { id: p.id }, query: { timeframe: '90days' } }, admin);
    expect(a).toMatchObject({
      total_members: 6, // admin, s1, s2, s3, f1, f2
      total_students: 3,
      total_faculty: 2,
      enrollments: { total: 4, completed: 2, in_progress: 2, completion_rate: 50, avg_progress: 50 },
      popular_courses: [
        { course_id: course.A, title: 'Algebra', enrollments: 3 },
        { course_id: course.B, title: 'Biology', enrollments: 1 },
      ],
      // e1 $49.99, e2 free, e4 $10 in the last 90 days; e3 is older
      revenue: { total_minor: 5999, currency: 'USD' },
    });
    const first = new Date(Date.now() - 90 * DAY);
    const months: string[] = [];
    for (
      let d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
      d <= new Date();
      d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
    )
      months.push(month(d.toISOString()));
    expect(a.trend.map((t) => t.month)).toEqual(months);
    const expected = new Map(months.map((m) => [m, { month: m, members_added: 0, enrollments: 0, completions: 0, revenue_minor: 0 }]));
    expected.get(month(new Date().toISOString()))!.members_added = 7; // member rows: P 4, C 3, all added today
    for (const [at, minor] of [
      [dates.e1, 4999],
      [dates.e2, 0],
      [dates.e4, 1000],
    ] as const) {
      const row = expected.get(month(at))!;
      row.enrollments += 1;
      row.revenue_minor += minor;
    }
    expected.get(month(dates.e2done))!.completions += 1;
    expect(a.trend).toEqual([...expected.values()]);
  });

  it('a year reaches the older enrollment and its completion', async () => {
    const a = await h.call(institutionRoutes.analytics, { params: { id: p.id }, query: { timeframe: '1year' } }, admin);
    expect(a.trend.length).toBeGreaterThanOrEqual(12);
    expect(a.revenue.total_minor).toBe(7999);
    expect(a.trend.reduce((s, t) => s + t.enrollments, 0)).toBe(4);
    expect(a.trend.reduce((s, t) => s + t.completions, 0)).toBe(2);
  });
});

describe('a completion that arrives first', () => {
  it('is kept when neither its course nor its enrollment is known yet, and the enrollment then completes it', async () => {
    // last of the file: the other tenant's figures above are already checked
    const [courseZ, enrollmentZ, done] = [randomUUID(), randomUUID(), ago(2)];
    await publish(completed(enrollmentZ, courseZ, people.s9!.id, done, o.id));
    const kept = await until(
      () =>
        h.system((tx) => tx.query(`SELECT institution_id, completed_at FROM enrollments WHERE id = $1`, [enrollmentZ])) as Promise<
          Record<string, unknown>[]
        >,
      (rows) => rows.length === 1,
    );
    expect(kept).toEqual([{ institution_id: o.id, completed_at: new Date(done) }]);
    await publish(courseCreated(courseZ, o.id, 'Late course'));
    await publish(enrolled(enrollmentZ, courseZ, people.s9!.id, o.id, 15, ago(20), 1));
    const row = await until(
      () =>
        h.system((tx) =>
          tx.query(`SELECT enrolled_at, completed_at, amount_paid_minor FROM enrollments WHERE id = $1`, [enrollmentZ]),
        ) as Promise<Record<string, unknown>[]>,
      (rows) => Number(rows[0]?.amount_paid_minor) === 1500,
    );
    expect(row[0]).toMatchObject({ completed_at: new Date(done), amount_paid_minor: 1500 });
  });
});
