import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { QuizResult } from '@lp/contracts';
import { queryRows, ReadModelUserEntity, manyWithExtras } from '@lp/service-kit';
import { AttemptEntity } from '../../entities/attempt.entity.js';
import type { QuizEntity } from '../../entities/quiz.entity.js';

/** An attempt as the lists show it, with its quiz's title and kind. */
export type AttemptListItem = Pick<
  AttemptEntity,
  | 'id'
  | 'quizId'
  | 'userId'
  | 'score'
  | 'passed'
  | 'correctAnswers'
  | 'totalQuestions'
  | 'timeTakenMinutes'
  | 'timeExceeded'
  | 'needsManualGrading'
  | 'feedback'
  | 'submittedAt'
> & { quiz: Pick<QuizEntity, 'id' | 'title' | 'isMockTest' | 'testMode'> };

/** The taker's name beside an attempt (users read model; null before identity's event arrived). */
export interface TakerName {
  userName: string | null;
}
/** The newest of the listed attempts carries its whole result, the others null. */
export interface LatestResult {
  latestResult: QuizResult | null;
}

/** An attempt with what decides who sees its result. */
export type AttemptResult = Pick<AttemptEntity, 'id' | 'userId' | 'result'> & {
  quiz: Pick<QuizEntity, 'id' | 'createdBy' | 'showResultsImmediately'>;
};

/** What analytics needs of one attempt (learner analytics: kept raw). */
export interface AnalyticsRow {
  attempt_id: AttemptEntity['id'];
  quiz_title: QuizEntity['title'];
  submitted_at: Date;
  score: AttemptEntity['score'];
  passed: AttemptEntity['passed'];
  time_taken_minutes: AttemptEntity['timeTakenMinutes'];
  total_questions: AttemptEntity['totalQuestions'];
  subject_performance: Record<string, { percentage: number }> | null;
}

/** A published assessment of a course with the caller's best attempt, if any (grades: kept raw). */
export interface GradeRow {
  quiz_id: QuizEntity['id'];
  title: QuizEntity['title'];
  is_mock_test: QuizEntity['isMockTest'];
  test_mode: QuizEntity['testMode'];
  /** the best attempt's; null before any attempt */
  score: AttemptEntity['score'] | null;
  passed: AttemptEntity['passed'] | null;
  earned_points: AttemptEntity['earnedPoints'] | null;
  max_points: AttemptEntity['totalPoints'] | null;
}

const LIST_CAP = 500;

/** Read access to attempts for results, history, analytics and grades; no rules here. */
@Injectable()
export class ResultsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Attempts with their quiz's title and kind (an inner join: the quiz is always there). */
  private listed(): SelectQueryBuilder<AttemptEntity> {
    return this.ds
      .getRepository(AttemptEntity)
      .createQueryBuilder('a')
      .select([
        'a.id',
        'a.quizId',
        'a.userId',
        'a.score',
        'a.passed',
        'a.correctAnswers',
        'a.totalQuestions',
        'a.timeTakenMinutes',
        'a.timeExceeded',
        'a.needsManualGrading',
        'a.feedback',
        'a.submittedAt',
      ])
      .innerJoin('a.quiz', 'q')
      .addSelect(['q.id', 'q.title', 'q.isMockTest', 'q.testMode']);
  }

  private withTakerName(qb: SelectQueryBuilder<AttemptEntity>): SelectQueryBuilder<AttemptEntity> {
    return qb.leftJoin(ReadModelUserEntity, 'u', 'u.id = a.userId').addSelect('u.name', 'userName');
  }

  /** Every taker's attempts of one quiz with their names, newest first (the author's view; attempts_quiz_user key). */
  async ofQuiz(quizId: string): Promise<(AttemptListItem & TakerName)[]> {
    const qb = this.withTakerName(this.listed())
      .where('a.quizId = :quizId', { quizId })
      .orderBy('a.submittedAt', 'DESC')
      .addOrderBy('a.id')
      .limit(LIST_CAP);
    return (await manyWithExtras<AttemptEntity, TakerName>(qb, ['userName'])) as (AttemptListItem & TakerName)[];
  }

  /** One taker's attempts of one quiz (with their name), newest first, the newest with its full result. */
  async ofQuizAndUser(quizId: string, userId: string): Promise<(AttemptListItem & TakerName & LatestResult)[]> {
    const qb = this.withTakerName(this.listed())
      .addSelect('CASE WHEN row_number() OVER (ORDER BY a.attempt_number DESC) = 1 THEN a.result END', 'latestResult')
      .where('a.quizId = :quizId AND a.userId = :userId', { quizId, userId })
      .orderBy('a.attemptNumber', 'DESC')
      .limit(LIST_CAP);
    return (await manyWithExtras<AttemptEntity, TakerName & LatestResult>(qb, ['userName', 'latestResult'])) as (AttemptListItem &
      TakerName &
      LatestResult)[];
  }

  /** The caller's attempts, newest first (attempts_user_idx). */
  async ofUser(userId: string): Promise<AttemptListItem[]> {
    const qb = this.listed().where('a.userId = :userId', { userId }).orderBy('a.submittedAt', 'DESC').addOrderBy('a.id').limit(LIST_CAP);
    return (await qb.getMany()) as AttemptListItem[];
  }

  /** What analytics needs of every attempt of the caller, oldest first. Raw: learner analytics (a slice of each result's JSON). */
  analytics(userId: string): Promise<AnalyticsRow[]> {
    return queryRows<AnalyticsRow>(
      this.ds,
      `SELECT a.id AS attempt_id, q.title AS quiz_title, a.submitted_at,
              a.score::float8 AS score, a.passed, a.time_taken_minutes::float8 AS time_taken_minutes, a.total_questions,
              a.result->'subject_performance' AS subject_performance
       FROM attempts a JOIN quizzes q ON q.id = a.quiz_id WHERE a.user_id = $1 ORDER BY a.submitted_at, a.id`,
      [userId],
    );
  }

  async attempt(id: string): Promise<AttemptResult | null> {
    const qb = this.ds
      .getRepository(AttemptEntity)
      .createQueryBuilder('a')
      .select(['a.id', 'a.userId', 'a.result'])
      .innerJoin('a.quiz', 'q')
      .addSelect(['q.id', 'q.createdBy', 'q.showResultsImmediately'])
      .where('a.id = :id', { id });
    return (await qb.getOne()) as AttemptResult | null;
  }

  /**
   * The published assessments of a course with the caller's best attempt of each (highest
   * score, then earliest). Raw: a grades aggregate (a lateral best attempt per assessment).
   */
  courseGrades(courseId: string, userId: string): Promise<GradeRow[]> {
    return queryRows<GradeRow>(
      this.ds,
      `SELECT q.id AS quiz_id, q.title, q.is_mock_test, q.test_mode,
              b.score::float8 AS score, b.passed, b.earned_points::float8 AS earned_points, b.total_points::float8 AS max_points
       FROM quizzes q
       LEFT JOIN LATERAL (SELECT a.score, a.passed, a.earned_points, a.total_points FROM attempts a
                          WHERE a.quiz_id = q.id AND a.user_id = $2 ORDER BY a.score DESC, a.submitted_at LIMIT 1) b ON true
       WHERE q.course_id = $1 AND q.is_published
       ORDER BY q.created_at, q.id`,
      [courseId, userId],
    );
  }
}
