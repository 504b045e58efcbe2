import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogEvents } from '@lp/contracts';
import { AssessmentHarness } from './support/assessment-harness.js';

jest.setTimeout(60_000);

let h: AssessmentHarness;
beforeAll(async () => {
  h = await AssessmentHarness.start();
});
afterAll(async () => {
  await h.stop();
});

const courseRow = async (id: string) =>
  (await h.ds.query('SELECT title, instructor_id, is_published FROM courses WHERE id = $1', [id]))[0] as
    { title: string; instructor_id: string; is_published: boolean } | undefined;

describe('catalog read model', () => {
  it('migrates the whole schema', async () => {
    const tables = (await h.ds.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as {
      tablename: string;
    }[];
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining([
        'assignments',
        'attempts',
        'courses',
        'enrollments',
        'inbox',
        'outbox',
        'questions',
        'quizzes',
        'submissions',
        'test_sessions',
      ]),
    );
  });

  it('records created courses with their owner, and follows updates and publication', async () => {
    const owner = randomUUID();
    const id = await h.course(owner, { is_published: false, title: 'Draft' });
    expect(await courseRow(id)).toEqual({ title: 'Draft', instructor_id: owner, is_published: false });
    await h.publish(catalogEvents.courseUpdated, {
      v: 1,
      course_id: id,
      title: 'Renamed',
      instructor_id: owner,
      institution_id: null,
      price: 0,
      category: 'programming',
      level: 'beginner',
      is_published: false,
      changed: ['title'],
      updated_at: new Date().toISOString(),
    });
    await h.waitFor(async () => (await courseRow(id))?.title === 'Renamed');
    await h.publish(catalogEvents.coursePublished, {
      v: 1,
      course_id: id,
      title: 'Renamed',
      instructor_id: owner,
      institution_id: null,
      published_at: new Date().toISOString(),
    });
    await h.waitFor(async () => (await courseRow(id))?.is_published === true);
  });

  it('records enrollments once, even when delivered twice or before the course', async () => {
    const owner = randomUUID();
    const learner = randomUUID();
    const courseId = randomUUID();
    const payload = {
      v: 1 as const,
      enrollment_id: randomUUID(),
      course_id: courseId,
      course_title: 'Early',
      user_id: learner,
      instructor_id: owner,
      institution_id: null,
      amount_paid: 0,
      payment_id: null,
      enrollment_count: 1,
      enrolled_at: new Date().toISOString(),
    };
    await h.publish(catalogEvents.enrollmentCreated, payload);
    await h.publish(catalogEvents.enrollmentCreated, payload); // another event id, same enrollment
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM enrollments WHERE course_id = $1', [courseId])).length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(await h.ds.query('SELECT user_id FROM enrollments WHERE course_id = $1', [courseId])).toEqual([{ user_id: learner }]);
    expect(await courseRow(courseId)).toEqual({ title: 'Early', instructor_id: owner, is_published: true });
  });
});
