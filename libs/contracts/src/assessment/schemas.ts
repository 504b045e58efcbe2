import { z } from 'zod';
import { IdSchema } from '../common/ids.js';

// Field names are the ones the browser of the learning-content spec sends and reads
// (section 3 "Quiz/assessment", "Question", "Result", "Quiz attempt", "Grades",
// "Assignment", "Submission"). Defaults and bounds are the spec's constants table (section 9)
// and validation rules (section 5); the assessment service enforces every one of them.

// ------------------------------------------------------------------ constants of the spec

export const QUESTION_TYPES = ['multiple_choice', 'true_false', 'short_answer', 'essay'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** exam and practice; the institution pages also send quiz */
export const TEST_MODES = ['exam', 'practice', 'quiz'] as const;
export type TestMode = (typeof TEST_MODES)[number];
/** Assessment kind, derived (spec section 4): mock test if is_mock_test, else exam if test_mode is exam, else quiz. */
export const ASSESSMENT_KINDS = ['mock_test', 'exam', 'quiz'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
/** The quiz centre's subject filter values; a quiz's subject itself is free text. */
export const QUIZ_SUBJECT_FILTERS = ['mathematics', 'science', 'english', 'history', 'programming', 'business'] as const;
/** Learner status per quiz (spec section 4). */
export const LEARNER_QUIZ_STATUSES = ['new', 'in-progress', 'passed', 'failed'] as const;
export type LearnerQuizStatus = (typeof LEARNER_QUIZ_STATUSES)[number];

export const DEFAULT_TEST_MODE: TestMode = 'exam';
export const DEFAULT_DIFFICULTY: Difficulty = 'medium';
export const DEFAULT_QUESTION_TYPE: QuestionType = 'multiple_choice';

export const PASSING_SCORE = { min: 0, max: 100, default: 70, examPageDefault: 75 } as const;
/** minutes; 0 means no limit (quizzes only) */
export const QUIZ_TIME_LIMIT = { min: 1, max: 300, none: 0, default: 60 } as const;
export const EXAM_TIME_LIMIT = { min: 15, max: 480, examPageDefault: 120 } as const;
export const MAX_ATTEMPTS = { min: 1, max: 10, default: 3 } as const;
export const QUESTION_POINTS = { min: 1, max: 10, default: 1 } as const;
export const ANSWER_OPTIONS = { min: 2, max: 6, default: 4 } as const;
export const SHORT_ANSWER_MAX_LENGTH = 500;
export const ESSAY_MAX_LENGTH = 2000;
export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;
/** Defaults on a new quiz (spec section 9). */
export const NEW_QUIZ_DEFAULTS = {
  is_published: true,
  allow_multiple_attempts: true,
  show_results_immediately: true,
  randomize_questions: false,
} as const;
export const MAX_QUESTIONS_PER_QUIZ = 200;
/**
 * A submission this many seconds after the limit is still on time (network, auto-submit at
 * zero). Later ones are graded with the answers saved up to the limit and flagged time_exceeded.
 */
export const TIME_LIMIT_GRACE_SECONDS = 30;
export const RECENT_ATTEMPTS_LIMIT = 10;

export const ASSIGNMENT_TYPES = ['essay', 'quiz', 'project', 'code', 'presentation', 'file_upload'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
export const ASSIGNMENT_MAX_POINTS = { min: 1, max: 10_000, default: 100 } as const;
/** percent per day late */
export const LATE_PENALTY_PERCENT = { min: 0, max: 100, default: 10 } as const;
export const GRADE_STEP = 0.5;
export const SUBMISSION_STATUSES = ['not_submitted', 'submitted', 'late', 'graded'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_TEXT_MAX_LENGTH = 50_000;
export const SUBMISSION_FILES_MAX = 10;

/** Letter grades of the course grades view: the lowest percentage of each letter. */
export const LETTER_GRADE_THRESHOLDS = [
  { letter: 'A', min: 90 },
  { letter: 'B', min: 80 },
  { letter: 'C', min: 70 },
  { letter: 'D', min: 60 },
  { letter: 'F', min: 0 },
] as const;
export type LetterGrade = (typeof LETTER_GRADE_THRESHOLDS)[number]['letter'];

// ------------------------------------------------------------------ rules shared by schema and service

export function assessmentKind(q: { is_mock_test: boolean; test_mode: TestMode }): AssessmentKind {
  if (q.is_mock_test) return 'mock_test';
  return q.test_mode === 'exam' ? 'exam' : 'quiz';
}

/**
 * Time limit bounds: exam mode 15-480 minutes; otherwise 1-300, or 0 for no limit.
 * Checked on create and, against the merged values, on every update.
 */
export function timeLimitProblem(testMode: TestMode, timeLimit: number): string | null {
  if (!Number.isInteger(timeLimit)) return 'Time limit must be a whole number of minutes';
  if (testMode === 'exam') {
    return timeLimit < EXAM_TIME_LIMIT.min || timeLimit > EXAM_TIME_LIMIT.max
      ? `Exam time limit must be between ${EXAM_TIME_LIMIT.min} and ${EXAM_TIME_LIMIT.max} minutes`
      : null;
  }
  if (timeLimit === QUIZ_TIME_LIMIT.none) return null;
  return timeLimit < QUIZ_TIME_LIMIT.min || timeLimit > QUIZ_TIME_LIMIT.max
    ? `Quiz time limit must be between ${QUIZ_TIME_LIMIT.min} and ${QUIZ_TIME_LIMIT.max} minutes (0 for no limit)`
    : null;
}

/** A grade is 0..max_points in steps of 0.5. */
export function gradeProblem(grade: number, maxPoints: number): string | null {
  if (!Number.isFinite(grade) || grade < 0) return 'Grade cannot be negative';
  if (grade > maxPoints) return `Grade cannot exceed ${maxPoints} points`;
  if (!Number.isInteger(grade / GRADE_STEP)) return `Grade must be a multiple of ${GRADE_STEP}`;
  return null;
}

// ------------------------------------------------------------------ building blocks

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
const text = (max: number) => z.string({ error: 'Must be text' }).trim().max(max, `At most ${max} characters`);
const IsoString = z.string();
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const PassingScore = z
  .number({ error: 'Passing score must be a number' })
  .min(PASSING_SCORE.min, `Passing score must be between ${PASSING_SCORE.min} and ${PASSING_SCORE.max}`)
  .max(PASSING_SCORE.max, `Passing score must be between ${PASSING_SCORE.min} and ${PASSING_SCORE.max}`);
const TimeLimit = z
  .number({ error: 'Time limit must be a number' })
  .int('Time limit must be a whole number of minutes')
  .min(0, 'Time limit cannot be negative')
  .max(EXAM_TIME_LIMIT.max, `Time limit cannot exceed ${EXAM_TIME_LIMIT.max} minutes`);
const MaxAttempts = z
  .number({ error: 'Max attempts must be a number' })
  .int('Max attempts must be a whole number')
  .min(MAX_ATTEMPTS.min, `Max attempts must be between ${MAX_ATTEMPTS.min} and ${MAX_ATTEMPTS.max}`)
  .max(MAX_ATTEMPTS.max, `Max attempts must be between ${MAX_ATTEMPTS.min} and ${MAX_ATTEMPTS.max}`);
const Points = z
  .number({ error: 'Points must be a number' })
  .int('Points must be a whole number')
  .min(QUESTION_POINTS.min, `Points must be between ${QUESTION_POINTS.min} and ${QUESTION_POINTS.max}`)
  .max(QUESTION_POINTS.max, `Points must be between ${QUESTION_POINTS.min} and ${QUESTION_POINTS.max}`);
const Subject = text(100);

// ------------------------------------------------------------------ questions

const questionFields = {
  question_text: required('Please enter a question', 5000),
  question_type: z.enum(QUESTION_TYPES, { error: 'Unknown question type' }).default(DEFAULT_QUESTION_TYPE),
  options: z
    .array(text(500), { error: 'Options must be a list' })
    .max(ANSWER_OPTIONS.max, `At most ${ANSWER_OPTIONS.max} options`)
    .default([]),
  correct_answer: text(ESSAY_MAX_LENGTH).default(''),
  subject: Subject.default(''),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).default(DEFAULT_DIFFICULTY),
  explanation: text(5000).default(''),
  points: Points.default(QUESTION_POINTS.default),
};
type RawQuestion = z.output<z.ZodObject<typeof questionFields>>;

/**
 * The builder's question rules, and the normalised question: multiple choice keeps its
 * non-empty options (2-6, distinct) and a correct answer that is one of them; true/false
 * always has the options True and False; short answers need a correct answer of at most 500
 * characters; an essay's correct_answer is an optional model answer (essays are graded by hand).
 */
export function normaliseQuestion(q: RawQuestion): { question: RawQuestion; problems: { path: string; message: string }[] } {
  const problems: { path: string; message: string }[] = [];
  const out = { ...q };
  switch (q.question_type) {
    case 'multiple_choice': {
      const options = q.options.filter((o) => o !== '');
      out.options = options;
      if (options.length < ANSWER_OPTIONS.min)
        problems.push({ path: 'options', message: 'Please provide at least 2 options for multiple choice questions' });
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
        problems.push({ path: 'options', message: 'Options must be different' });
      if (!q.correct_answer) problems.push({ path: 'correct_answer', message: 'Please enter the correct answer' });
      else if (!options.includes(q.correct_answer))
        problems.push({ path: 'correct_answer', message: 'Correct answer must be one of the options' });
      break;
    }
    case 'true_false': {
      out.options = [...TRUE_FALSE_OPTIONS];
      const v = q.correct_answer.toLowerCase();
      if (!q.correct_answer) problems.push({ path: 'correct_answer', message: 'Please enter the correct answer' });
      else if (v !== 'true' && v !== 'false') problems.push({ path: 'correct_answer', message: 'Correct answer must be True or False' });
      else out.correct_answer = v === 'true' ? 'True' : 'False';
      break;
    }
    case 'short_answer':
      out.options = [];
      if (!q.correct_answer) problems.push({ path: 'correct_answer', message: 'Please enter the correct answer' });
      else if (q.correct_answer.length > SHORT_ANSWER_MAX_LENGTH)
        problems.push({ path: 'correct_answer', message: `At most ${SHORT_ANSWER_MAX_LENGTH} characters` });
      break;
    case 'essay':
      out.options = [];
      break;
  }
  return { question: out, problems };
}

export const QuestionCreateRequest = z.object(questionFields).transform((q, ctx) => {
  const { question, problems } = normaliseQuestion(q);
  for (const p of problems) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  return question;
});
export type QuestionInput = z.output<typeof QuestionCreateRequest>;

/** What a taker sees of a question: never the correct answer nor the explanation. */
export const TakerQuestionSchema = z.object({
  id: IdSchema,
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  /** lettered from A in this order */
  options: z.array(z.string()),
  subject: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  points: z.number().int(),
  order: z.number().int(),
});
/** What the quiz's author sees. */
export const AuthorQuestionSchema = TakerQuestionSchema.extend({
  correct_answer: z.string(),
  explanation: z.string(),
});
export type TakerQuestion = z.infer<typeof TakerQuestionSchema>;
export type AuthorQuestion = z.infer<typeof AuthorQuestionSchema>;

// ------------------------------------------------------------------ quizzes, exams, mock tests

const quizFieldSchemas = {
  title: required('Please enter a quiz title', 200),
  description: text(5000),
  course_id: IdSchema.nullable(),
  is_mock_test: z.boolean(),
  test_mode: z.enum(TEST_MODES, { error: 'Test mode must be exam, practice or quiz' }),
  time_limit: TimeLimit,
  passing_score: PassingScore,
  subject: Subject,
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }),
  max_attempts: MaxAttempts,
  allow_multiple_attempts: z.boolean(),
  is_published: z.boolean(),
  randomize_questions: z.boolean(),
  show_results_immediately: z.boolean(),
  instructions: text(10_000),
  questions: z.array(QuestionCreateRequest).max(MAX_QUESTIONS_PER_QUIZ, `At most ${MAX_QUESTIONS_PER_QUIZ} questions`),
};

const quizCreateShape = (isMockTest: boolean) => ({
  ...quizFieldSchemas,
  description: quizFieldSchemas.description.default(''),
  course_id: quizFieldSchemas.course_id.default(null),
  is_mock_test: quizFieldSchemas.is_mock_test.default(isMockTest),
  test_mode: quizFieldSchemas.test_mode.default(DEFAULT_TEST_MODE),
  time_limit: quizFieldSchemas.time_limit.default(QUIZ_TIME_LIMIT.default),
  passing_score: quizFieldSchemas.passing_score.default(PASSING_SCORE.default),
  subject: quizFieldSchemas.subject.default(''),
  difficulty: quizFieldSchemas.difficulty.default(DEFAULT_DIFFICULTY),
  max_attempts: quizFieldSchemas.max_attempts.default(MAX_ATTEMPTS.default),
  allow_multiple_attempts: quizFieldSchemas.allow_multiple_attempts.default(NEW_QUIZ_DEFAULTS.allow_multiple_attempts),
  is_published: quizFieldSchemas.is_published.default(NEW_QUIZ_DEFAULTS.is_published),
  randomize_questions: quizFieldSchemas.randomize_questions.default(NEW_QUIZ_DEFAULTS.randomize_questions),
  show_results_immediately: quizFieldSchemas.show_results_immediately.default(NEW_QUIZ_DEFAULTS.show_results_immediately),
  instructions: quizFieldSchemas.instructions.default(''),
  questions: quizFieldSchemas.questions.default([]),
});

const checkTimeLimit = (v: { test_mode: TestMode; time_limit: number }, ctx: z.RefinementCtx) => {
  const problem = timeLimitProblem(v.test_mode, v.time_limit);
  if (problem) ctx.addIssue({ code: 'custom', path: ['time_limit'], message: problem });
};

/** POST /quizzes: a quiz or exam (is_mock_test false unless sent), optionally with its questions. */
export const QuizCreateRequest = z.object(quizCreateShape(false)).superRefine(checkTimeLimit);
/** POST /mock-tests: the full quiz plus questions; a mock test unless is_mock_test is sent false. */
export const MockTestCreateRequest = z.object(quizCreateShape(true)).superRefine(checkTimeLimit);
export type QuizCreateInput = z.output<typeof QuizCreateRequest>;

/**
 * PUT /quizzes/{id} and PUT /mock-tests/{id}: any of the fields; `questions`, when sent,
 * replaces the question set. The time limit is checked against the merged quiz by the service.
 */
export const QuizUpdateRequest = z
  .object(quizFieldSchemas)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type QuizUpdateInput = z.output<typeof QuizUpdateRequest>;

/**
 * How an assessment has gone so far, over every submitted attempt of its takers (the
 * author's and the course instructor's own tries are left out: they are previews, not
 * results; catalog's course figures leave the instructor out alike). Everyone who sees the
 * assessment sees the same figures: they are aggregates that name nobody, and one shape
 * for every caller keeps the lists cacheable and simple.
 */
export const QuizFiguresSchema = z.object({
  attempts: z.number().int(),
  /** mean score in percent, one decimal; null without attempts */
  average_score: z.number().nullable(),
  /** share of passed attempts in percent, one decimal; null without attempts */
  pass_rate: z.number().nullable(),
});
export type QuizFigures = z.infer<typeof QuizFiguresSchema>;

/** One assessment without its questions (lists, cards). */
export const QuizSummarySchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  is_mock_test: z.boolean(),
  test_mode: z.enum(TEST_MODES),
  /** minutes; 0: no limit */
  time_limit: z.number().int(),
  passing_score: z.number(),
  subject: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  course_id: IdSchema.nullable(),
  course_title: z.string().nullable(),
  max_attempts: z.number().int(),
  allow_multiple_attempts: z.boolean(),
  is_published: z.boolean(),
  randomize_questions: z.boolean(),
  show_results_immediately: z.boolean(),
  instructions: z.string(),
  question_count: z.number().int(),
  total_points: z.number().int(),
  figures: QuizFiguresSchema,
  created_by: IdSchema,
  created_at: IsoString,
  updated_at: IsoString,
});
export type QuizSummary = z.infer<typeof QuizSummarySchema>;

