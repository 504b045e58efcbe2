import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogRoutes, type Lesson } from '@lp/contracts';
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

/** A published course with `n` lessons and one text item, and an enrolled learner. */
async function setUp(n = 2) {
  const course = await h.course(ivan, { title: `Course ${randomUUID().slice(0, 6)}` });
  const lessons: Lesson[] = [];
  for (let i = 0; i < n; i++) lessons.push(await h.lesson(ivan, course.id, { title: `L${i + 1}`, order: i }));
  const item = await h.call(
    catalogRoutes.addContent,
    { params: { id: course.id }, body: { content_type: 'text', title: 'Notes', text_content: 'Read me' } },
    ivan.caller,
  );
  const lena = await h.user('learner', 'Lena Learner');
  await h.enroll(lena, course.id);
  return { course, lessons, item, lena };
}

/** The Monday (UTC, YYYY-MM-DD) of the week `days` days ago. */
function mondayOf(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

describe('completing lessons and items', () => {
  it('counts a lesson once: the second call answers already_completed and changes nothing', async () => {
    const { course, lessons, lena } = await setUp(2);
    const first = await h.complete(lena, lessons[0]!.id, 12);
    expect(first).toEqual({
      message: 'Lesson marked as complete!',
      already_completed: false,
      completion_percentage: 33.3,
      course_completed: false,
    });
    const again = await h.complete(lena, lessons[0]!.id, 12);
    expect(again).toMatchObject({ already_completed: true, completion_percentage: 33.3, course_completed: false });
    const rows = await h.ds.query('SELECT time_spent_minutes FROM lesson_completions WHERE user_id = $1', [lena.id]);
    expect(rows).toEqual([{ time_spent_minutes: 12 }]);
    expect(await h.outbox('catalog.lesson.completed', { user_id: lena.id })).toHaveLength(1);
    const [event] = await h.outbox('catalog.lesson.completed', { user_id: lena.id });
    expect(event?.payload).toMatchObject({
      course_id: course.id,
      lesson_id: lessons[0]!.id,
      kind: 'lesson',
      time_spent_minutes: 12,
      completion_percentage: 33.3,
    });
  });

  it('counts once under concurrent completions of the same lesson', async () => {
    const { lessons, lena } = await setUp(3);
    const results = await Promise.all(Array.from({ length: 6 }, () => h.complete(lena, lessons[1]!.id)));
    expect(results.filter((r) => !r.already_completed)).toHaveLength(1);
    expect(await h.outbox('catalog.lesson.completed', { user_id: lena.id })).toHaveLength(1);
  });

  it('marks content items (and lessons) complete through the course player route', async () => {
    const { course, lessons, item, lena } = await setUp(1);
    const r = await h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: item.id } }, lena.caller);
    expect(r).toMatchObject({ already_completed: false, completion_percentage: 50 });
    expect(
      (await h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: item.id } }, lena.caller)).already_completed,
    ).toBe(true);
    const p = await h.call(catalogRoutes.progress, { params: { courseId: course.id } }, lena.caller);
    expect(p).toMatchObject({
      completion_percentage: 50,
      completed_items: [item.id],
      lessons_completed_ids: [],
      total_lessons: 1,
      total_items: 1,
    });
    await h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: lessons[0]!.id } }, lena.caller);
    expect((await h.call(catalogRoutes.courseProgress, { params: { id: course.id } }, lena.caller)).lessons_completed_ids).toEqual([
      lessons[0]!.id,
    ]);
    await expectAppError(
      h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: randomUUID() } }, lena.caller),
      404,
      'CONTENT_ITEM_NOT_FOUND',
    );
  });

  it('refuses completions from users who are not enrolled, the owner included', async () => {
    const { lessons } = await setUp(1);
    const max = await h.user('learner');
    await expectAppError(h.complete(max, lessons[0]!.id), 403, 'NOT_ENROLLED');
    await expectAppError(h.complete(ivan, lessons[0]!.id), 403, 'NOT_ENROLLED');
    await expectAppError(h.call(catalogRoutes.courseProgress, { params: { id: lessons[0]!.course_id } }, max.caller), 403, 'NOT_ENROLLED');
  });

  it('does not complete a draft lesson', async () => {
    const { course, lena } = await setUp(1);
    const draft = await h.lesson(ivan, course.id, { is_published: false });
    await expectAppError(h.complete(lena, draft.id), 404, 'LESSON_NOT_FOUND');
  });
});

