import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogInternal, catalogRoutes } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(30_000);

/**
 * Course announcements: the course's instructor or an admin posts one (the row and its
 * catalog.course.announced event in one transaction); its learners, its instructor and admins
 * read them; catalog.course.learners pages the learners the engagement service notifies.
 */
let h: CatalogHarness;
let ivan: TestUser;
let other: TestUser;
let admin: TestUser;
let lena: TestUser;
let stranger: TestUser;
let courseId: string;
beforeAll(async () => {
  h = await CatalogHarness.start();
  [ivan, other, admin, lena, stranger] = [
    await h.user('instructor', 'Ivan Instructor'),
    await h.user('instructor'),
    await h.user('admin', 'Ada Admin'),
    await h.user('learner'),
    await h.user('learner'),
  ];
  courseId = (await h.course(ivan, { title: 'Announced Course', is_published: true })).id;
  await h.enroll(lena, courseId);
});
afterAll(async () => {
  await h.stop();
});

const post = (caller: TestUser, id: string, body: { title: string; message: string }) =>
  h.call(catalogRoutes.postAnnouncement, { params: { id }, body }, caller.caller);
const list = (caller: TestUser, id: string, query: { limit?: number; offset?: number } = {}) =>
  h.call(catalogRoutes.courseAnnouncements, { params: { id }, query: { limit: 50, offset: 0, ...query } }, caller.caller);

describe('POST /courses/{id}/announcements', () => {
  it("the course's instructor posts: the row and one catalog.course.announced in the outbox, text trimmed", async () => {
    const r = await post(ivan, courseId, { title: '  Exam moved  ', message: ' The exam is on Friday. ' });
    expect(r).toEqual({
      message: 'Announcement posted',
      announcement: {
        id: expect.any(String),
        course_id: courseId,
        title: 'Exam moved',
        message: 'The exam is on Friday.',
        posted_by: ivan.id,
        posted_by_name: 'Ivan Instructor',
        created_at: expect.any(String),
      },
    });
    const [{ count }] = await h.ds.query('SELECT count(*)::int AS count FROM course_announcements WHERE id = $1', [r.announcement.id]);
    expect(count).toBe(1);
    const events = await h.outbox('catalog.course.announced', { announcement_id: r.announcement.id });
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      v: 1,
      announcement_id: r.announcement.id,
      course_id: courseId,
      course_title: 'Announced Course',
      instructor_id: ivan.id,
      posted_by: ivan.id,
      title: 'Exam moved',
      message: 'The exam is on Friday.',
      posted_at: r.announcement.created_at,
    });
  });

  it('an admin may post to any course; the event names the admin as poster and the course instructor', async () => {
    const r = await post(admin, courseId, { title: 'Maintenance', message: 'Down on Sunday' });
    expect(r.announcement.posted_by_name).toBe('Ada Admin');
    const [event] = await h.outbox('catalog.course.announced', { announcement_id: r.announcement.id });
    expect(event!.payload).toMatchObject({ posted_by: admin.id, instructor_id: ivan.id });
  });

  it('another instructor and a learner are refused 403; an unknown course is 404; nothing is written', async () => {
    const before = (await h.outbox('catalog.course.announced')).length;
    await expectAppError(post(other, courseId, { title: 't', message: 'm' }), 403, 'NOT_COURSE_OWNER');
    // the route's guard refuses a learner before the service's rule
    await expectAppError(post(lena, courseId, { title: 't', message: 'm' }), 403, 'FORBIDDEN');
    await expectAppError(post(ivan, randomUUID(), { title: 't', message: 'm' }), 404, 'COURSE_NOT_FOUND');
    expect(await h.outbox('catalog.course.announced')).toHaveLength(before);
  });

  it('validates the body: blank or too long title and message are 400 with each field named', async () => {
    const err = await expectAppError(post(ivan, courseId, { title: '   ', message: 'x'.repeat(5001) }), 400, 'VALIDATION_FAILED');
    expect(err.detail).toEqual(expect.any(String));
    expect(err.errors.map((e) => e.path).sort()).toEqual(['message', 'title']);
    const long = await expectAppError(post(ivan, courseId, { title: 'x'.repeat(201), message: 'ok' }), 400, 'VALIDATION_FAILED');
    expect(long.errors).toEqual([{ path: 'title', message: 'Title is too long' }]);
  });
});

describe('GET /courses/{id}/announcements', () => {
  it('answers newest first to an enrolled learner, the instructor and an admin, with the total and paging', async () => {
    const course = (await h.course(ivan, { is_published: true })).id;
    await h.enroll(lena, course);
    for (const t of ['first', 'second', 'third']) await post(ivan, course, { title: t, message: `${t} message` });
    for (const who of [lena, ivan, admin]) {
      const r = await list(who, course);
      expect(r.total).toBe(3);
      expect(r.announcements.map((a) => a.title)).toEqual(['third', 'second', 'first']);
    }
    const page = await list(lena, course, { limit: 1, offset: 1 });
    expect(page).toEqual({ total: 3, announcements: [expect.objectContaining({ title: 'second', course_id: course })] });
  });

  it('refuses a learner who is not enrolled and another instructor (403); an unknown course is 404', async () => {
    await expectAppError(list(stranger, courseId), 403, 'NOT_ENROLLED');
    await expectAppError(list(other, courseId), 403, 'NOT_ENROLLED');
    await expectAppError(list(lena, randomUUID()), 404, 'COURSE_NOT_FOUND');
  });
});

describe('catalogInternal.courseLearners', () => {
  it("pages a course's enrolled learners by user id, each once, until next is null", async () => {
    const course = (await h.course(ivan, { is_published: true })).id;
    const ids = Array.from({ length: 23 }, () => randomUUID());
    await h.ds.query('INSERT INTO enrollments (course_id, user_id) SELECT $1, unnest($2::uuid[])', [course, ids]);
    // a learner of another course is not one of these
    await h.enroll(stranger, courseId);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r: { user_ids: string[]; next: string | null } = await h.internal(catalogInternal.courseLearners, {
        course_id: course,
        after,
        limit: 10,
      });
      expect(r.user_ids.length).toBeLessThanOrEqual(10);
      seen.push(...r.user_ids);
      after = r.next;
      pages++;
    } while (after !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].sort());
    // an exact multiple of the page ends with next null on the full page, not an empty one after it
    const exact = await h.internal(catalogInternal.courseLearners, { course_id: course, after: seen[2]!, limit: 20 });
    expect(exact).toEqual({ user_ids: seen.slice(3), next: null });
    expect(await h.internal(catalogInternal.courseLearners, { course_id: randomUUID(), after: null, limit: 5 })).toEqual({
      user_ids: [],
      next: null,
    });
  });
});