/** The caller's standing on one assessment (spec section 4, learner status). */
export const LearnerQuizStateSchema = z.object({
  status: z.enum(LEARNER_QUIZ_STATUSES),
  attempts_used: z.number().int(),
  /** null: unlimited (multiple attempts allowed) */
  attempts_left: z.number().int().nullable(),
  best_score: z.number().nullable(),
  can_start: z.boolean(),
});
export type LearnerQuizState = z.infer<typeof LearnerQuizStateSchema>;

/** A card in lists for takers: the summary plus the caller's standing. */
export const QuizCardSchema = QuizSummarySchema.extend({ my: LearnerQuizStateSchema });

/** GET /quizzes/{id}: what any caller (a taker) receives. Never answers or explanations. */
export const QuizTakerSchema = QuizSummarySchema.extend({
  questions: z.array(TakerQuestionSchema),
  my: LearnerQuizStateSchema,
  /** the open session the server's clock runs on (null when no attempt can be started) */
  session_id: IdSchema.nullable(),
  started_at: IsoString.nullable(),
  /** started_at + time_limit; null without a limit or without a session */
  deadline_at: IsoString.nullable(),
  /** the server's clock when answering: the countdown is deadline_at - server_now */
  server_now: IsoString,
  /** what the session saved (POST /mock-tests/{id}/save-progress), restored on a reload; empty without a session */
  answers: z.record(z.string(), z.string().nullable()),
  current_question: z.number().int(),
  flagged_questions: z.array(z.union([z.number().int(), z.string()])),
});
/** GET /quizzes/{id}/manage and every author answer: with correct answers and explanations. */
export const QuizAuthorSchema = QuizSummarySchema.extend({ questions: z.array(AuthorQuestionSchema) });
export type QuizTaker = z.infer<typeof QuizTakerSchema>;
export type QuizAuthor = z.infer<typeof QuizAuthorSchema>;

