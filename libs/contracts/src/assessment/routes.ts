/**
 * Assessment routes: quizzes, exams and mock tests (one model, kind derived), questions,
 * taking (test sessions on the server's clock), results, grades, attempts, analytics,
 * assignments and submissions.
 *
 * Answer shapes follow catalog's rule (lists are plain arrays; a creation answers the
 * entity with 201; an action answers an object with `message` and its result fields).
 *
 * No leak of answers: every taker-facing route declares taker schemas (TakerQuestionSchema:
 * no correct_answer, no explanation); the bus strips a response to its declared schema, so
 * a service bug cannot send answers to a taker. Authors read answers through routes that
 * declare author schemas and are owner-only: GET /quizzes/{id}/manage (besides ROUTES.md)
 * and the answers of create/update.
 *
 * Besides ROUTES.md: GET /quizzes/{id}/manage (the author's view), PUT /assignments/{id}
 * (edit and publish; the SPA links /assignments/{id}/edit) and GET /learner/quiz-attempts/{id}
 * (one result for the SPA's review page /quiz/{id}/review/{attemptId}) and
 * POST /learner/quiz-attempts/{id}/review (the author grades the essays of an attempt) and
 * GET /quizzes/{id}/info (an assessment's card for the SPA's /quiz/{id}/info, no session opened).
 */
import { z } from 'zod';
import { defineInternal } from '../common/bus-access.js';
import { BotAnswerReply, BotAnswerRequest, BotQuestionReply, BotReadRequest } from '../common/bot-reads.js';
import { defineRoute } from '../common/route.js';
import { IdParams, IdSchema, MessageResponse } from '../common/ids.js';
import * as s from './schemas.js';

const service = 'assessment' as const;
const AUTHORS = ['instructor', 'mentor', 'institution'] as const;
const GRADERS = ['instructor', 'admin'] as const;

