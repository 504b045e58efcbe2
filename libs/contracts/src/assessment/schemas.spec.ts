import { describe, expect, it } from '@jest/globals';
import {
  AnswersSchema,
  AssignmentCreateRequest,
  AssignmentUpdateRequest,
  GradeSubmissionRequest,
  MockTestCreateRequest,
  MockTestListQuery,
  QuestionCreateRequest,
  QuizCreateRequest,
  QuizTakerSchema,
  QuizUpdateRequest,
  ReviewAttemptRequest,
  TestSessionSchema,
  assessmentKind,
  gradeProblem,
  timeLimitProblem,
} from './schemas.js';
import { assessmentRoutes } from './routes.js';
import { assessmentEvents } from './events.js';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.')).sort();
const ID = '11111111-1111-4111-8111-111111111111';

describe('quiz schemas', () => {
  it('creates a quiz with every default of the constants table', () => {
    expect(QuizCreateRequest.parse({ title: ' Quiz 1 ' })).toEqual({
      title: 'Quiz 1',
      description: '',
      course_id: null,
      is_mock_test: false,
      test_mode: 'exam',
      time_limit: 60,
      passing_score: 70,
      subject: '',
      difficulty: 'medium',
      max_attempts: 3,
      allow_multiple_attempts: true,
      is_published: true,
      randomize_questions: false,
      show_results_immediately: true,
      instructions: '',
      questions: [],
    });
    expect(MockTestCreateRequest.parse({ title: 'M' }).is_mock_test).toBe(true);
    expect(MockTestCreateRequest.parse({ title: 'M', is_mock_test: false }).is_mock_test).toBe(false);
  });

  it('requires a title with the builder message', () => {
    const r = QuizCreateRequest.safeParse({ title: '  ' });
    expect(r.error?.issues[0]?.message).toBe('Please enter a quiz title');
  });

  it('bounds passing score 0-100 and max attempts 1-10', () => {
    for (const passing_score of [0, 100, 55.5]) expect(QuizCreateRequest.safeParse({ title: 't', passing_score }).success).toBe(true);
    for (const passing_score of [-1, 101])
      expect(paths(QuizCreateRequest.safeParse({ title: 't', passing_score }))).toEqual(['passing_score']);
    for (const max_attempts of [1, 10]) expect(QuizCreateRequest.safeParse({ title: 't', max_attempts }).success).toBe(true);
    for (const max_attempts of [0, 11, 2.5])
      expect(paths(QuizCreateRequest.safeParse({ title: 't', max_attempts }))).toEqual(['max_attempts']);
  });

  it('bounds the time limit by mode: exam 15-480, otherwise 1-300 or 0 for none', () => {
    const ok = (test_mode: string, time_limit: number) => QuizCreateRequest.safeParse({ title: 't', test_mode, time_limit }).success;
    expect([ok('exam', 15), ok('exam', 480), ok('exam', 14), ok('exam', 481), ok('exam', 0)]).toEqual([true, true, false, false, false]);
    for (const mode of ['practice', 'quiz'])
      expect([ok(mode, 0), ok(mode, 1), ok(mode, 300), ok(mode, 301), ok(mode, -1), ok(mode, 1.5)]).toEqual([
        true,
        true,
        true,
        false,
        false,
        false,
      ]);
    expect(paths(QuizCreateRequest.safeParse({ title: 't', time_limit: 5 }))).toEqual(['time_limit']);
    expect(timeLimitProblem('exam', 10)).toMatch(/between 15 and 480/);
    expect(timeLimitProblem('practice', 0)).toBeNull();
  });

  it('derives the kind: mock test, else exam by test mode, else quiz', () => {
    expect(assessmentKind({ is_mock_test: true, test_mode: 'practice' })).toBe('mock_test');
    expect(assessmentKind({ is_mock_test: false, test_mode: 'exam' })).toBe('exam');
    expect(assessmentKind({ is_mock_test: false, test_mode: 'practice' })).toBe('quiz');
    expect(assessmentKind({ is_mock_test: false, test_mode: 'quiz' })).toBe('quiz');
  });

  it('refuses an empty update and keeps given fields only', () => {
    expect(QuizUpdateRequest.safeParse({}).success).toBe(false);
    expect(QuizUpdateRequest.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(QuizUpdateRequest.safeParse({ max_attempts: 0 }).success).toBe(false);
  });

  it('reads discovery filters from the query string', () => {
    expect(MockTestListQuery.parse({ subject: 'all', difficulty: '', search: '' })).toEqual({ limit: 50, offset: 0 });
    expect(MockTestListQuery.parse({ difficulty: 'hard', course_id: ID }).difficulty).toBe('hard');
    expect(MockTestListQuery.safeParse({ difficulty: 'extreme' }).success).toBe(false);
  });
});

describe('question schemas', () => {
  const mc = { question_text: 'Capital of France?', options: ['Paris', 'Rome', '', ''], correct_answer: 'Paris' };

  it('gives a multiple choice question the defaults and drops empty options', () => {
    expect(QuestionCreateRequest.parse(mc)).toEqual({
      question_text: 'Capital of France?',
      question_type: 'multiple_choice',
      options: ['Paris', 'Rome'],
      correct_answer: 'Paris',
      subject: '',
      difficulty: 'medium',
      explanation: '',
      points: 1,
    });
  });

  it('needs 2-6 distinct options and a correct answer among them', () => {
    const msg = (v: object) => QuestionCreateRequest.safeParse({ ...mc, ...v }).error?.issues.map((i) => i.message);
    expect(msg({ options: ['Paris', ''] })).toEqual(['Please provide at least 2 options for multiple choice questions']);
    expect(msg({ options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toEqual(['At most 6 options']);
    expect(msg({ correct_answer: 'Berlin' })).toEqual(['Correct answer must be one of the options']);
    expect(msg({ correct_answer: '' })).toEqual(['Please enter the correct answer']);
    expect(msg({ options: ['Paris', 'paris'] })).toEqual(['Options must be different']);
    expect(msg({ question_text: '' })).toEqual(['Please enter a question']);
    expect(QuestionCreateRequest.safeParse({ ...mc, options: ['a', 'b', 'c', 'd', 'e', 'Paris'] }).success).toBe(true);
  });

  it('bounds points 1-10 (whole)', () => {
    for (const points of [1, 10]) expect(QuestionCreateRequest.safeParse({ ...mc, points }).success).toBe(true);
    for (const points of [0, 11, 1.5]) expect(paths(QuestionCreateRequest.safeParse({ ...mc, points }))).toEqual(['points']);
  });

  it('normalises true/false and checks short answers and essays', () => {
    const tf = QuestionCreateRequest.parse({
      question_text: 'Sky is blue',
      question_type: 'true_false',
      correct_answer: 'true',
      options: ['x'],
    });
    expect([tf.options, tf.correct_answer]).toEqual([['True', 'False'], 'True']);
    expect(QuestionCreateRequest.safeParse({ question_text: 'q', question_type: 'true_false', correct_answer: 'maybe' }).success).toBe(
      false,
    );
    expect(QuestionCreateRequest.safeParse({ question_text: 'q', question_type: 'short_answer' }).success).toBe(false);
    expect(
      QuestionCreateRequest.safeParse({ question_text: 'q', question_type: 'short_answer', correct_answer: 'x'.repeat(501) }).success,
    ).toBe(false);
    expect(
      QuestionCreateRequest.parse({ question_text: 'q', question_type: 'short_answer', correct_answer: 'x'.repeat(500) }).options,
    ).toEqual([]);
    expect(QuestionCreateRequest.safeParse({ question_text: 'q', question_type: 'essay' }).success).toBe(true);
    expect(QuestionCreateRequest.safeParse({ question_text: 'q', question_type: 'essay', correct_answer: 'x'.repeat(2001) }).success).toBe(
      false,
    );
  });
});

describe('taking schemas', () => {
  it('never lets correct answers or explanations through a taker view', () => {
    const q = {
      id: ID,
      question_text: 'q',
      question_type: 'multiple_choice',
      options: ['a', 'b'],
      subject: '',
      difficulty: 'easy',
      points: 1,
      order: 0,
    };
    const leaky = { ...q, correct_answer: 'a', explanation: 'because' };
    const quiz = QuizTakerSchema.shape.questions.parse([leaky]);
    expect(quiz[0]).toEqual(q);
    const session = TestSessionSchema.shape.test.parse({
      id: ID,
      title: 't',
      kind: 'quiz',
      instructions: '',
      questions: [leaky],
      time_limit: 0,
      passing_score: 70,
      test_mode: 'quiz',
      allow_multiple_attempts: true,
      max_attempts: 3,
    });
    expect(session.questions[0]).not.toHaveProperty('correct_answer');
    expect(session.questions[0]).not.toHaveProperty('explanation');
  });

  it('reads answers as text, booleans included, and bounds their length', () => {
    expect(AnswersSchema.parse({ a: 'x', b: true, c: null, d: 3 })).toEqual({ a: 'x', b: 'true', c: null, d: '3' });
    expect(AnswersSchema.safeParse({ a: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('assignment schemas', () => {
  const base = {
    course_id: ID,
    title: 'Essay',
    description: 'Write',
    assignment_type: 'essay',
    instructions: 'Do it',
    due_date: '2030-01-01T00:00:00Z',
  };

  it('applies the defaults: 100 points, late allowed at 10% per day, a draft', () => {
    expect(AssignmentCreateRequest.parse(base)).toMatchObject({
      max_points: 100,
      allow_late_submission: true,
      late_penalty_percent: 10,
      is_published: false,
    });
  });

  it('requires title, description, type, instructions and due date; bounds points and penalty', () => {
    expect(paths(AssignmentCreateRequest.safeParse({ course_id: ID }))).toEqual([
      'assignment_type',
      'description',
      'due_date',
      'instructions',
      'title',
    ]);
    expect(paths(AssignmentCreateRequest.safeParse({ ...base, max_points: 0 }))).toEqual(['max_points']);
    expect(paths(AssignmentCreateRequest.safeParse({ ...base, late_penalty_percent: 101 }))).toEqual(['late_penalty_percent']);
    expect(paths(AssignmentCreateRequest.safeParse({ ...base, late_penalty_percent: -1 }))).toEqual(['late_penalty_percent']);
    expect(paths(AssignmentCreateRequest.safeParse({ ...base, assignment_type: 'poem' }))).toEqual(['assignment_type']);
    expect(paths(AssignmentCreateRequest.safeParse({ ...base, due_date: 'tomorrow' }))).toEqual(['due_date']);
    expect(AssignmentUpdateRequest.safeParse({}).success).toBe(false);
    expect(AssignmentUpdateRequest.parse({ is_published: true })).toEqual({ is_published: true });
  });

  it('takes grades in steps of 0.5', () => {
    expect(GradeSubmissionRequest.parse({ grade: 7.5 })).toEqual({ grade: 7.5, feedback: '' });
    expect(GradeSubmissionRequest.safeParse({ grade: 7.25 }).success).toBe(false);
    expect(GradeSubmissionRequest.safeParse({ grade: -0.5 }).success).toBe(false);
    expect(GradeSubmissionRequest.safeParse({}).success).toBe(false);
    expect(gradeProblem(100.5, 100)).toMatch(/cannot exceed 100/);
    expect(gradeProblem(100, 100)).toBeNull();
    expect(gradeProblem(0, 100)).toBeNull();
    expect(gradeProblem(3.3, 100)).toMatch(/multiple of 0.5/);
  });
});

describe('assessment routes and events', () => {
  it('declares every route of ROUTES.md for assessment', () => {
    const keys = Object.values(assessmentRoutes).map((r) => `${r.method} ${r.path}`);
    for (const k of [
      'POST /quizzes',
      'PUT /quizzes/{id}',
      'DELETE /quizzes/{id}',
      'POST /quizzes/{id}/questions',
      'GET /quizzes/{id}',
      'POST /quizzes/{id}/submit',
      'GET /my-quizzes',
      'GET /courses/{id}/quizzes',
      'GET /courses/{id}/grades',
      'GET /mock-tests',
      'POST /mock-tests',
      'PUT /mock-tests/{id}',
      'DELETE /mock-tests/{id}',
      'GET /mock-tests/{id}/start',
      'POST /mock-tests/{id}/save-progress',
      'POST /mock-tests/{id}/submit',
      'GET /mock-tests/{id}/results',
      'GET /learner/quiz-attempts',
      'GET /learner/quiz-analytics',
      'GET /assignments/course/{courseId}',
      'POST /assignments',
      'GET /assignments/{id}',
      'DELETE /assignments/{id}',
      'GET /assignments/{id}/submissions',
      'POST /assignments/submissions/{id}/grade',
      'POST /assignments/{id}/submit',
    ])
      expect(keys).toContain(k);
    expect(Object.values(assessmentRoutes).every((r) => r.service === 'assessment')).toBe(true);
  });

  it('reads an essay review: points in steps of 0.5, feedback optional, something to do', () => {
    const question_id = '00000000-0000-4000-8000-000000000001';
    expect(ReviewAttemptRequest.parse({ grades: [{ question_id, earned_points: 2.5 }] })).toEqual({
      grades: [{ question_id, earned_points: 2.5 }],
    });
    expect(ReviewAttemptRequest.parse({ feedback: ' Good ' })).toEqual({ grades: [], feedback: 'Good' });
    expect(ReviewAttemptRequest.safeParse({ grades: [{ question_id, earned_points: 1.2 }] }).success).toBe(false);
    expect(ReviewAttemptRequest.safeParse({ grades: [{ question_id, earned_points: -0.5 }] }).success).toBe(false);
    expect(ReviewAttemptRequest.safeParse({ grades: [] }).success).toBe(false);
  });

  it('declares the assessment events, each with a version', () => {
    expect(Object.values(assessmentEvents).map((e) => e.name)).toEqual([
      'assessment.attempt.submitted',
      'assessment.attempt.reviewed',
      'assessment.quiz.saved',
      'assessment.quiz.deleted',
      'assessment.quiz.passed',
      'assessment.assignment.due-soon',
      'assessment.submission.graded',
    ]);
    for (const e of Object.values(assessmentEvents)) expect(e.schema.shape.v).toBeDefined();
  });
});
