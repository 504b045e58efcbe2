import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  assessmentEvents,
  TIME_LIMIT_GRACE_SECONDS,
  type Answers,
  type Caller,
  type LearnerQuizState,
  type QuizSummary,
  type QuizResult,
  type QuizTaker,
  type TestSession,
  assessmentRoutes,
  type RouteInput,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, iso, UnitOfWork, Handles, currentCaller } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { gradeAttempt, sessionDeadline, sessionTiming } from '../grading/grading.util.js';
import { learnerState } from '../grading/learner-status.util.js';
import { QuizAccess } from '../quizzes/quiz-access.js';
import type { QuestionEntity } from '../../entities/question.entity.js';
import type { TestSessionEntity } from '../../entities/test-session.entity.js';
import { kindOf, toGradable, toSummary, toTakerQuestion } from '../quizzes/quiz.mapper.js';
import { QuestionCache } from '../quizzes/question-cache.js';
import { QuizzesRepository, type QuizView, type TakerQuizView } from '../quizzes/quizzes.repository.js';
import { servedOrder, shuffledIds } from './question-order.util.js';
import { SessionsRepository, type SessionForSubmit } from './sessions.repository.js';

export interface SubmitInput {
  answers: Answers;
  question_times: Record<string, number>;
  flagged_questions: (number | string)[];
}

/** What a taker receives of a result: the per-question review only when the assessment shows results. */
export function takerResult(result: QuizResult, showResults: boolean): QuizResult {
  return showResults ? result : { ...result, question_details: [] };
}

/** The limit a session runs on, fixed when it opened (an author's later edit does not move a running clock). */
const sessionLimitMinutes = (s: Pick<TestSessionEntity, 'startedAt' | 'deadlineAt'>): number =>
  s.deadlineAt ? (s.deadlineAt.getTime() - s.startedAt.getTime()) / 60_000 : 0;

type R = typeof assessmentRoutes;

/**
 * Taking an assessment; the server owns the truth. A session opens on the server's clock
 * (one open session per quiz and user, enforced by a unique partial index); saving is
 * refused once the time (plus grace) is up; submitting grades on the server exactly once
 * per session, in one transaction with the attempt, the session's closing and the events.
 * An open session whose time is up is still answered on resume: submitting it grades the
 * answers saved in time, flagged time_exceeded.
 */