export const assessmentRoutes = {
  // ---------------------------------------------------------------- quizzes and exams
  createQuiz: defineRoute({
    subject: 'assessment.quiz.create',
    service,
    method: 'POST',
    path: '/quizzes',
    guard: AUTHORS,
    summary: "Create a quiz or exam (optionally with questions); with course_id, only the course's owner",
    body: s.QuizCreateRequest,
    response: s.QuizAuthorSchema,
    successStatus: 201,
  }),
  updateQuiz: defineRoute({
    subject: 'assessment.quiz.update',
    service,
    method: 'PUT',
    path: '/quizzes/{id}',
    guard: AUTHORS,
    summary: 'Edit an assessment (its author only); questions, when sent, replace the question set',
    params: IdParams,
    body: s.QuizUpdateRequest,
    response: s.QuizAuthorSchema,
  }),
  deleteQuiz: defineRoute({
    subject: 'assessment.quiz.delete',
    service,
    method: 'DELETE',
    path: '/quizzes/{id}',
    guard: AUTHORS,
    summary: 'Delete an assessment (its author only) with its questions, sessions and attempts',
    params: IdParams,
    response: MessageResponse,
  }),
  addQuestion: defineRoute({
    subject: 'assessment.question.create',
    service,
    method: 'POST',
    path: '/quizzes/{id}/questions',
    guard: AUTHORS,
    summary: 'Add a question to an assessment (its author only)',
    params: IdParams,
    body: s.QuestionCreateRequest,
    response: s.AuthorQuestionSchema,
    successStatus: 201,
  }),
  getQuiz: defineRoute({
    subject: 'assessment.quiz.get',
    service,
    method: 'GET',
    path: '/quizzes/{id}',
    guard: 'any',
    summary:
      "An assessment to take: questions without answers or explanations, the caller's standing, and the open session whose clock is the server's",
    params: IdParams,
    response: s.QuizTakerSchema,
  }),
  quizInfo: defineRoute({
    subject: 'assessment.quiz.info',
    service,
    method: 'GET',
    path: '/quizzes/{id}/info',
    guard: 'any',
    summary: "An assessment's card with the caller's standing (besides ROUTES.md), visible as for taking; opens no session",
    params: IdParams,
    response: s.QuizCardSchema,
  }),
  manageQuiz: defineRoute({
    subject: 'assessment.quiz.manage',
    service,
    method: 'GET',
    path: '/quizzes/{id}/manage',
    guard: AUTHORS,
    summary: 'An assessment with correct answers and explanations (its author only): edit and preview',
    params: IdParams,
    response: s.QuizAuthorSchema,
  }),
  submitQuiz: defineRoute({
    subject: 'assessment.quiz.submit',
    service,
    method: 'POST',
    path: '/quizzes/{id}/submit',
    guard: 'any',
    summary: 'Submit answers; graded on the server; max_attempts enforced unless multiple attempts are allowed',
    params: IdParams,
    body: s.QuizSubmitRequest,
    response: s.QuizResultSchema,
  }),
  myQuizzes: defineRoute({
    subject: 'assessment.quiz.mine',
    service,
    method: 'GET',
    path: '/my-quizzes',
    guard: 'any',
    summary: 'Assessments the caller created, newest first',
    response: z.array(s.QuizSummarySchema),
  }),
  courseQuizzes: defineRoute({
    subject: 'assessment.quiz.by-course',
    service,
    method: 'GET',
    path: '/courses/{id}/quizzes',
    guard: 'any',
    summary: "Assessments of a course (drafts only for the course owner) with the caller's standing",
    params: IdParams,
    response: z.array(s.QuizCardSchema),
  }),
  courseGrades: defineRoute({
    subject: 'assessment.grades.course',
    service,
    method: 'GET',
    path: '/courses/{id}/grades',
    guard: 'any',
    summary: "The caller's grades in a course: best attempt per assessment, letter grade",
    params: IdParams,
    response: s.CourseGradesSchema,
  }),

  // ---------------------------------------------------------------- mock tests and sessions
  listMockTests: defineRoute({
    subject: 'assessment.mock-test.list',
    service,
    method: 'GET',
    path: '/mock-tests',
    guard: 'any',
    summary:
      "Assessments to discover; filters subject, difficulty, course_id, search; learners see published only, and a course's only when enrolled in it",
    query: s.MockTestListQuery,
    response: z.array(s.QuizCardSchema),
  }),
  createMockTest: defineRoute({
    subject: 'assessment.mock-test.create',
    service,
    method: 'POST',
    path: '/mock-tests',
    guard: AUTHORS,
    summary: 'Create a mock test with its questions (is_mock_test defaults to true)',
    body: s.MockTestCreateRequest,
    response: s.QuizAuthorSchema,
    successStatus: 201,
  }),
  updateMockTest: defineRoute({
    subject: 'assessment.mock-test.update',
    service,
    method: 'PUT',
    path: '/mock-tests/{id}',
    guard: AUTHORS,
    summary: 'Edit a mock test (its author only)',
    params: IdParams,
    body: s.QuizUpdateRequest,
    response: s.QuizAuthorSchema,
  }),
  deleteMockTest: defineRoute({
    subject: 'assessment.mock-test.delete',
    service,
    method: 'DELETE',
    path: '/mock-tests/{id}',
    guard: AUTHORS,
    summary: 'Delete a mock test (its author only)',
    params: IdParams,
    response: MessageResponse,
  }),
  startMockTest: defineRoute({
    subject: 'assessment.session.start',
    service,
    method: 'GET',
    path: '/mock-tests/{id}/start',
    guard: 'any',
    summary: 'Open (or resume) a test session: the server owns the clock; questions without answers',
    params: IdParams,
    response: s.TestSessionSchema,
  }),
  saveProgress: defineRoute({
    subject: 'assessment.session.save',
    service,
    method: 'POST',
    path: '/mock-tests/{id}/save-progress',
    guard: 'any',
    summary: 'Save answers, current question and flags of an open session (its owner only)',
    params: IdParams,
    body: s.SaveProgressRequest,
    response: s.SaveProgressResponse,
  }),
  submitMockTest: defineRoute({
    subject: 'assessment.session.submit',
    service,
    method: 'POST',
    path: '/mock-tests/{id}/submit',
    guard: 'any',
    summary: 'Submit a session once (a repeated submit answers the same result); late submissions are marked time_exceeded',
    params: IdParams,
    query: s.MockTestSubmitQuery,
    body: s.MockTestSubmitRequest,
    response: s.QuizResultSchema,
  }),
  mockTestResults: defineRoute({
    subject: 'assessment.mock-test.results',
    service,
    method: 'GET',
    path: '/mock-tests/{id}/results',
    guard: 'any',
    summary: 'Results: the author sees every attempt; a taker their own, with the latest result',
    params: IdParams,
    response: s.MockTestResultsSchema,
  }),
  learnerAttempts: defineRoute({
    subject: 'assessment.learner.attempts',
    service,
    method: 'GET',
    path: '/learner/quiz-attempts',
    guard: ['learner'],
    summary: "The caller's attempts, newest first",
    response: z.array(s.QuizAttemptSchema),
  }),
  learnerAnalytics: defineRoute({
    subject: 'assessment.learner.analytics',
    service,
    method: 'GET',
    path: '/learner/quiz-analytics',
    guard: ['learner'],
    summary: "The caller's quiz analytics",
    response: s.QuizAnalyticsSchema,
  }),
  getAttempt: defineRoute({
    subject: 'assessment.attempt.get',
    service,
    method: 'GET',
    path: '/learner/quiz-attempts/{id}',
    guard: 'any',
    summary:
      "One attempt's result for the review page (besides ROUTES.md): its taker or the assessment's author; question details only when the assessment shows results (always for the author)",
    params: IdParams,
    response: s.QuizResultSchema,
  }),
  reviewAttempt: defineRoute({
    subject: 'assessment.attempt.review',
    service,
    method: 'POST',
    path: '/learner/quiz-attempts/{id}/review',
    guard: AUTHORS,
    summary:
      "Grade or re-grade the essays of an attempt (the assessment's author only, besides ROUTES.md): 0..the question's points in steps of 0.5, with feedback; score, passed and needs_manual_grading recomputed",
    params: IdParams,
    body: s.ReviewAttemptRequest,
    response: s.QuizResultSchema,
  }),

  // ---------------------------------------------------------------- assignments
  courseAssignments: defineRoute({
    subject: 'assessment.assignment.by-course',
    service,
    method: 'GET',
    path: '/assignments/course/{courseId}',
    guard: 'any',
    summary: "Assignments of a course: all for the owner, published ones with the caller's submission for enrolled learners",
    params: s.AssessmentCourseIdParams,
    response: z.array(s.AssignmentSchema),
  }),
  createAssignment: defineRoute({
    subject: 'assessment.assignment.create',
    service,
    method: 'POST',
    path: '/assignments',
    guard: GRADERS,
    summary: "Create an assignment in one of the caller's courses (a draft unless is_published)",
    body: s.AssignmentCreateRequest,
    response: s.AssignmentSchema,
    successStatus: 201,
  }),
  getAssignment: defineRoute({
    subject: 'assessment.assignment.get',
    service,
    method: 'GET',
    path: '/assignments/{id}',
    guard: 'any',
    summary: "One assignment (with the caller's submission for learners); a draft only for its owner",
    params: IdParams,
    response: s.AssignmentSchema,
  }),
  updateAssignment: defineRoute({
    subject: 'assessment.assignment.update',
    service,
    method: 'PUT',
    path: '/assignments/{id}',
    guard: GRADERS,
    summary: 'Edit or publish an assignment (owner only)',
    params: IdParams,
    body: s.AssignmentUpdateRequest,
    response: s.AssignmentSchema,
  }),
  deleteAssignment: defineRoute({
    subject: 'assessment.assignment.delete',
    service,
    method: 'DELETE',
    path: '/assignments/{id}',
    guard: GRADERS,
    summary: 'Delete an assignment and its submissions (owner only)',
    params: IdParams,
    response: MessageResponse,
  }),
  listSubmissions: defineRoute({
    subject: 'assessment.submission.list',
    service,
    method: 'GET',
    path: '/assignments/{id}/submissions',
    guard: GRADERS,
    summary: 'Submissions of an assignment (owner only)',
    params: IdParams,
    response: z.array(s.SubmissionSchema),
  }),
  gradeSubmission: defineRoute({
    subject: 'assessment.submission.grade',
    service,
    method: 'POST',
    path: '/assignments/submissions/{id}/grade',
    guard: GRADERS,
    summary: 'Grade or re-grade a submission: 0..max_points in steps of 0.5, the late penalty per day applied',
    params: IdParams,
    body: s.GradeSubmissionRequest,
    response: s.SubmissionSchema,
  }),
  submitAssignment: defineRoute({
    subject: 'assessment.assignment.submit',
    service,
    method: 'POST',
    path: '/assignments/{id}/submit',
    guard: ['learner'],
    summary: 'Submit (or resubmit until graded) an assignment of an enrolled course; late submissions are marked',
    params: IdParams,
    body: s.AssignmentSubmitRequest,
    response: s.SubmissionSchema,
    successStatus: 201,
  }),
} as const;

