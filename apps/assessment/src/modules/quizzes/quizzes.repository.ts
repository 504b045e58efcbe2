import { Inject, Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { Difficulty } from '@lp/contracts';
import { likePattern, queryOne, fromRow, manyWithExtras, oneWithExtras } from '@lp/service-kit';
import { AttemptEntity } from '../../entities/attempt.entity.js';
import { ReadModelCourseEntity, ReadModelEnrollmentEntity } from '../../entities/catalog-read-model.entity.js';
import { QuestionEntity } from '../../entities/question.entity.js';
import { QuizEntity } from '../../entities/quiz.entity.js';
import { TestSessionEntity } from '../../entities/test-session.entity.js';

/** What every view of an assessment shows beside it: its course (read model), its questions' count and points, its takers' figures. */
export interface QuizExtras {
  courseTitle: string | null;
  courseInstructorId: string | null;
  courseInstitutionId: string | null;
  questionCount: number;
  totalPoints: number;
  /** the takers' attempts (the author's and the course instructor's previews left out, as catalog's figures do): count, mean score and passed count */
  takenCount: number;
  takenAverage: number | null;
  takenPassed: number;
}
export type QuizView = QuizEntity & QuizExtras;
const EXTRAS = [
  'courseTitle',
  'courseInstructorId',
  'courseInstitutionId',
  'questionCount',
  'totalPoints',
  'takenCount',
  'takenAverage',
  'takenPassed',
] as const satisfies readonly (keyof QuizExtras)[];

/** The taker's standing beside the quiz: enrolment, scores so far (attempt order), open session. */
export interface TakerExtras {
  enrolled: boolean;
  myScores: number[];
  openSession: TestSessionEntity | null;
}
export type TakerQuizView = QuizView & TakerExtras;

/** The quiz's own columns that a create or an update writes. */
export type QuizColumns = Omit<QuizEntity, 'id' | 'createdBy' | 'version' | 'createdAt' | 'updatedAt'>;

/** A question's columns as its author writes them (its quiz and position are the repository's). */
export type QuestionColumns = Pick<
  QuestionEntity,
  'questionText' | 'questionType' | 'options' | 'correctAnswer' | 'explanation' | 'subject' | 'difficulty' | 'points'
>;

/**
 * The quiz as a taker opens it, kept raw: the start path of bench scenario (d) (quiz, course,
 * counts, figures, enrolment, scores and open session in one statement of lateral aggregates).
 * $2: the caller.
 */
const SELECT_FOR_TAKER = `SELECT q.*,
    (q.course_id IS NOT NULL AND EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = q.course_id AND e.user_id = $2)) AS enrolled,
    ARRAY(SELECT a.score::float8 FROM attempts a WHERE a.quiz_id = q.id AND a.user_id = $2 ORDER BY a.attempt_number) AS my_scores,
    (SELECT to_jsonb(t) FROM test_sessions t WHERE t.quiz_id = q.id AND t.user_id = $2 AND t.submitted_at IS NULL) AS open_session,
    c.title AS course_title, c.instructor_id AS course_instructor_id,
    c.institution_id AS course_institution_id, s.question_count, s.total_points, f.taken_count, f.taken_average, f.taken_passed
  FROM quizzes q
  LEFT JOIN courses c ON c.id = q.course_id
  CROSS JOIN LATERAL (SELECT count(*)::int AS question_count, COALESCE(sum(x.points), 0)::int AS total_points
                      FROM questions x WHERE x.quiz_id = q.id) s
  CROSS JOIN LATERAL (SELECT count(*)::int AS taken_count, avg(a.score)::float8 AS taken_average,
                             count(*) FILTER (WHERE a.passed)::int AS taken_passed
                      FROM attempts a WHERE a.quiz_id = q.id AND a.user_id <> q.created_by
                        AND a.user_id IS DISTINCT FROM c.instructor_id) f
  WHERE q.id = $1`;

/** The row SELECT_FOR_TAKER returns: the quiz's columns (q.*), then these. */
interface TakerRow {
  enrolled: TakerExtras['enrolled'];
  my_scores: TakerExtras['myScores'];
  /** to_jsonb of the session row: its columns by name, timestamps as text */
  open_session: Record<string, unknown> | null;
  course_title: QuizExtras['courseTitle'];
  course_instructor_id: QuizExtras['courseInstructorId'];
  course_institution_id: QuizExtras['courseInstitutionId'];
  question_count: QuizExtras['questionCount'];
  total_points: QuizExtras['totalPoints'];
  taken_count: QuizExtras['takenCount'];
  taken_average: QuizExtras['takenAverage'];
  taken_passed: QuizExtras['takenPassed'];
}

const LIST_CAP = 500;

export interface DiscoverFilters {
  subject?: string | undefined;
  difficulty?: Difficulty | undefined;
  course_id?: string | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** Data access for quizzes and questions; no rules here. */
@Injectable()
export class QuizzesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(QuizEntity);
  }

  private questionRepo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(QuestionEntity);
  }

  /**
   * Quizzes with their extras, in one statement (no query per quiz): the questions' aggregates
   * ride on questions_quiz_idx, the takers' on the attempts (quiz_id, user_id, attempt_number) key.
   */
  private views(tx?: EntityManager): SelectQueryBuilder<QuizEntity> {
    const ofQuestions = (expression: string) => (sub: SelectQueryBuilder<ObjectLiteral>) =>
      sub.select(expression).from(QuestionEntity, 'x').where('x.quiz_id = q.id');
    const ofTakers = (expression: string) => (sub: SelectQueryBuilder<ObjectLiteral>) =>
      sub
        .select(expression)
        .from(AttemptEntity, 't')
        .where('t.quiz_id = q.id AND t.user_id <> q.created_by AND t.user_id IS DISTINCT FROM c.instructor_id');
    return this.repo(tx)
      .createQueryBuilder('q')
      .leftJoin(ReadModelCourseEntity, 'c', 'c.id = q.courseId')
      .addSelect('c.title', 'courseTitle')
      .addSelect('c.instructorId', 'courseInstructorId')
      .addSelect('c.institutionId', 'courseInstitutionId')
      .addSelect(ofQuestions('count(*)::int'), 'questionCount')
      .addSelect(ofQuestions('COALESCE(sum(x.points), 0)::int'), 'totalPoints')
      .addSelect(ofTakers('count(*)::int'), 'takenCount')
      .addSelect(ofTakers('avg(t.score)::float8'), 'takenAverage')
      .addSelect(ofTakers('count(*) FILTER (WHERE t.passed)::int'), 'takenPassed');
  }

  private newestFirst(qb: SelectQueryBuilder<QuizEntity>): SelectQueryBuilder<QuizEntity> {
    return qb.orderBy('q.createdAt', 'DESC').addOrderBy('q.id');
  }

  find(id: string, tx?: EntityManager): Promise<QuizView | null> {
    return oneWithExtras<QuizEntity, QuizExtras>(this.views(tx).where('q.id = :id', { id }), EXTRAS);
  }

  /**
   * The quiz as a taker opens it, in one statement: whether the caller is enrolled in its
   * course, their scores so far (attempt order) and their open session, if any.
   */
  async findForTaker(id: string, userId: string): Promise<TakerQuizView | null> {
    const row = await queryOne<TakerRow & Record<string, unknown>>(this.ds, SELECT_FOR_TAKER, [id, userId]);
    if (!row) return null;
    const m = this.ds.manager;
    return Object.assign(fromRow(m, QuizEntity, row), {
      courseTitle: row.course_title,
      courseInstructorId: row.course_instructor_id,
      courseInstitutionId: row.course_institution_id,
      questionCount: row.question_count,
      totalPoints: row.total_points,
      takenCount: row.taken_count,
      takenAverage: row.taken_average,
      takenPassed: row.taken_passed,
      enrolled: row.enrolled,
      myScores: row.my_scores,
      openSession: row.open_session && fromRow(m, TestSessionEntity, row.open_session),
    });
  }

  /** The questions in their authored order. */
  /**
   * A question the bot may ask the user: multiple choice or true/false, of a published quiz of a
   * course the user is enrolled in; a random one, or the given one if it is such a question.
   */
  async practiceQuestion(
    userId: string,
    questionId: string | null,
  ): Promise<(QuestionEntity & { quizTitle: string; courseTitle: string | null; quizSubject: string }) | null> {
    const row = await queryOne<Record<string, unknown>>(
      this.ds,
      `SELECT q.*, z.title AS quiz_title, z.subject AS quiz_subject, c.title AS course_title
         FROM questions q
         JOIN quizzes z ON z.id = q.quiz_id AND z.is_published
         JOIN enrollments e ON e.course_id = z.course_id AND e.user_id = $1
         LEFT JOIN courses c ON c.id = z.course_id
        WHERE q.question_type IN ('multiple_choice', 'true_false') AND ($2::uuid IS NULL OR q.id = $2)
        ORDER BY random() LIMIT 1`,
      [userId, questionId],
    );
    if (!row) return null;
    return {
      ...fromRow(this.ds.manager, QuestionEntity, row),
      quizTitle: row.quiz_title as string,
      quizSubject: row.quiz_subject as string,
      courseTitle: (row.course_title as string | null) ?? null,
    };
  }

  questions(quizId: string, tx?: EntityManager): Promise<QuestionEntity[]> {
    return this.questionRepo(tx).find({ where: { quizId }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  async insert(tx: EntityManager, columns: QuizColumns, createdBy: string, now: Date): Promise<string> {
    const { identifiers } = await this.repo(tx).insert({ ...columns, createdBy, createdAt: now, updatedAt: now });
    return (identifiers[0] as Pick<QuizEntity, 'id'>).id;
  }

  /** Writes the columns given, and a new version (the question cache's key). */
  async update(tx: EntityManager, id: string, changes: Partial<QuizColumns>, now: Date): Promise<void> {
    await this.repo(tx).update({ id }, { ...changes, updatedAt: now, version: () => 'version + 1' });
  }

  /**
   * A question was added: a new version (the question cache's key) and updated_at (the
   * saved event orders by it). The row stays locked until the transaction ends, so that
   * concurrent additions get distinct positions.
   */
  async touch(tx: EntityManager, id: string, now: Date): Promise<void> {
    await this.repo(tx).update({ id }, { updatedAt: now, version: () => 'version + 1' });
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx).delete({ id });
  }

  /**
   * Appends questions after the existing ones, in the given order (the quiz row is locked by
   * the change's update or touch, so concurrent appends to one quiz queue): their ids.
   */
  async appendQuestions(tx: EntityManager, quizId: string, questions: readonly QuestionColumns[]): Promise<string[]> {
    if (!questions.length) return [];
    const last = await this.questionRepo(tx).maximum('sortOrder', { quizId });
    const next = last === null ? 0 : last + 1;
    const { identifiers } = await this.questionRepo(tx).insert(questions.map((q, i) => ({ ...q, quizId, sortOrder: next + i })));
    return identifiers.map((r) => (r as Pick<QuestionEntity, 'id'>).id);
  }

  async deleteQuestions(tx: EntityManager, quizId: string): Promise<void> {
    await this.questionRepo(tx).delete({ quizId });
  }

  byAuthor(userId: string): Promise<QuizView[]> {
    const qb = this.newestFirst(this.views().where('q.createdBy = :userId', { userId })).limit(LIST_CAP);
    return manyWithExtras<QuizEntity, QuizExtras>(qb, EXTRAS);
  }

  /** A course's assessments, oldest first; drafts only when asked (the course's owner). */
  byCourse(courseId: string, withDrafts: boolean): Promise<QuizView[]> {
    const qb = this.views().where('q.courseId = :courseId', { courseId });
    if (!withDrafts) qb.andWhere('q.isPublished');
    return manyWithExtras<QuizEntity, QuizExtras>(qb.orderBy('q.createdAt').addOrderBy('q.id').limit(LIST_CAP), EXTRAS);
  }

  /**
   * What the caller can take, filtered: published assessments (and their own drafts) that
   * stand alone or belong to a course they are enrolled in, teach or (institution users)
   * whose institution owns it.
   */
  discover(caller: { userId: string; institutionId: string | null }, f: DiscoverFilters): Promise<QuizView[]> {
    const qb = this.views().where('(q.isPublished OR q.createdBy = :me)', { me: caller.userId });
    const enrolled = qb
      .subQuery()
      .select('1')
      .from(ReadModelEnrollmentEntity, 'e')
      .where('e.course_id = q.course_id AND e.user_id = :me')
      .getQuery();
    qb.andWhere(
      new Brackets((w) => {
        w.where('q.courseId IS NULL').orWhere('q.createdBy = :me').orWhere('c.instructorId = :me');
        if (caller.institutionId) w.orWhere('c.institutionId = :institutionId', { institutionId: caller.institutionId });
        w.orWhere(`EXISTS ${enrolled}`);
      }),
    );
    if (f.subject) qb.andWhere('lower(q.subject) = lower(:subject)', { subject: f.subject });
    if (f.difficulty) qb.andWhere('q.difficulty = :difficulty', { difficulty: f.difficulty });
    if (f.course_id) qb.andWhere('q.courseId = :courseId', { courseId: f.course_id });
    if (f.search) qb.andWhere('(q.title ILIKE :search OR q.description ILIKE :search)', { search: likePattern(f.search) });
    return manyWithExtras<QuizEntity, QuizExtras>(this.newestFirst(qb).limit(f.limit).offset(f.offset), EXTRAS);
  }

  /** The caller's scores per quiz (attempt order), for many quizzes in one query. */
  async scoresByQuiz(userId: string, quizIds: readonly string[]): Promise<Map<string, number[]>> {
    const scores = new Map<string, number[]>();
    if (!quizIds.length) return scores;
    const attempts = await this.ds.getRepository(AttemptEntity).find({
      select: { id: true, quizId: true, score: true },
      where: { quizId: In(quizIds), userId },
      order: { attemptNumber: 'ASC' },
    });
    for (const a of attempts) {
      const own = scores.get(a.quizId);
      if (own) own.push(a.score);
      else scores.set(a.quizId, [a.score]);
    }
    return scores;
  }
}
