import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityInternal, identityRoutes, type Caller } from '@lp/contracts';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';
import { jetstream } from '@nats-io/jetstream';
import { connectBus, encode, eventSubject } from '@lp/bus';

jest.setTimeout(30_000);

let h: IdentityHarness;
let admin: Caller;
beforeAll(async () => {
  h = await IdentityHarness.start();
  const email = uniqueEmail();
  await h.internal(identityInternal.ensureUser, { email, name: 'Root Admin', password: 'admin-pass-1', role: 'admin' });
  admin = h.callerOf(await h.login(email, 'admin-pass-1'));
});
afterAll(async () => {
  await h.stop();
});

describe('ensure-user (seed, bus only)', () => {
  it('creates the account once through registration, then leaves it as it is', async () => {
    const email = uniqueEmail();
    const first = await h.internal(identityInternal.ensureUser, { email, name: 'Demo Mentor', password: 'demo-pass-1', role: 'mentor' });
    expect(first).toEqual({ id: expect.any(String), created: true });
    const again = await h.internal(identityInternal.ensureUser, {
      email: email.toUpperCase(),
      name: 'Other',
      password: 'other-pass-1',
      role: 'learner',
    });
    expect(again).toEqual({ id: first.id, created: false });
    const events = await h.outbox('identity.user.registered', first.id);
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ user_id: first.id, role: 'mentor', name: 'Demo Mentor', email }),
    ]);
    await h.login(email, 'demo-pass-1');
  });

  it('is idempotent under concurrent calls', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      [1, 2, 3].map(() => h.internal(identityInternal.ensureUser, { email, name: 'Race', password: 'race-pass-1', role: 'learner' })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('makes admins that can sign in with the admin role', () => {
    expect(admin.role).toBe('admin');
  });
});

describe('admin users', () => {
  it('creates users of any role including admin; 409 on a taken e-mail', async () => {
    const email = uniqueEmail();
    const { user } = await h.call(
      identityRoutes.adminCreateUser,
      { body: { email, name: 'Second Admin', password: 'admin-pass-2', role: 'admin' } },
      admin,
    );
    expect(user).toMatchObject({ email, name: 'Second Admin', role: 'admin', status: 'active' });
    expect(await h.outbox('identity.user.registered', user.id)).toHaveLength(1);
    await expectAppError(
      h.call(
        identityRoutes.adminCreateUser,
        { body: { email: email.toUpperCase(), name: 'Dup', password: 'admin-pass-2', role: 'learner' } },
        admin,
      ),
      409,
      'EMAIL_TAKEN',
    );
  });

  it('lists with role, search, limit and offset, showing each status', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: Array<{ id: string }> = [];
    for (const role of ['mentor', 'mentor', 'instructor'] as const) {
      made.push(
        (
          await h.call(
            identityRoutes.adminCreateUser,
            { body: { email: `${tag}-${made.length}@example.com`, name: `Person ${tag}`, password: 'pass-word-1', role } },
            admin,
          )
        ).user,
      );
    }
    const all = await h.call(identityRoutes.adminListUsers, { query: { search: tag } }, admin);
    expect(all.total).toBe(3);
    expect(all.users.map((u) => u.id).sort()).toEqual(made.map((u) => u.id).sort());
    const mentors = await h.call(identityRoutes.adminListUsers, { query: { search: tag, role: 'mentor' } }, admin);
    expect(mentors.total).toBe(2);
    expect(mentors.users.every((u) => u.role === 'mentor')).toBe(true);
    const page = await h.call(identityRoutes.adminListUsers, { query: { search: tag, limit: '1', offset: '1' } as never }, admin);
    expect(page.total).toBe(3);
    expect(page.users).toHaveLength(1);
    expect(page.users[0]!.id).toBe(all.users[1]!.id);
    // wildcards in the search are literal
    expect((await h.call(identityRoutes.adminListUsers, { query: { search: '%' } }, admin)).total).toBe(0);

    await h.call(identityRoutes.adminDeleteUser, { params: { id: made[0]!.id } }, admin);
    const after = await h.call(identityRoutes.adminListUsers, { query: { search: tag } }, admin);
    expect(after.total).toBe(3);
    expect(after.users.find((u) => u.id === made[0]!.id)?.status).toBe('pending_deletion');
  });

  it('validates the list query (400)', async () => {
    await expectAppError(h.call(identityRoutes.adminListUsers, { query: { limit: '0' } as never }, admin), 400, 'VALIDATION_FAILED');
  });

  it('deletes: 404 for unknown, 422 ADMIN_NOT_DELETABLE for an admin, else schedules deletion by admin', async () => {
    await expectAppError(h.call(identityRoutes.adminDeleteUser, { params: { id: randomUUID() } }, admin), 404, 'USER_NOT_FOUND');
    await expectAppError(h.call(identityRoutes.adminDeleteUser, { params: { id: 'not-a-uuid' } }, admin), 400, 'VALIDATION_FAILED');
    await expectAppError(h.call(identityRoutes.adminDeleteUser, { params: { id: admin.userId } }, admin), 422, 'ADMIN_NOT_DELETABLE');

    const victim = await h.register();
    await expect(h.call(identityRoutes.adminDeleteUser, { params: { id: victim.userId } }, admin)).resolves.toEqual({
      message: expect.any(String),
    });
    expect(await h.isRevoked(victim.token)).toBe(true);
    const [event] = await h.outbox('identity.user.deletion-scheduled', victim.userId);
    expect(event!.payload).toMatchObject({ v: 1, user_id: victim.userId, by: 'admin' });
    await expectAppError(
      h.call(identityRoutes.login, { body: { email: victim.email, password: victim.password } }),
      401,
      'ACCOUNT_PENDING_DELETION',
    );
  });
});