/** Bus-only subjects (no HTTP route): only the seed calls them. */
export const assessmentInternal = {
  /** /quiz in the Telegram bot: a practice question (multiple choice or true/false) of a published quiz of one of the user's courses */
  botQuestion: defineInternal({
    subject: 'assessment.bot.question',
    request: BotReadRequest,
    response: BotQuestionReply,
    callers: ['telegram-bot'],
  }),
  /** the answer pressed under /quiz's question, graded by the attempts' grading (practice: no attempt is stored, docs/notifications.md) */
  botAnswer: defineInternal({
    subject: 'assessment.bot.answer',
    request: BotAnswerRequest,
    response: BotAnswerReply,
    callers: ['telegram-bot'],
  }),
  /** /deadlines in the Telegram bot: the published assignments of the user's courses due from now on, not yet submitted, soonest first */
  botDeadlines: defineInternal({
    subject: 'assessment.bot.deadlines',
    request: BotReadRequest,
    response: z.array(z.object({ assignment_id: IdSchema, title: z.string(), course_title: z.string().nullable(), due_date: z.string() })),
    callers: ['telegram-bot'],
  }),
  /**
   * demo data: moves an open session's start (and deadline) back, so the attempt the seed then
   * submits took a learner's time rather than the seed's milliseconds
   */
  backdateSession: defineInternal({
    subject: 'assessment.seed.backdate-session',
    request: z.object({ session_id: IdSchema, seconds: z.number().int().min(1).max(86_400) }),
    response: z.object({ session_id: IdSchema, started_at: z.string() }),
    callers: ['seed'],
    devOnly: true,
  }),
} as const;