export const MockTestListQuery = z.object({
  subject: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), Subject.optional()),
  difficulty: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).optional(),
  ),
  course_id: z.preprocess(blankToUndefined, IdSchema.optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(200, 'The search is too long').optional()),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(50)),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
});

// ------------------------------------------------------------------ taking

/** An answer: text (an option's text for choice questions); true/false may come as a boolean. Null or '' is unanswered. */
const AnswerValue = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? null : String(v)))
  .pipe(z.string().max(ESSAY_MAX_LENGTH, `An answer has at most ${ESSAY_MAX_LENGTH} characters`).nullable());
/** Answers keyed by question id (a question's 0-based position is also understood). */
export const AnswersSchema = z.record(z.string().max(64), AnswerValue, { error: 'Answers must be an object' });
export type Answers = z.output<typeof AnswersSchema>;
const FlaggedQuestions = z.array(z.union([z.number().int().min(0), z.string().max(64)])).max(MAX_QUESTIONS_PER_QUIZ);

export const QuizSubmitRequest = z.object({
  answers: AnswersSchema.default({}),
  /** the session opened by GET /quizzes/{id} or GET /mock-tests/{id}/start; the caller's open one when absent */
  session_id: IdSchema.optional(),
  question_times: z.record(z.string().max(64), z.number().min(0)).default({}),
  flagged_questions: FlaggedQuestions.default([]),
});

