import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Difficulty, QuestionInput, QuestionType, QuizCreateInput } from '@lp/contracts';
import { likePattern, Params, queryOne, queryRows, type Db } from '@lp/service-kit';

/** A quiz row with what every view shows beside it: its course's title and owners, its question count and points. */
export interface QuizRow extends Omit<QuizFields, 'passing_score'> {
  id: string;
  created_by: string;
  /** numeric: pg answers it as text */
  passing_score: number;
  version: number;
  created_at: Date;
  updated_at: Date;
  course_title: string | null;
  course_instructor_id: string | null;
  course_institution_id: string | null;
  question_count: number;
  total_points: number;
  /** the takers' attempts (the author's and the course instructor's previews left out, as catalog's figures do): count, mean score and passed count */
  taken_count: number;
  taken_average: number | null;
  taken_passed: number;
}

export interface QuestionRow {
  id: string;
  quiz_id: string;
  sort_order: number;
  question_text: string;
  question_type: QuestionType;
  options: string[];
  correct_answer: string;
  explanation: string;
  subject: string;
  difficulty: Difficulty;
  points: number;
}

/** A session as to_jsonb renders it (timestamps as text). */
export interface SessionJson {
  id: string;
  quiz_id: string;
  user_id: string;
  started_at: string;
  deadline_at: string | null;
  question_order: string[];
  answers: Record<string, string | null>;
  current_question: number;
  flagged_questions: (number | string)[];
  saved_at: string | null;
  submitted_at: string | null;
}

export interface TakerQuizRow extends QuizRow {
  enrolled: boolean;
  my_scores: number[];
  open_session: SessionJson | null;
}

/** The quiz's own columns that a create or an update writes: the contract's fields without the questions. */
export type QuizFields = Omit<QuizCreateInput, 'questions'>;

export const QUIZ_FIELD_NAMES = [
  'title', 'description', 'course_id', 'is_mock_test', 'test_mode', 'time_limit', 'passing_score', 'subject', 'difficulty',
  'max_attempts', 'allow_multiple_attempts', 'is_published', 'randomize_questions', 'show_results_immediately', 'instructions',
] as const satisfies readonly (keyof QuizFields)[];

// lateral aggregates per listed quiz, inside the list's one statement (no query per quiz): the
// questions ride on questions_quiz_idx, the attempts on the attempts (quiz_id, user_id, attempt_number) key
const selectQuizzes = (extra = '') => `SELECT q.*, ${extra} c.title AS course_title, c.instructor_id AS course_instructor_id,
    c.institution_id AS course_institution_id, s.question_count, s.total_points, f.taken_count, f.taken_average, f.taken_passed
  FROM quizzes q
  LEFT JOIN courses c ON c.id = q.course_id
  CROSS JOIN LATERAL (SELECT count(*)::int AS question_count, COALESCE(sum(x.points), 0)::int AS total_points
                      FROM questions x WHERE x.quiz_id = q.id) s
  CROSS JOIN LATERAL (SELECT count(*)::int AS taken_count, avg(a.score)::float8 AS taken_average,
                             count(*) FILTER (WHERE a.passed)::int AS taken_passed
                      FROM attempts a WHERE a.quiz_id = q.id AND a.user_id <> q.created_by
                        AND a.user_id IS DISTINCT FROM c.instructor_id) f`;
const SELECT = selectQuizzes();
// the taker's standing beside the quiz ($2: the caller): enrolment, scores so far, open session
const SELECT_FOR_TAKER = selectQuizzes(`
    (q.course_id IS NOT NULL AND EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = q.course_id AND e.user_id = $2)) AS enrolled,
    ARRAY(SELECT a.score::float8 FROM attempts a WHERE a.quiz_id = q.id AND a.user_id = $2 ORDER BY a.attempt_number) AS my_scores,
    (SELECT to_jsonb(t) FROM test_sessions t WHERE t.quiz_id = q.id AND t.user_id = $2 AND t.submitted_at IS NULL) AS open_session,`);