describe('admin analytics', () => {
  it('counts users by role from identity and reads the course and platform read models', async () => {
    const empty = await h.call(identityRoutes.adminAnalytics, {}, admin);
    expect(empty).toMatchObject({
      total_courses: 0,
      total_sessions: 0,
      revenue_stats: { total_revenue: 0, monthly_revenue: 0, avg_session_value: 0 },
      popular_courses: [],
    });
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM users');
    expect(empty.total_users).toBe(count);
    expect(Object.keys(empty.user_counts).sort()).toEqual(['admin', 'institution', 'instructor', 'learner', 'mentor']);
    expect(Object.values(empty.user_counts).reduce((a, b) => a + b, 0)).toBe(count);

    await h.register({ role: 'institution' });
    const month = new Date().toISOString().slice(0, 7);
    const [c1, c2] = [randomUUID(), randomUUID()];
    await h.svc.ds.query('INSERT INTO course_stats (course_id, title, enrollment_count) VALUES ($1, $2, 7), ($3, $4, 42)', [
      c1,
      'Intro',
      c2,
      'Advanced',
    ]);
    // revenue is kept in USD cents (billing's events fill it: admin-revenue.test.ts)
    await h.svc.ds.query(
      `INSERT INTO platform_stats (metric, period, value) VALUES ('sessions', 'all', 12), ('revenue', 'all', 123450), ('revenue', $1, 9950),
        ('session_revenue', 'all', 10000), ('paid_sessions', 'all', 3)`,
      [month],
    );
    const full = await h.call(identityRoutes.adminAnalytics, {}, admin);
    expect(full.user_counts.institution).toBe(empty.user_counts.institution! + 1);
    expect(full).toMatchObject({
      total_users: empty.total_users + 1,
      total_courses: 2,
      total_sessions: 12,
      revenue_stats: { total_revenue: 1234.5, monthly_revenue: 99.5, avg_session_value: 33.33 },
      popular_courses: [
        { id: c2, title: 'Advanced', enrollment_count: 42 },
        { id: c1, title: 'Intro', enrollment_count: 7 },
      ],
    });
  });
});

describe('admin analytics read model fed by catalog events', () => {
  it('counts courses and keeps the highest enrollment count, whatever order the events arrive in', async () => {
    const nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'catalog-stand-in' });
    const js = jetstream(nc);
    const courseId = randomUUID();
    const publish = (name: string, payload: Record<string, unknown>) =>
      js.publish(eventSubject(h.env.BUS_PREFIX!, name), encode({ id: randomUUID(), name, occurred_at: new Date().toISOString(), payload }));
    const course = {
      v: 1,
      course_id: courseId,
      title: 'Read Model 101',
      instructor_id: randomUUID(),
      institution_id: null,
      price: 0,
      category: 'programming',
      level: 'beginner',
      is_published: true,
    };
    const enrollment = (count: number) => ({
      v: 1,
      enrollment_id: randomUUID(),
      course_id: courseId,
      course_title: 'Read Model 101',
      user_id: randomUUID(),
      instructor_id: course.instructor_id,
      institution_id: null,
      amount_paid: 0,
      payment_id: null,
      enrollment_count: count,
      enrolled_at: new Date().toISOString(),
    });
    const before = await h.call(identityRoutes.adminAnalytics, {}, admin);
    await publish('catalog.course.created', { ...course, created_at: new Date().toISOString() });
    await publish('catalog.enrollment.created', enrollment(3));
    await publish('catalog.enrollment.created', enrollment(2)); // late arrival of an earlier enrollment
    const until = Date.now() + 10_000;
    let after = before;
    while (Date.now() < until) {
      after = await h.call(identityRoutes.adminAnalytics, {}, admin);
      const row = after.popular_courses.find((c) => c.id === courseId);
      if (row && row.enrollment_count === 3 && after.total_courses === before.total_courses + 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(after.total_courses).toBe(before.total_courses + 1);
    expect(after.popular_courses.find((c) => c.id === courseId)).toEqual({ id: courseId, title: 'Read Model 101', enrollment_count: 3 });
    await nc.close();
  });
});