export const SaveProgressRequest = z.object({
  session_id: IdSchema,
  answers: AnswersSchema.default({}),
  current_question: z.number().int().min(0).max(MAX_QUESTIONS_PER_QUIZ).default(0),
  flagged_questions: FlaggedQuestions.default([]),
});
export const SaveProgressResponse = z.object({ message: z.string(), session_id: IdSchema, saved_at: IsoString });

export const MockTestSubmitQuery = z.object({ session_id: IdSchema });
export const MockTestSubmitRequest = z.object({
  answers: AnswersSchema.default({}),
  question_times: z.record(z.string().max(64), z.number().min(0)).default({}),
  flagged_questions: FlaggedQuestions.default([]),
});

export const TestSessionSchema = z.object({
  session_id: IdSchema,
  started_at: IsoString,
  /** started_at + time_limit; null without a limit */
  deadline_at: IsoString.nullable(),
  /** the server's clock when answering: the countdown is deadline_at - server_now */
  server_now: IsoString,
  test: z.object({
    id: IdSchema,
    title: z.string(),
    kind: z.enum(ASSESSMENT_KINDS),
    instructions: z.string(),
    questions: z.array(TakerQuestionSchema),
    time_limit: z.number().int(),
    passing_score: z.number(),
    test_mode: z.enum(TEST_MODES),
    allow_multiple_attempts: z.boolean(),
    max_attempts: z.number().int(),
  }),
  /** saved progress, to resume */
  answers: z.record(z.string(), z.string().nullable()),
  current_question: z.number().int(),
  flagged_questions: z.array(z.union([z.number().int(), z.string()])),
});
export type TestSession = z.infer<typeof TestSessionSchema>;

