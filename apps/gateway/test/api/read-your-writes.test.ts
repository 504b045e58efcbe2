import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Course, QuizAuthor, User } from '@lp/contracts';
import { startStack, uniqueEmail, type Stack } from './harness.js';

type Auth = { token: string; user: User };

/**
 * A read model may lag; a user's decision may not. Assessment learns of enrollments from
 * catalog's events a few milliseconds late; a learner who enrolls and opens the course's quiz
 * in the very next request must not be told to enroll (assessment asks catalog on a miss). The
 * quiz's card (GET /quizzes/{id}/info) is what is opened: it is decided by the enrollment alone,
 * where starting the quiz also waits for 100% completion (403 ASSESSMENT_LOCKED).
 */
describe('read your own writes across services', () => {
  let stack: Stack;
  let ivan: Auth;
  let course: Course;
  let quiz: QuizAuthor;
  const PASSWORD = 'secret-pass-1';

  const register = async (role: string): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name: `Fresh ${role}`, email: uniqueEmail(role), password: PASSWORD, role },
    });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    stack = await startStack();
    ivan = await register('instructor');
    course = (
      await stack.api<Course>('POST', '/courses', {
        token: ivan.token,
        body: { title: 'Fresh course', description: 'd', price: 0, is_published: true },
      })
    ).body;
    // the course was created a moment ago: attaching a quiz to it must not answer "course not found"
    const created = await stack.api<QuizAuthor>('POST', '/quizzes', {
      token: ivan.token,
      body: {
        title: 'Fresh quiz',
        course_id: course.id,
        test_mode: 'practice',
        time_limit: 0,
        questions: [{ question_text: 'Yes?', question_type: 'true_false', correct_answer: 'True' }],
      },
    });
    expect(created.status).toBe(201);
    quiz = created.body;
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  }, 30_000);

  it('enroll, then open the quiz in the next request: 100 times, 0 refusals', async () => {
    // four at a time: password hashing is deliberately slow
    const learners: Auth[] = [];
    while (learners.length < 100) learners.push(...(await Promise.all([1, 2, 3, 4].map(() => register('learner')))));
    const refusals: string[] = [];
    for (const l of learners) {
      const enrolled = await stack.api('POST', `/courses/${course.id}/enroll`, { token: l.token });
      expect(enrolled.status).toBe(201);
      const opened = await stack.api<{ code?: string }>('GET', `/quizzes/${quiz.id}/info`, { token: l.token });
      if (opened.status !== 200) refusals.push(`${opened.status} ${opened.body.code}`);
    }
    expect(refusals).toEqual([]);
  }, 120_000);

  it('still refuses a learner who is not enrolled (the owner says no)', async () => {
    const stranger = await register('learner');
    const res = await stack.api<{ code: string }>('GET', `/quizzes/${quiz.id}`, { token: stranger.token });
    expect([res.status, res.body.code]).toEqual([403, 'NOT_ENROLLED']);
  }, 20_000);
});
