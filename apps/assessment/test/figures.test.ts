import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, catalogEvents, type Caller } from '@lp/contracts';
import { AssessmentHarness, quizBody } from './support/assessment-harness.js';
import { AssessmentCaller, stranger } from './support/users.js';

jest.setTimeout(60_000);

let h: AssessmentHarness;
let bus: AssessmentCaller;
beforeAll(async () => {
  h = await AssessmentHarness.start();
  bus = await AssessmentCaller.open(h);
});
afterAll(async () => {
  await bus.close();
  await h.stop();
});

/** Multiple choice (2 points, '4') and true/false (1 point, True); passing score 70. */
const twoQuestions = (author: Caller, over: Record<string, unknown> = {}) =>
  h.call(
    routes.createMockTest,
    { body: { ...quizBody({ passing_score: 70, ...over }), questions: quizBody().questions.slice(0, 2) } },
    author,
  );
const take = async (quizId: string, who: Caller, answers: Record<string, string>) => {
  const s = await h.call(routes.startMockTest, { params: { id: quizId } }, who);
  return h.call(routes.submitMockTest, { params: { id: quizId }, query: { session_id: s.session_id }, body: { answers } }, who);
};
const ALL_RIGHT = { '0': '4', '1': 'True' }; // 100, passed
const MC_ONLY = { '0': '4', '1': 'False' }; // 66.67, failed
const NO_FIGURES = { attempts: 0, average_score: null, pass_rate: null };

describe('figures of an assessment', () => {
  it("counts every taker's attempt on every list and view, and leaves the author's own tries out", async () => {
    const author = h.caller('instructor');
    const courseId = await h.course(author.userId);
    const quiz = await twoQuestions(author, { course_id: courseId, title: 'Figures quiz' });
    expect(quiz.figures).toEqual(NO_FIGURES);

    const [ann, bob] = [h.caller(), h.caller()];
    await Promise.all([h.enroll(courseId, ann.userId, author.userId), h.enroll(courseId, bob.userId, author.userId)]);
    await take(quiz.id, ann, MC_ONLY);
    await take(quiz.id, ann, ALL_RIGHT);
    await take(quiz.id, bob, {});
    await take(quiz.id, author, ALL_RIGHT); // a preview: not a result

    // (66.67 + 100 + 0) / 3 = 55.56, one pass in three
    const figures = { attempts: 3, average_score: 55.6, pass_rate: 33.3 };
    const byId = <T extends { id: string }>(list: T[]) => list.find((q) => q.id === quiz.id)!;
    expect(byId(await h.call(routes.myQuizzes, {}, author)).figures).toEqual(figures);
    expect((await h.call(routes.manageQuiz, { params: { id: quiz.id } }, author)).figures).toEqual(figures);
    expect(byId(await h.call(routes.courseQuizzes, { params: { id: courseId } }, author)).figures).toEqual(figures);
    // a taker sees the same aggregates: they name nobody
    expect(byId(await h.call(routes.courseQuizzes, { params: { id: courseId } }, ann)).figures).toEqual(figures);
    expect(byId(await h.call(routes.listMockTests, { query: { course_id: courseId } }, bob)).figures).toEqual(figures);
    expect((await h.call(routes.getQuiz, { params: { id: quiz.id } }, bob)).figures).toEqual(figures);
    const updated = await h.call(routes.updateMockTest, { params: { id: quiz.id }, body: { title: 'Figures quiz, renamed' } }, author);
    expect(updated.figures).toEqual(figures);
  });

  it("leaves out the course instructor's tries too when someone else (the owning institution) authored the assessment", async () => {
    const institutionId = randomUUID();
    const institution = h.caller('institution', institutionId);
    const instructor = h.caller('instructor');
    const courseId = randomUUID();
    await h.publish(catalogEvents.courseCreated, {
      v: 1,
      course_id: courseId,
      title: 'Institution course',
      instructor_id: instructor.userId,
      institution_id: institutionId,
      price: 0,
      category: 'programming',
      level: 'beginner',
      is_published: true,
      created_at: new Date().toISOString(),
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM courses WHERE id = $1', [courseId])).length > 0);
    const quiz = await twoQuestions(institution, { course_id: courseId });
    const ann = h.caller();
    await h.enroll(courseId, ann.userId, instructor.userId);
    await take(quiz.id, instructor, ALL_RIGHT);
    await take(quiz.id, ann, MC_ONLY);
    expect((await h.call(routes.manageQuiz, { params: { id: quiz.id } }, institution)).figures).toEqual({
      attempts: 1,
      average_score: 66.7,
      pass_rate: 0,
    });
  });

  it('keeps figures apart per assessment in one list and null before anyone took one', async () => {
    const author = h.caller('instructor');
    const taken = await twoQuestions(author);
    const untouched = await twoQuestions(author);
    const onlyAuthor = await twoQuestions(author);
    await take(taken.id, h.caller(), ALL_RIGHT);
    await take(taken.id, h.caller(), ALL_RIGHT);
    await take(onlyAuthor.id, author, ALL_RIGHT);

    const mine = new Map((await h.call(routes.myQuizzes, {}, author)).map((q) => [q.id, q.figures]));
    expect(mine.get(taken.id)).toEqual({ attempts: 2, average_score: 100, pass_rate: 100 });
    expect(mine.get(untouched.id)).toEqual(NO_FIGURES);
    expect(mine.get(onlyAuthor.id)).toEqual(NO_FIGURES);
  });
});

describe('results name their takers', () => {
  it("gives each attempt its taker's name, a neutral name for a taker identity never announced", async () => {
    const author = await bus.user('instructor');
    const quiz = await twoQuestions(author.caller);
    const lena = await bus.user('learner', 'Lena Learner');
    const ghost = stranger();
    await take(quiz.id, lena.caller, ALL_RIGHT);
    await take(quiz.id, ghost, MC_ONLY);

    const forAuthor = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, author.caller);
    expect(forAuthor.attempts.map((a) => [a.user_id, a.user_name]).sort()).toEqual(
      [
        [lena.id, 'Lena Learner'],
        [ghost.userId, 'Unknown user'],
      ].sort(),
    );
    const forLena = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, lena.caller);
    expect(forLena.attempts.map((a) => a.user_name)).toEqual(['Lena Learner']);
  });
});