describe('progress and course completion', () => {
  it('reaches 100% once, issues one certificate and writes catalog.course.completed once', async () => {
    const { course, lessons, item, lena } = await setUp(2);
    await h.complete(lena, lessons[0]!.id);
    await h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: item.id } }, lena.caller);
    const last = await h.complete(lena, lessons[1]!.id);
    expect(last).toMatchObject({ completion_percentage: 100, course_completed: true });
    expect(await h.complete(lena, lessons[1]!.id)).toMatchObject({
      already_completed: true,
      completion_percentage: 100,
      course_completed: false,
    });

    const [completed] = await h.outbox('catalog.course.completed', { user_id: lena.id });
    expect(completed?.payload).toMatchObject({ course_id: course.id, course_title: course.title, instructor_id: ivan.id });
    expect(await h.outbox('catalog.course.completed', { user_id: lena.id })).toHaveLength(1);
    const certs = await h.ds.query(
      'SELECT learner_name, instructor_name, course_title, verification_code FROM certificates WHERE user_id = $1',
      [lena.id],
    );
    expect(certs).toEqual([
      {
        learner_name: 'Lena Learner',
        instructor_name: 'Ivan Instructor',
        course_title: course.title,
        verification_code: completed!.payload.verification_code,
      },
    ]);

    const p = await h.call(catalogRoutes.courseProgress, { params: { id: course.id } }, lena.caller);
    expect(p).toMatchObject({ completion_percentage: 100, is_completed: true, can_get_certificate: true });
    expect(p.completed_at).not.toBeNull();
  });

  it('never exceeds 100%: completions of removed lessons stop counting, new lessons lower the percentage', async () => {
    const { course, lessons, item, lena } = await setUp(2);
    await h.complete(lena, lessons[0]!.id);
    await h.complete(lena, lessons[1]!.id);
    await h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: item.id } }, lena.caller);
    await h.call(catalogRoutes.deleteLesson, { params: { id: lessons[0]!.id } }, ivan.caller);
    let p = await h.call(catalogRoutes.progress, { params: { courseId: course.id } }, lena.caller);
    expect(p.completion_percentage).toBe(100);
    expect(p.lessons_completed_ids).toEqual([lessons[1]!.id]);
    await h.lesson(ivan, course.id, { title: 'New' });
    p = await h.call(catalogRoutes.progress, { params: { courseId: course.id } }, lena.caller);
    expect(p.completion_percentage).toBe(66.7);
    // completed once stays completed: the certificate is still offered
    expect(p.can_get_certificate).toBe(true);
    const unpublished = await h.lesson(ivan, course.id, { title: 'Hidden', is_published: false });
    expect((await h.call(catalogRoutes.progress, { params: { courseId: course.id } }, lena.caller)).completion_percentage).toBe(66.7);
    expect(unpublished.is_published).toBe(false);
  });

  it('answers the per-enrollment progress by enrollment id or course id, with the next lesson', async () => {
    const { course, lessons, lena } = await setUp(3);
    const { enrollment_id } = await h.call(catalogRoutes.checkEnrollment, { params: { id: course.id } }, lena.caller);
    await h.complete(lena, lessons[0]!.id);
    const byEnrollment = await h.call(catalogRoutes.enrollmentProgress, { params: { id: enrollment_id! } }, lena.caller);
    const byCourse = await h.call(catalogRoutes.enrollmentProgress, { params: { id: course.id } }, lena.caller);
    expect(byCourse).toEqual(byEnrollment);
    expect(byEnrollment).toEqual({
      enrollment_id,
      course_id: course.id,
      course_title: course.title,
      overall_progress: 25,
      lesson_progress: { completed: 1, total: 3, percentage: 33.3 },
      quiz_progress: { completed: 0, total: 0, percentage: 0 },
      next_lesson: { id: lessons[1]!.id, title: 'L2', order: 1 },
      next_quiz: null,
      can_get_certificate: false,
      weekly_progress: [{ week_start: mondayOf(0), completed_units: 1, progress: 25 }],
    });
    // progress over time: from the enrollment's week on, each week's end counted against today's units
    await h.age(lena.id, course.id, { enrolled: 15 });
    await h.ds.query('UPDATE lesson_completions SET completed_at = $3 WHERE user_id = $1 AND lesson_id = $2', [
      lena.id,
      lessons[0]!.id,
      new Date(Date.now() - 8 * 86_400_000),
    ]);
    await h.complete(lena, lessons[1]!.id);
    const weekly = (await h.call(catalogRoutes.enrollmentProgress, { params: { id: course.id } }, lena.caller)).weekly_progress;
    expect(weekly[0]!.week_start).toBe(mondayOf(15));
    expect(weekly[weekly.length - 1]).toEqual({ week_start: mondayOf(0), completed_units: 2, progress: 50 });
    expect(weekly.find((w) => w.week_start === mondayOf(8))).toMatchObject({ completed_units: 1, progress: 25 });
    expect(weekly.filter((w) => w.week_start < mondayOf(8)).every((w) => w.completed_units === 0)).toBe(true);
    const max = await h.user('learner');
    await expectAppError(
      h.call(catalogRoutes.enrollmentProgress, { params: { id: enrollment_id! } }, max.caller),
      404,
      'ENROLLMENT_NOT_FOUND',
    );
  });

  it('serializes concurrent completions of the last units: one completion of the course', async () => {
    const { course, lessons, item, lena } = await setUp(3);
    await Promise.all([
      ...lessons.map((l) => h.complete(lena, l.id)),
      h.call(catalogRoutes.markComplete, { params: { courseId: course.id, itemId: item.id } }, lena.caller),
    ]);
    expect(await h.outbox('catalog.course.completed', { user_id: lena.id })).toHaveLength(1);
    expect(await h.ds.query('SELECT 1 FROM certificates WHERE user_id = $1', [lena.id])).toHaveLength(1);
  });

  it("moves the learner's activity on completions and on opening a lesson", async () => {
    const { course, lessons, lena } = await setUp(2);
    await h.age(lena.id, course.id, { active: 10 });
    await h.call(catalogRoutes.getLesson, { params: { id: lessons[0]!.id } }, lena.caller);
    const [{ last_activity_at: opened }] = await h.ds.query('SELECT last_activity_at FROM enrollments WHERE user_id = $1', [lena.id]);
    expect(Date.now() - new Date(opened).getTime()).toBeLessThan(60_000);
  });
});