export const SubjectPerformanceSchema = z.record(
  z.string(),
  z.object({ correct: z.number().int(), total: z.number().int(), percentage: z.number() }),
);
export const QuestionDetailSchema = z.object({
  question_id: IdSchema,
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  subject: z.string(),
  user_answer: z.string().nullable(),
  /** null for an essay (graded by hand) */
  correct_answer: z.string().nullable(),
  is_correct: z.boolean(),
  /** an essay waiting for manual grading */
  pending_review: z.boolean(),
  points: z.number().int(),
  earned_points: z.number(),
  explanation: z.string(),
  /** the reviewer's comment on this answer (essays graded by hand); absent before a review */
  feedback: z.string().optional(),
});
export type QuestionDetail = z.infer<typeof QuestionDetailSchema>;

/** The result of a submitted attempt (spec section 3, "Result"). */
export const QuizResultSchema = z.object({
  attempt_id: IdSchema,
  session_id: IdSchema,
  quiz_id: IdSchema,
  quiz_title: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  /** percent of the points, two decimals */
  score: z.number(),
  passed: z.boolean(),
  passing_score: z.number(),
  correct_answers: z.number().int(),
  total_questions: z.number().int(),
  earned_points: z.number(),
  total_points: z.number(),
  time_taken_minutes: z.number(),
  time_exceeded: z.boolean(),
  needs_manual_grading: z.boolean(),
  attempt_number: z.number().int(),
  attempts_left: z.number().int().nullable(),
  submitted_at: IsoString,
  subject_performance: SubjectPerformanceSchema,
  /** empty when the quiz does not show results immediately */
  question_details: z.array(QuestionDetailSchema),
  /** the reviewer's comment on the whole attempt (POST /learner/quiz-attempts/{id}/review); absent before a review */
  feedback: z.string().optional(),
  /** when the author last graded essays of this attempt; absent before a review */
  reviewed_at: IsoString.optional(),
});
export type QuizResult = z.infer<typeof QuizResultSchema>;