const ORDER = 'ORDER BY q.created_at DESC, q.id';
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

  find(id: string, db: Db = this.ds): Promise<QuizRow | null> {
    return queryOne<QuizRow>(db, `${SELECT} WHERE q.id = $1`, [id]);
  }

  /**
   * The quiz as a taker opens it, in one statement: whether the caller is enrolled in its
   * course, their scores so far (attempt order) and their open session, if any.
   */
  findForTaker(id: string, userId: string): Promise<TakerQuizRow | null> {
    return queryOne<TakerQuizRow>(this.ds, `${SELECT_FOR_TAKER} WHERE q.id = $1`, [id, userId]);
  }

  questions(quizId: string, db: Db = this.ds): Promise<QuestionRow[]> {
    return queryRows<QuestionRow>(
      db,
      `SELECT id, quiz_id, sort_order, question_text, question_type, options, correct_answer, explanation, subject, difficulty, points
       FROM questions WHERE quiz_id = $1 ORDER BY sort_order, id`,
      [quizId],
    );
  }

  async insert(tx: Db, f: QuizFields, createdBy: string, now: Date): Promise<string> {
    const p = new Params();
    const cols = QUIZ_FIELD_NAMES.map((k) => k);
    const values = QUIZ_FIELD_NAMES.map((k) => `$${p.add(f[k])}`);
    const row = await queryOne<{ id: string }>(
      tx,
      `INSERT INTO quizzes (${cols.join(', ')}, created_by, created_at, updated_at)
       VALUES (${values.join(', ')}, $${p.add(createdBy)}, $${p.add(now)}, $${p.add(now)}) RETURNING id`,
      p.values,
    );
    return row!.id;
  }

  async update(tx: Db, id: string, f: Partial<QuizFields>, now: Date): Promise<void> {
    const p = new Params();
    const sets = QUIZ_FIELD_NAMES.filter((k) => f[k] !== undefined).map((k) => `${k} = $${p.add(f[k])}`);
    sets.push(`updated_at = $${p.add(now)}`, 'version = version + 1');
    await tx.query(`UPDATE quizzes SET ${sets.join(', ')} WHERE id = $${p.add(id)}`, p.values);
  }

  /**
   * A question was added: a new version (the question cache's key) and updated_at (the
   * saved event orders by it). The row stays locked until the transaction ends, so that
   * concurrent additions get distinct positions.
   */
  async touch(tx: Db, id: string, now: Date): Promise<void> {
    await tx.query('UPDATE quizzes SET updated_at = $2, version = version + 1 WHERE id = $1', [id, now]);
  }

  async delete(tx: Db, id: string): Promise<void> {
    await tx.query('DELETE FROM quizzes WHERE id = $1', [id]);
  }

  /** Appends questions after the existing ones, in one statement. */
  async appendQuestions(tx: Db, quizId: string, questions: readonly QuestionInput[]): Promise<string[]> {
    if (!questions.length) return [];
    const rows = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO questions (quiz_id, sort_order, question_text, question_type, options, correct_answer, explanation, subject, difficulty, points)
       SELECT $1, base.n + e.ord - 1, e.q->>'question_text', e.q->>'question_type', e.q->'options', e.q->>'correct_answer',
              e.q->>'explanation', e.q->>'subject', e.q->>'difficulty', (e.q->>'points')::int
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(q, ord)
       CROSS JOIN (SELECT COALESCE(max(sort_order) + 1, 0) AS n FROM questions WHERE quiz_id = $1) base
       ORDER BY e.ord
       RETURNING id`,
      [quizId, JSON.stringify(questions)],
    );
    return rows.map((r) => r.id);
  }

  async deleteQuestions(tx: Db, quizId: string): Promise<void> {
    await tx.query('DELETE FROM questions WHERE quiz_id = $1', [quizId]);
  }

  byAuthor(userId: string): Promise<QuizRow[]> {
    return queryRows<QuizRow>(this.ds, `${SELECT} WHERE q.created_by = $1 ${ORDER} LIMIT ${LIST_CAP}`, [userId]);
  }

  /** A course's assessments; drafts only when asked (the course's owner). */
  byCourse(courseId: string, withDrafts: boolean): Promise<QuizRow[]> {
    return queryRows<QuizRow>(
      this.ds,
      `${SELECT} WHERE q.course_id = $1 ${withDrafts ? '' : 'AND q.is_published'} ORDER BY q.created_at, q.id LIMIT ${LIST_CAP}`,
      [courseId],
    );
  }

  /**
   * What the caller can take, filtered: published assessments (and their own drafts) that
   * stand alone or belong to a course they are enrolled in, teach or (institution users)
   * whose institution owns it.
   */
  discover(caller: { userId: string; institutionId: string | null }, f: DiscoverFilters): Promise<QuizRow[]> {
    const p = new Params();
    const me = p.add(caller.userId);
    const where = [
      `(q.is_published OR q.created_by = $${me})`,
      `(q.course_id IS NULL OR q.created_by = $${me} OR c.instructor_id = $${me}
        ${caller.institutionId ? `OR c.institution_id = $${p.add(caller.institutionId)}` : ''}
        OR EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = q.course_id AND e.user_id = $${me}))`,
    ];
    if (f.subject) where.push(`lower(q.subject) = lower($${p.add(f.subject)})`);
    if (f.difficulty) where.push(`q.difficulty = $${p.add(f.difficulty)}`);
    if (f.course_id) where.push(`q.course_id = $${p.add(f.course_id)}`);
    if (f.search) {
      const n = p.add(likePattern(f.search));
      where.push(`(q.title ILIKE $${n} OR q.description ILIKE $${n})`);
    }
    return queryRows<QuizRow>(
      this.ds,
      `${SELECT} WHERE ${where.join(' AND ')} ${ORDER} LIMIT $${p.add(f.limit)} OFFSET $${p.add(f.offset)}`,
      p.values,
    );
  }

  /** The caller's scores per quiz (attempt order), for many quizzes in one grouped query. */
  async scoresByQuiz(userId: string, quizIds: readonly string[], db: Db = this.ds): Promise<Map<string, number[]>> {
    if (!quizIds.length) return new Map();
    const rows = await queryRows<{ quiz_id: string; scores: string[] }>(
      db,
      `SELECT quiz_id, array_agg(score::float8 ORDER BY attempt_number) AS scores FROM attempts
       WHERE quiz_id = ANY($1::uuid[]) AND user_id = $2 GROUP BY quiz_id`,
      [quizIds, userId],
    );
    return new Map(rows.map((r) => [r.quiz_id, r.scores.map(Number)]));
  }
}