@Injectable()
export class TakingService {
  constructor(
    @Inject(QuizzesRepository) private readonly quizzes: QuizzesRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(QuizAccess) private readonly access: QuizAccess,
    @Inject(QuestionCache) private readonly questionCache: QuestionCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The taker view; opens or resumes the caller's session when an attempt can start. */
  @Handles(assessmentRoutes.getQuiz)
  async getQuiz({ params: { id } }: RouteInput<R['getQuiz']>): Promise<QuizTaker> {
    const caller = currentCaller();
    const quiz = await this.access.startable(id, caller);
    const { questions, state, session } = await this.prepare(quiz, caller);
    const served = session ? servedOrder(questions, session.questionOrder) : questions;
    return {
      ...toSummary(quiz),
      questions: served.map((q, i) => toTakerQuestion(q, i)),
      my: state,
      session_id: session?.id ?? null,
      started_at: session ? iso(session.startedAt) : null,
      deadline_at: session?.deadlineAt ? iso(session.deadlineAt) : null,
      server_now: iso(this.clock.now()),
      answers: session?.answers ?? {},
      current_question: session?.currentQuestion ?? 0,
      flagged_questions: session?.flaggedQuestions ?? [],
    };
  }

  /** GET /quizzes/{id}/info: the card and the caller's standing, visible as for taking; opens no session. */
  @Handles(assessmentRoutes.quizInfo)
  async info({ params: { id } }: RouteInput<R['quizInfo']>): Promise<QuizSummary & { my: LearnerQuizState }> {
    const caller = currentCaller();
    const quiz = await this.access.takeable(id, caller);
    return { ...toSummary(quiz), my: learnerState(quiz.myScores, quiz) };
  }

  @Handles(assessmentRoutes.startMockTest)
  async start({ params: { id } }: RouteInput<R['startMockTest']>): Promise<TestSession> {
    const caller = currentCaller();
    const quiz = await this.access.startable(id, caller);
    const { questions, session } = await this.prepare(quiz, caller);
    if (!questions.length) throw assessmentErrors.noQuestions();
    if (!session) throw assessmentErrors.attemptsExhausted();
    return this.sessionView(quiz, questions, session);
  }

  @Handles(assessmentRoutes.saveProgress)
  async saveProgress({
    params: { id: quizId },
    body,
  }: RouteInput<R['saveProgress']>): Promise<{ message: string; session_id: string; saved_at: string }> {
    const caller = currentCaller();
    const session = await this.sessions.find(body.session_id);
    if (!session || session.quizId !== quizId) throw assessmentErrors.sessionNotFound();
    if (session.userId !== caller.userId) throw assessmentErrors.notSessionOwner();
    if (session.submittedAt) throw assessmentErrors.sessionClosed();
    const now = this.clock.now();
    if (session.deadlineAt && now.getTime() > session.deadlineAt.getTime() + TIME_LIMIT_GRACE_SECONDS * 1000)
      throw assessmentErrors.sessionExpired();
    const saved = await this.sessions.saveProgress(session.id, {
      answers: body.answers,
      currentQuestion: body.current_question,
      flagged: body.flagged_questions,
      now,
    });
    if (!saved) throw assessmentErrors.sessionClosed();
    return { message: 'Progress saved', session_id: session.id, saved_at: iso(saved.savedAt) };
  }

  /** POST /quizzes/{id}/submit: the given session, else the caller's open one, else one opened now. */
  @Handles(assessmentRoutes.submitQuiz)
  async submitQuiz({ params: { id: quizId }, body: { session_id: given, ...input } }: RouteInput<R['submitQuiz']>): Promise<QuizResult> {
    const caller = currentCaller();
    let sessionId = given;
    if (!sessionId) {
      const quiz = await this.access.startable(quizId, caller);
      const { questions, session } = await this.prepare(quiz, caller);
      if (!questions.length) throw assessmentErrors.noQuestions();
      if (!session) throw assessmentErrors.attemptsExhausted();
      sessionId = session.id;
    }
    return this.submit(caller, quizId, sessionId, input);
  }

  /**
   * Grades a session once, in one transaction of few statements: the session locked with
   * its quiz and prior scores (one query), the questions (cached by quiz version, else one
   * query), the attempt and the session's closing (one statement), one or two outbox rows.
   * A repeated or concurrent submit waits for the lock and answers the stored result.
   */
  @Handles(assessmentRoutes.submitMockTest)
  async submitMockTest({ params: { id }, query: { session_id }, body }: RouteInput<R['submitMockTest']>): Promise<QuizResult> {
    return this.submit(currentCaller(), id, session_id, body);
  }

  private async submit(caller: Caller, quizId: string, sessionId: string, input: SubmitInput): Promise<QuizResult> {
    const { result, show } = await this.uow.run(async (tx) => {
      const locked = await this.sessions.lockForSubmit(tx, sessionId);
      if (!locked || locked.session.quizId !== quizId) throw assessmentErrors.sessionNotFound();
      const { session: s, quiz } = locked;
      if (s.userId !== caller.userId) throw assessmentErrors.notSessionOwner();
      if (s.submittedAt) {
        const stored = await this.sessions.resultOfSession(s.id, tx);
        if (!stored) throw assessmentErrors.sessionClosed();
        return { result: stored, show: quiz.showResultsImmediately };
      }
      const state = learnerState(locked.priorScores, quiz);
      if (!state.can_start) throw assessmentErrors.attemptsExhausted();
      const questions = await this.questionCache.get(quizId, quiz.version, () => this.quizzes.questions(quizId, tx));
      if (!questions.length) throw assessmentErrors.noQuestions();

      const now = this.clock.now();
      const timing = sessionTiming(s.startedAt, now, sessionLimitMinutes(s));
      // late: only what was saved in time counts (saves are refused after the deadline plus grace)
      const answers: Answers = timing.time_exceeded ? s.answers : { ...s.answers, ...input.answers };
      const result = this.grade(locked, servedOrder(questions, s.questionOrder), answers, timing, now);
      await this.sessions.closeWithAttempt(tx, {
        id: result.attempt_id,
        sessionId: s.id,
        quizId,
        userId: s.userId,
        result,
        answers,
        questionTimes: input.question_times,
        flaggedQuestions: input.flagged_questions,
        submittedAt: now,
      });
      await this.announce(tx, locked, result);
      return { result, show: quiz.showResultsImmediately };
    });
    return takerResult(result, show);
  }

  private grade(
    { session, quiz, priorScores }: SessionForSubmit,
    questions: readonly QuestionEntity[],
    answers: Answers,
    timing: { time_taken_minutes: number; time_exceeded: boolean },
    now: Date,
  ): QuizResult {
    const passingScore = quiz.passingScore;
    const graded = gradeAttempt(questions.map(toGradable), answers, { passingScore, quizSubject: quiz.subject });
    const attemptNumber = priorScores.length + 1;
    return {
      attempt_id: randomUUID(),
      session_id: session.id,
      quiz_id: session.quizId,
      quiz_title: quiz.title,
      kind: kindOf(quiz),
      score: graded.score,
      passed: graded.passed,
      passing_score: passingScore,
      correct_answers: graded.correct_answers,
      total_questions: graded.total_questions,
      earned_points: graded.earned_points,
      total_points: graded.total_points,
      time_taken_minutes: timing.time_taken_minutes,
      time_exceeded: timing.time_exceeded,
      needs_manual_grading: graded.needs_manual_grading,
      attempt_number: attemptNumber,
      attempts_left: quiz.allowMultipleAttempts ? null : Math.max(0, quiz.maxAttempts - attemptNumber),
      submitted_at: iso(now),
      subject_performance: graded.subject_performance,
      question_details: graded.question_details,
    };
  }

  private async announce(tx: Parameters<Parameters<UnitOfWork['run']>[0]>[0], s: SessionForSubmit, r: QuizResult): Promise<void> {
    await writeEvent(tx, assessmentEvents.attemptSubmitted, {
      v: 1,
      attempt_id: r.attempt_id,
      session_id: r.session_id,
      quiz_id: r.quiz_id,
      quiz_title: r.quiz_title,
      kind: r.kind,
      score: r.score,
      passed: r.passed,
      correct_answers: r.correct_answers,
      total_questions: r.total_questions,
      time_taken_minutes: r.time_taken_minutes,
      time_exceeded: r.time_exceeded,
      needs_manual_grading: r.needs_manual_grading,
      attempt_number: r.attempt_number,
      course_id: s.quiz.courseId,
      user_id: s.session.userId,
      submitted_at: r.submitted_at,
    });
    const passedBefore = s.priorScores.some((score) => score >= r.passing_score);
    if (r.passed && !passedBefore)
      await writeEvent(tx, assessmentEvents.quizPassed, {
        v: 1,
        attempt_id: r.attempt_id,
        quiz_id: r.quiz_id,
        quiz_title: r.quiz_title,
        kind: r.kind,
        course_id: s.quiz.courseId,
        user_id: s.session.userId,
        score: r.score,
        passed_at: r.submitted_at,
      });
  }

  /** Questions, the caller's standing and their open (or newly opened) session. */
  private async prepare(
    quiz: TakerQuizView,
    caller: Caller,
  ): Promise<{ questions: readonly QuestionEntity[]; state: LearnerQuizState; session: TestSessionEntity | null }> {
    const questions = await this.questionCache.get(quiz.id, quiz.version, () => this.quizzes.questions(quiz.id));
    const state = learnerState(quiz.myScores, quiz);
    const open = quiz.openSession;
    if (open || !state.can_start || !questions.length) return { questions, state, session: open };
    const now = this.clock.now();
    const opened = await this.sessions.insertOpen({
      quizId: quiz.id,
      userId: caller.userId,
      startedAt: now,
      deadlineAt: sessionDeadline(now, quiz.timeLimit),
      order: quiz.randomizeQuestions ? shuffledIds(questions.map((q) => q.id)) : [],
    });
    // null: a parallel request opened it first; resume that one
    return { questions, state, session: opened ?? (await this.sessions.findOpen(quiz.id, caller.userId)) };
  }

  private sessionView(quiz: QuizView, questions: readonly QuestionEntity[], s: TestSessionEntity): TestSession {
    return {
      session_id: s.id,
      started_at: iso(s.startedAt),
      deadline_at: s.deadlineAt ? iso(s.deadlineAt) : null,
      server_now: iso(this.clock.now()),
      test: {
        id: quiz.id,
        title: quiz.title,
        kind: kindOf(quiz),
        instructions: quiz.instructions,
        questions: servedOrder(questions, s.questionOrder).map((q, i) => toTakerQuestion(q, i)),
        time_limit: quiz.timeLimit,
        passing_score: quiz.passingScore,
        test_mode: quiz.testMode,
        allow_multiple_attempts: quiz.allowMultipleAttempts,
        max_attempts: quiz.maxAttempts,
      },
      answers: s.answers,
      current_question: s.currentQuestion,
      flagged_questions: s.flaggedQuestions,
    };
  }
}