/**
 * POST /learner/quiz-attempts/{id}/review: the author grades (or re-grades) the essays of one
 * attempt. Each grade is 0..the question's points in steps of GRADE_STEP (the upper bound is
 * the question's, checked by the service); feedback left out keeps what was there, '' clears it.
 */
export const ReviewAttemptRequest = z
  .object({
    grades: z
      .array(
        z.object({
          question_id: IdSchema,
          earned_points: z
            .number({ error: 'Points are required' })
            .min(0, 'Points cannot be negative')
            .refine((g) => Number.isInteger(g / GRADE_STEP), `Points must be a multiple of ${GRADE_STEP}`),
          feedback: text(5000).optional(),
        }),
        { error: 'Grades must be a list' },
      )
      .max(MAX_QUESTIONS_PER_QUIZ, `At most ${MAX_QUESTIONS_PER_QUIZ} grades`)
      .default([]),
    feedback: text(10_000).optional(),
  })
  .refine((v) => v.grades.length > 0 || v.feedback !== undefined, 'Grade at least one essay or write feedback');
export type ReviewAttemptInput = z.output<typeof ReviewAttemptRequest>;

export const MockTestResultsSchema = z.object({
  quiz_id: IdSchema,
  title: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  /** the caller's latest result (takers); null for the author or before any attempt */
  latest: QuizResultSchema.nullable(),
  /** the author: every taker's attempts; a taker: their own */
  attempts: z.array(
    z.object({
      attempt_id: IdSchema,
      user_id: IdSchema,
      /** the taker's name from the users read model; a neutral name when unknown or deleted */
      user_name: z.string(),
      score: z.number(),
      passed: z.boolean(),
      correct_answers: z.number().int(),
      total_questions: z.number().int(),
      time_taken_minutes: z.number(),
      time_exceeded: z.boolean(),
      /** essays answered in this attempt still wait for the author's review */
      needs_manual_grading: z.boolean(),
      submitted_at: IsoString,
    }),
  ),
});

