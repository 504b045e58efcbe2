import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  assessmentKind,
  type CourseGradesSchema,
  type MockTestResultsSchema,
  type QuizAnalyticsSchema,
  type QuizAttemptSchema,
  type QuizResult,
  assessmentRoutes,
  type RouteInput,
  SCORE_HISTORY_LIMIT,
} from '@lp/contracts';
import { iso, Handles, currentCaller } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { CatalogFacts } from '../catalog-read-model/catalog-facts.js';
import { letterGrade } from '../grading/grading.util.js';
import { QuizAccess } from '../quizzes/quiz-access.js';
import { takerResult } from '../taking/taking.service.js';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import { quizAnalytics } from './quiz-analytics.util.js';
import { kindOf } from '../quizzes/quiz.mapper.js';
import { ResultsRepository, type AttemptListItem, type TakerName } from './results.repository.js';

const round2 = (v: number): number => Math.round(v * 100) / 100;

const resultLine = (a: AttemptListItem & TakerName) => ({
  attempt_id: a.id,
  user_id: a.userId,
  user_name: a.userName ?? UNKNOWN_USER_NAME,
  score: a.score,
  passed: a.passed,
  correct_answers: a.correctAnswers,
  total_questions: a.totalQuestions,
  time_taken_minutes: a.timeTakenMinutes,
  time_exceeded: a.timeExceeded,
  needs_manual_grading: a.needsManualGrading,
  submitted_at: iso(a.submittedAt),
});

type R = typeof assessmentRoutes;

/** Results, attempt history, analytics and course grades: reads of the attempts taken. */
@Injectable()
export class ResultsService {
  constructor(
    @Inject(ResultsRepository) private readonly results: ResultsRepository,
    @Inject(QuizAccess) private readonly access: QuizAccess,
    @Inject(CatalogFacts) private readonly catalog: CatalogFacts,
  ) {}

  /** The author (or the course's owner) sees every attempt; a taker their own with the latest result. */
  @Handles(assessmentRoutes.mockTestResults)
  async mockTestResults({ params: { id: quizId } }: RouteInput<R['mockTestResults']>): Promise<z.infer<typeof MockTestResultsSchema>> {
    const caller = currentCaller();
    const quiz = await this.access.visible(quizId, caller);
    const head = { quiz_id: quiz.id, title: quiz.title, kind: kindOf(quiz) };
    if (this.access.manages(quiz, caller)) return { ...head, latest: null, attempts: (await this.results.ofQuiz(quiz.id)).map(resultLine) };
    const own = await this.results.ofQuizAndUser(quiz.id, caller.userId);
    const latest = own[0]?.latestResult ?? null;
    return { ...head, latest: latest && takerResult(latest, quiz.showResultsImmediately), attempts: own.map(resultLine) };
  }

  @Handles(assessmentRoutes.learnerAttempts)
  async learnerAttempts(): Promise<z.infer<typeof QuizAttemptSchema>[]> {
    const caller = currentCaller();
    return (await this.results.ofUser(caller.userId)).map((a) => ({
      id: a.id,
      quiz_id: a.quizId,
      quiz_title: a.quiz.title,
      kind: kindOf(a.quiz),
      score: a.score,
      passed: a.passed,
      completed_at: iso(a.submittedAt),
      submitted_at: iso(a.submittedAt),
      time_taken_minutes: a.timeTakenMinutes,
      total_questions: a.totalQuestions,
      correct_answers: a.correctAnswers,
      feedback: a.feedback,
      needs_manual_grading: a.needsManualGrading,
    }));
  }

  @Handles(assessmentRoutes.learnerAnalytics)
  async learnerAnalytics(): Promise<z.infer<typeof QuizAnalyticsSchema>> {
    const caller = currentCaller();
    const rows = await this.results.analytics(caller.userId);
    return {
      ...quizAnalytics(rows.map((r) => ({ ...r, subject_performance: r.subject_performance ?? {} }))),
      score_history: rows.slice(-SCORE_HISTORY_LIMIT).map((r) => ({
        attempt_id: r.attempt_id,
        quiz_title: r.quiz_title,
        score: r.score,
        passed: r.passed,
        submitted_at: new Date(r.submitted_at).toISOString(),
      })),
    };
  }

  /**
   * One attempt for the review page: its taker (question details only when the assessment
   * shows results) or the assessment's author (always); 404 for anyone else, so attempt
   * ids reveal nothing.
   */
  @Handles(assessmentRoutes.getAttempt)
  async attempt({ params: { id } }: RouteInput<R['getAttempt']>): Promise<QuizResult> {
    const caller = currentCaller();
    const a = await this.results.attempt(id);
    if (!a) throw assessmentErrors.attemptNotFound();
    if (a.quiz.createdBy === caller.userId) return a.result;
    if (a.userId === caller.userId) return takerResult(a.result, a.quiz.showResultsImmediately);
    throw assessmentErrors.attemptNotFound();
  }

  /**
   * The caller's grades in a course: the best attempt of each published assessment. Points
   * and the overall percentage count completed assessments only (an assessment not yet
   * taken does not pull the grade down); the letter is null before any attempt.
   */
  @Handles(assessmentRoutes.courseGrades)
  async courseGrades({ params: { id: courseId } }: RouteInput<R['courseGrades']>): Promise<z.infer<typeof CourseGradesSchema>> {
    const caller = currentCaller();
    if (!(await this.catalog.course(courseId))) throw assessmentErrors.courseNotFound();
    const rows = await this.results.courseGrades(courseId, caller.userId);
    const done = rows.filter((r) => r.score !== null);
    const earned = done.reduce((s, r) => s + (r.earned_points ?? 0), 0);
    const total = done.reduce((s, r) => s + (r.max_points ?? 0), 0);
    const overall = total ? round2((earned / total) * 100) : 0;
    return {
      letter_grade: done.length ? letterGrade(overall) : null,
      overall_percentage: overall,
      earned_points: earned,
      total_points: total,
      completed_assessments: done.length,
      available_assessments: rows.length,
      quiz_grades: done.map((r) => ({
        quiz_id: r.quiz_id,
        title: r.title,
        type: assessmentKind(r),
        score_percentage: r.score ?? 0,
        passed: r.passed === true,
        earned_points: r.earned_points ?? 0,
        max_points: r.max_points ?? 0,
      })),
    };
  }
}
