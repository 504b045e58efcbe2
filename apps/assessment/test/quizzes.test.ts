import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, type Caller } from '@lp/contracts';
import { AssessmentHarness, quizBody, SECRET } from './support/assessment-harness.js';

jest.setTimeout(60_000);

let h: AssessmentHarness;
let author: Caller;
let other: Caller;
let learner: Caller;
beforeAll(async () => {
  h = await AssessmentHarness.start();
  author = h.caller('instructor');
  other = h.caller('instructor');
  learner = h.caller('learner');
});
afterAll(async () => {
  await h.stop();
});

const create = (body: Record<string, unknown> = {}, who: Caller = author) => h.call(routes.createQuiz, { body: quizBody(body) }, who);

describe('authoring', () => {
  it('creates an assessment with its questions, normalised, and announces it', async () => {
    const quiz = await create({ title: 'Numbers' });
    expect(quiz).toMatchObject({
      title: 'Numbers',
      kind: 'quiz',
      is_mock_test: false,
      question_count: 4,
      total_points: 10,
      created_by: author.userId,
    });
    expect(quiz.questions.map((q) => [q.question_type, q.order, q.correct_answer])).toEqual([
      ['multiple_choice', 0, '4'],
      ['true_false', 1, 'True'],
      ['short_answer', 2, `${SECRET}Paris answer`],
      ['essay', 3, `${SECRET}ESSAY-MODEL`],
    ]);
    expect(quiz.questions[0]!.options).toEqual(['3', '4', '5']);
    expect(quiz.questions[1]!.options).toEqual(['True', 'False']);
    const saved = await h.outbox('assessment.quiz.saved', { quiz_id: quiz.id });
    expect(saved.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        v: 1,
        title: 'Numbers',
        kind: 'quiz',
        course_id: null,
        question_count: 4,
        total_points: 10,
        passing_score: 70,
        is_published: true,
      }),
    ]);
  });

  it('derives the kind: mock test, exam, quiz', async () => {
    const mock = await h.call(routes.createMockTest, { body: { title: 'Mock', time_limit: 30 } }, author);
    expect([mock.kind, mock.is_mock_test, mock.test_mode]).toEqual(['mock_test', true, 'exam']);
    const exam = await h.call(routes.createQuiz, { body: { title: 'Exam', time_limit: 60 } }, author);
    expect(exam.kind).toBe('exam');
    expect((await create()).kind).toBe('quiz');
  });

  it('refuses invalid input with field errors', async () => {
    await expect(h.call(routes.createQuiz, { body: { title: '', time_limit: 10 } }, author)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([expect.objectContaining({ path: 'title' }), expect.objectContaining({ path: 'time_limit' })]),
    });
    await expect(
      h.call(
        routes.createQuiz,
        {
          body: quizBody({
            questions: [{ question_text: 'Q?', question_type: 'multiple_choice', options: ['a', 'b'], correct_answer: 'c' }],
          }),
        },
        author,
      ),
    ).rejects.toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'questions.0.correct_answer' })] });
  });

  it('attaches to a course only for its owner (instructor, or the institution of the course)', async () => {
    const courseId = await h.course(author.userId);
    const withCourse = await create({ course_id: courseId });
    expect(withCourse.course_id).toBe(courseId);
    expect(withCourse.course_title).toMatch(/^Course/);
    await expect(create({ course_id: courseId }, other)).rejects.toMatchObject({ status: 403, code: 'NOT_COURSE_OWNER' });
    await expect(create({ course_id: randomUUID() })).rejects.toMatchObject({ status: 404, code: 'COURSE_NOT_FOUND' });

    const institutionId = randomUUID();
    const instCourse = randomUUID();
    await h.ds.query(`INSERT INTO courses (id, title, instructor_id, institution_id, is_published) VALUES ($1, 'Inst', $2, $3, true)`, [
      instCourse,
      randomUUID(),
      institutionId,
    ]);
    const staff = h.caller('institution', institutionId);
    expect((await h.call(routes.createMockTest, { body: quizBody({ course_id: instCourse }) }, staff)).course_id).toBe(instCourse);
    const elsewhere = h.caller('institution', randomUUID());
    await expect(h.call(routes.createMockTest, { body: quizBody({ course_id: instCourse }) }, elsewhere)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('updates against the merged values; questions replace the set; other authors get 403', async () => {
    const quiz = await create({ time_limit: 20 });
    // practice with 20 minutes is fine; switching to exam alone makes 20 < 15? no: 20 is valid, 10 is not
    await expect(
      h.call(routes.updateQuiz, { params: { id: quiz.id }, body: { time_limit: 0, test_mode: 'exam' } }, author),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ path: 'time_limit' })],
    });
    const q0 = await create({ time_limit: 0 });
    await expect(h.call(routes.updateQuiz, { params: { id: q0.id }, body: { test_mode: 'exam' } }, author)).rejects.toMatchObject({
      status: 400,
    });

    const updated = await h.call(
      routes.updateMockTest,
      {
        params: { id: quiz.id },
        body: { title: 'Renamed', questions: [{ question_text: 'Only one?', question_type: 'true_false', correct_answer: 'False' }] },
      },
      author,
    );
    expect(updated).toMatchObject({ title: 'Renamed', question_count: 1, total_points: 1 });
    expect((await h.call(routes.manageQuiz, { params: { id: quiz.id } }, author)).questions.map((q) => q.question_text)).toEqual([
      'Only one?',
    ]);
    expect((await h.outbox('assessment.quiz.saved', { quiz_id: quiz.id })).map((e) => e.payload.title)).toEqual([quiz.title, 'Renamed']);

    await expect(h.call(routes.updateQuiz, { params: { id: quiz.id }, body: { title: 'Mine' } }, other)).rejects.toMatchObject({
      status: 403,
      code: 'NOT_QUIZ_AUTHOR',
    });
    await expect(h.call(routes.updateQuiz, { params: { id: randomUUID() }, body: { title: 'X' } }, author)).rejects.toMatchObject({
      status: 404,
      code: 'QUIZ_NOT_FOUND',
    });
    await expect(h.call(routes.updateQuiz, { params: { id: quiz.id }, body: {} }, author)).rejects.toMatchObject({ status: 400 });
  });

  it('adds questions at the end and announces the new count', async () => {
    const quiz = await create();
    const added = await h.call(
      routes.addQuestion,
      { params: { id: quiz.id }, body: { question_text: 'Fifth?', question_type: 'short_answer', correct_answer: 'five', points: 5 } },
      author,
    );
    expect(added).toMatchObject({ question_text: 'Fifth?', order: 4, correct_answer: 'five', points: 5 });
    const events = await h.outbox('assessment.quiz.saved', { quiz_id: quiz.id });
    expect(events.at(-1)!.payload).toMatchObject({ question_count: 5, total_points: 15 });
    await expect(
      h.call(routes.addQuestion, { params: { id: quiz.id }, body: { question_text: 'Sneaky?', question_type: 'essay' } }, other),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('deletes with everything taken, announces it, and only for the author', async () => {
    const quiz = await create();
    const session = await h.call(routes.startMockTest, { params: { id: quiz.id } }, learner);
    await h.call(
      routes.submitMockTest,
      { params: { id: quiz.id }, query: { session_id: session.session_id }, body: { answers: {} } },
      learner,
    );
    await expect(h.call(routes.deleteQuiz, { params: { id: quiz.id } }, other)).rejects.toMatchObject({
      status: 403,
      code: 'NOT_QUIZ_AUTHOR',
    });
    expect(await h.call(routes.deleteMockTest, { params: { id: quiz.id } }, author)).toEqual({ message: 'Assessment deleted' });
    expect(await h.ds.query('SELECT 1 FROM attempts WHERE quiz_id = $1', [quiz.id])).toEqual([]);
    expect(await h.outbox('assessment.quiz.deleted', { quiz_id: quiz.id })).toHaveLength(1);
    await expect(h.call(routes.getQuiz, { params: { id: quiz.id } }, learner)).rejects.toMatchObject({ status: 404 });
  });

  it('hides drafts from everyone but the author (404)', async () => {
    const draft = await create({ is_published: false });
    await expect(h.call(routes.getQuiz, { params: { id: draft.id } }, learner)).rejects.toMatchObject({
      status: 404,
      code: 'QUIZ_NOT_FOUND',
    });
    await expect(h.call(routes.manageQuiz, { params: { id: draft.id } }, other)).rejects.toMatchObject({ status: 404 });
    await expect(h.call(routes.mockTestResults, { params: { id: draft.id } }, learner)).rejects.toMatchObject({ status: 404 });
    expect((await h.call(routes.getQuiz, { params: { id: draft.id } }, author)).id).toBe(draft.id);
    await expect(h.call(routes.manageQuiz, { params: { id: (await create()).id } }, other)).rejects.toMatchObject({ status: 403 });
  });
});

describe('lists', () => {
  it('lists my quizzes newest first, drafts included', async () => {
    const me = h.caller('mentor');
    const a = await create({ title: 'First' }, me);
    const b = await create({ title: 'Second', is_published: false }, me);
    expect((await h.call(routes.myQuizzes, {}, me)).map((q) => q.id)).toEqual([b.id, a.id]);
  });

  it("discovers published assessments (and the caller's drafts) with filters and the caller's standing", async () => {
    const me = h.caller('instructor');
    const tag = randomUUID().slice(0, 8);
    const easy = await create({ title: `Algebra ${tag}`, subject: 'Mathematics', difficulty: 'easy' }, me);
    const hard = await create({ title: `Physics ${tag}`, description: `about 100%_ things`, subject: 'science', difficulty: 'hard' }, me);
    const draft = await create({ title: `Draft ${tag}`, is_published: false }, me);

    const forLearner = await h.call(routes.listMockTests, { query: { search: tag } }, learner);
    expect(forLearner.map((q) => q.id).sort()).toEqual([easy.id, hard.id].sort());
    expect((await h.call(routes.listMockTests, { query: { search: tag } }, me)).map((q) => q.id)).toContain(draft.id);
    expect((await h.call(routes.listMockTests, { query: { search: tag, subject: 'MATHEMATICS' } }, learner)).map((q) => q.id)).toEqual([
      easy.id,
    ]);
    expect((await h.call(routes.listMockTests, { query: { search: tag, difficulty: 'hard' } }, learner)).map((q) => q.id)).toEqual([
      hard.id,
    ]);
    // LIKE wildcards in the search are literal
    expect((await h.call(routes.listMockTests, { query: { search: '100%_' } }, learner)).map((q) => q.id)).toEqual([hard.id]);
    expect(await h.call(routes.listMockTests, { query: { search: tag, limit: '1', offset: '1' } as never }, learner)).toHaveLength(1);

    const session = await h.call(routes.startMockTest, { params: { id: easy.id } }, learner);
    await h.call(
      routes.submitMockTest,
      {
        params: { id: easy.id },
        query: { session_id: session.session_id },
        body: { answers: { '0': '4', '1': 'True', '2': `${SECRET}paris ANSWER` } },
      },
      learner,
    );
    const card = (await h.call(routes.listMockTests, { query: { search: tag } }, learner)).find((q) => q.id === easy.id)!;
    expect(card.my).toEqual({ status: 'in-progress', attempts_used: 1, attempts_left: null, best_score: 60, can_start: true });
    expect((await h.call(routes.listMockTests, { query: { search: tag } }, learner)).find((q) => q.id === hard.id)!.my.status).toBe('new');
  });

  it('discovers assessments of a course only for those who can take them', async () => {
    const courseId = await h.course(author.userId);
    const tag = randomUUID().slice(0, 8);
    const quiz = await create({ course_id: courseId, title: `Course quiz ${tag}` });
    const [enrolled, outsider] = [h.caller(), h.caller()];
    await h.enroll(courseId, enrolled.userId, author.userId);
    expect((await h.call(routes.listMockTests, { query: { search: tag } }, enrolled)).map((q) => q.id)).toEqual([quiz.id]);
    expect((await h.call(routes.listMockTests, { query: { search: tag } }, author)).map((q) => q.id)).toEqual([quiz.id]);
    expect(await h.call(routes.listMockTests, { query: { search: tag } }, outsider)).toEqual([]);
    expect(await h.call(routes.listMockTests, { query: { search: tag, course_id: courseId } }, outsider)).toEqual([]);
  });

  it("lists a course's assessments, drafts only for its owner; 404 for an unknown course", async () => {
    const courseId = await h.course(author.userId);
    const pub = await create({ course_id: courseId });
    const draft = await create({ course_id: courseId, is_published: false });
    expect((await h.call(routes.courseQuizzes, { params: { id: courseId } }, author)).map((q) => q.id)).toEqual([pub.id, draft.id]);
    expect((await h.call(routes.courseQuizzes, { params: { id: courseId } }, learner)).map((q) => q.id)).toEqual([pub.id]);
    await expect(h.call(routes.courseQuizzes, { params: { id: randomUUID() } }, learner)).rejects.toMatchObject({
      status: 404,
      code: 'COURSE_NOT_FOUND',
    });
  });
});

describe('no answer key leaks to takers', () => {
  it('keeps correct answers and explanations out of every taker-facing answer', async () => {
    const courseId = await h.course(author.userId);
    await h.enroll(courseId, learner.userId, author.userId);
    const quiz = await create({ course_id: courseId, is_mock_test: true, randomize_questions: true, show_results_immediately: false });
    const seen: unknown[] = [
      await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner),
      await h.call(routes.startMockTest, { params: { id: quiz.id } }, learner),
      await h.call(routes.listMockTests, { query: { course_id: courseId } }, learner),
      await h.call(routes.courseQuizzes, { params: { id: courseId } }, learner),
      await h.call(routes.myQuizzes, {}, learner),
    ];
    const session = seen[1] as { session_id: string };
    seen.push(
      await h.call(
        routes.submitMockTest,
        { params: { id: quiz.id }, query: { session_id: session.session_id }, body: { answers: {} } },
        learner,
      ),
    );
    seen.push(await h.call(routes.mockTestResults, { params: { id: quiz.id } }, learner));
    seen.push(await h.call(routes.learnerAttempts, {}, learner));
    const text = JSON.stringify(seen);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('"correct_answer"');
    expect(text).not.toContain('"explanation"');
    // the author does see them
    expect(JSON.stringify(await h.call(routes.manageQuiz, { params: { id: quiz.id } }, author))).toContain(`${SECRET}EXPL-MC`);
  });
});