/** GET /learner/quiz-attempts (spec section 3, "Quiz attempt"). */
export const QuizAttemptSchema = z.object({
  id: IdSchema,
  quiz_id: IdSchema,
  quiz_title: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  score: z.number(),
  passed: z.boolean(),
  completed_at: IsoString,
  submitted_at: IsoString,
  time_taken_minutes: z.number(),
  total_questions: z.number().int(),
  correct_answers: z.number().int(),
  feedback: z.string(),
  /** essays of this attempt wait for the author's review (the score may still rise) */
  needs_manual_grading: z.boolean(),
});

export const QuizAnalyticsSchema = z.object({
  total_attempts: z.number().int(),
  average_score: z.number(),
  passed_count: z.number().int(),
  pass_rate: z.number(),
  avg_time_per_question: z.number(),
  fastest_completion: z.number().nullable(),
  subject_performance: z.record(
    z.string(),
    z.object({ average_score: z.number(), attempts: z.number().int(), trend: z.enum(['improving', 'declining', 'stable']) }),
  ),
  recent_improvement: z.number(),
  strongest_subject: z.string().nullable(),
  strongest_subject_score: z.number().nullable(),
  improvement_area: z.string().nullable(),
  achievements: z.array(z.string()),
  /** the latest SCORE_HISTORY_LIMIT attempts, oldest first: the learner's scores over time */
  score_history: z.array(
    z.object({ attempt_id: IdSchema, quiz_title: z.string(), score: z.number(), passed: z.boolean(), submitted_at: IsoString }),
  ),
});
/** How many attempts the score history of the learner's analytics holds. */
export const SCORE_HISTORY_LIMIT = 30;

/** GET /courses/{id}/grades (spec section 3, "Grades"); best attempt per assessment. */
export const CourseGradesSchema = z.object({
  letter_grade: z.enum(['A', 'B', 'C', 'D', 'F']).nullable(),
  overall_percentage: z.number(),
  earned_points: z.number(),
  total_points: z.number(),
  completed_assessments: z.number().int(),
  available_assessments: z.number().int(),
  quiz_grades: z.array(
    z.object({
      quiz_id: IdSchema,
      title: z.string(),
      type: z.enum(ASSESSMENT_KINDS),
      score_percentage: z.number(),
      passed: z.boolean(),
      earned_points: z.number(),
      max_points: z.number(),
    }),
  ),
});

// ------------------------------------------------------------------ assignments

const DueDate = z.iso.datetime({ offset: true, error: 'Due date must be a date and time' });
const assignmentFieldSchemas = {
  course_id: IdSchema,
  title: required('Title is required', 200),
  description: required('Description is required', 10_000),
  assignment_type: z.enum(ASSIGNMENT_TYPES, { error: 'Unknown assignment type' }),
  instructions: required('Instructions are required', 20_000),
  max_points: z
    .number({ error: 'Max points must be a number' })
    .min(ASSIGNMENT_MAX_POINTS.min, `Max points must be at least ${ASSIGNMENT_MAX_POINTS.min}`)
    .max(ASSIGNMENT_MAX_POINTS.max, `Max points cannot exceed ${ASSIGNMENT_MAX_POINTS.max}`),
  due_date: DueDate,
  allow_late_submission: z.boolean(),
  late_penalty_percent: z
    .number({ error: 'Late penalty must be a number' })
    .min(LATE_PENALTY_PERCENT.min, 'Late penalty must be between 0 and 100')
    .max(LATE_PENALTY_PERCENT.max, 'Late penalty must be between 0 and 100'),
  is_published: z.boolean(),
};
export const AssignmentCreateRequest = z.object({
  ...assignmentFieldSchemas,
  max_points: assignmentFieldSchemas.max_points.default(ASSIGNMENT_MAX_POINTS.default),
  allow_late_submission: assignmentFieldSchemas.allow_late_submission.default(true),
  late_penalty_percent: assignmentFieldSchemas.late_penalty_percent.default(LATE_PENALTY_PERCENT.default),
  is_published: assignmentFieldSchemas.is_published.default(false),
});
/** Edit or publish (`{is_published: true}`); the course cannot change. */
export const AssignmentUpdateRequest = z
  .object(assignmentFieldSchemas)
  .omit({ course_id: true })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');

export const SubmissionSchema = z.object({
  id: IdSchema,
  assignment_id: IdSchema,
  student_id: IdSchema,
  student_name: z.string(),
  student_email: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  submitted_at: IsoString.nullable(),
  is_late: z.boolean(),
  days_late: z.number().int(),
  /** the grade after the late penalty */
  grade: z.number().nullable(),
  /** the grade the grader gave, before the late penalty */
  raw_grade: z.number().nullable(),
  late_penalty_applied: z.number(),
  percentage: z.number().nullable(),
  feedback: z.string().nullable(),
  submission_text: z.string(),
  submission_files: z.array(z.string()),
  graded_at: IsoString.nullable(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const AssignmentSchema = z.object({
  id: IdSchema,
  course_id: IdSchema,
  course_title: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  assignment_type: z.enum(ASSIGNMENT_TYPES),
  instructions: z.string(),
  max_points: z.number(),
  due_date: IsoString,
  allow_late_submission: z.boolean(),
  late_penalty_percent: z.number(),
  is_published: z.boolean(),
  created_by: IdSchema,
  created_at: IsoString,
  updated_at: IsoString,
  /** for the owner */
  submission_count: z.number().int(),
  /** for learners: their own submission */
  submission_status: z.enum(SUBMISSION_STATUSES),
  has_submitted: z.boolean(),
  grade: z.number().nullable(),
  submission: SubmissionSchema.nullable(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

export const AssignmentSubmitRequest = z.object({
  /** the path's id; when sent it must match */
  assignment_id: IdSchema.optional(),
  submission_text: required('Submission text is required', SUBMISSION_TEXT_MAX_LENGTH),
  submission_files: z.array(text(2048)).max(SUBMISSION_FILES_MAX, `At most ${SUBMISSION_FILES_MAX} files`).default([]),
});

export const GradeSubmissionRequest = z.object({
  /** the path's id; when sent it must match */
  submission_id: IdSchema.optional(),
  grade: z
    .number({ error: 'Grade is required' })
    .min(0, 'Grade cannot be negative')
    .refine((g) => Number.isInteger(g / GRADE_STEP), `Grade must be a multiple of ${GRADE_STEP}`),
  feedback: text(10_000).default(''),
});

export const AssessmentCourseIdParams = z.object({ courseId: IdSchema });
