import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostType, QaCategory } from '@lp/contracts';
import { queryOne, queryRows, type Db } from '@lp/service-kit';
import { QA_LIST_SQL, QA_QUESTION_SQL, QA_SEARCH_FULL_TEXT_SQL, QA_SEARCH_TRIGRAM_SQL } from './qa-search.sql.js';

export interface QuestionRow {
  id: string;
  title: string;
  content: string;
  category: QaCategory;
  tags: string[];
  post_type: PostType;
  upvotes: number;
  answer_count: number;
  views: number;
  author_id: string;
  author_name: string;
  is_answered: boolean;
  has_upvoted: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface AnswerRow {
  id: string;
  question_id: string;
  content: string;
  upvotes: number;
  is_accepted: boolean;
  author_id: string;
  author_name: string;
  has_upvoted: boolean;
  created_at: Date;
}

export interface QuestionFilter {
  category: QaCategory | null;
  postType: PostType | null;
  limit: number;
  offset: number;
}

export type SearchKind = 'full_text' | 'trigram';

const ANSWER_SQL = `SELECT a.id, a.question_id, a.content, a.upvotes, a.is_accepted, a.author_id,
       coalesce(u.name, 'Unknown user') AS author_name,
       EXISTS (SELECT 1 FROM qa_answer_votes v WHERE v.answer_id = a.id AND v.user_id = $2) AS has_upvoted,
       a.created_at
  FROM qa_answers a
  LEFT JOIN users u ON u.id = a.author_id`;

/** The global Q&A forum's tables: data access only; the rules are in QaService. */
@Injectable()
export class QaRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async search(kind: SearchKind, term: string, f: QuestionFilter, callerId: string): Promise<{ rows: QuestionRow[]; total: number }> {
    const sql = kind === 'full_text' ? QA_SEARCH_FULL_TEXT_SQL : QA_SEARCH_TRIGRAM_SQL;
    const run = (limit: number, offset: number) =>
      queryRows<QuestionRow & { total: number }>(this.ds.manager, sql, [term, f.category, f.postType, limit, offset, callerId]);
    return withTotal(await run(f.limit, f.offset), f.offset, () => run(1, 0));
  }

  async list(f: QuestionFilter, callerId: string): Promise<{ rows: QuestionRow[]; total: number }> {
    const run = (limit: number, offset: number) =>
      queryRows<QuestionRow & { total: number }>(this.ds.manager, QA_LIST_SQL, [f.category, f.postType, limit, offset, callerId]);
    return withTotal(await run(f.limit, f.offset), f.offset, () => run(1, 0));
  }

  /** `db`: the transaction when inside one */
  question(id: string, callerId: string, db: Db = this.ds.manager): Promise<QuestionRow | null> {
    return queryOne<QuestionRow>(db, QA_QUESTION_SQL, [id, callerId]);
  }

  /** accepted first, then by upvotes, then oldest */
  answers(questionId: string, callerId: string): Promise<AnswerRow[]> {
    return queryRows<AnswerRow>(
      this.ds.manager,
      `${ANSWER_SQL} WHERE a.question_id = $1 ORDER BY a.is_accepted DESC, a.upvotes DESC, a.created_at ASC, a.id`,
      [questionId, callerId],
    );
  }

  answer(id: string, callerId: string, db: Db = this.ds.manager): Promise<AnswerRow | null> {
    return queryOne<AnswerRow>(db, `${ANSWER_SQL} WHERE a.id = $1`, [id, callerId]);
  }

  async insertQuestion(
    tx: EntityManager,
    q: { authorId: string; title: string; content: string; category: QaCategory; tags: string[]; postType: PostType },
  ): Promise<string> {
    const row = await queryOne<{ id: string }>(
      tx,
      `INSERT INTO qa_questions (author_id, title, content, category, tags, post_type) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [q.authorId, q.title, q.content, q.category, q.tags, q.postType],
    );
    return row!.id;
  }

  /**
   * Locks a question's row for the rest of the transaction: votes, answers and accepts on
   * one question take turns, so its counters and its accepted mark never race.
   */
  lockQuestion(tx: EntityManager, id: string): Promise<{ id: string; author_id: string } | null> {
    return queryOne(tx, 'SELECT id, author_id FROM qa_questions WHERE id = $1 FOR NO KEY UPDATE', [id]);
  }

  /** Locks an answer's row (its votes take turns); with its question's author. */
  lockAnswer(tx: EntityManager, id: string): Promise<{ id: string; question_id: string; author_id: string; is_accepted: boolean } | null> {
    return queryOne(tx, 'SELECT id, question_id, author_id, is_accepted FROM qa_answers WHERE id = $1 FOR NO KEY UPDATE', [id]);
  }

  questionOfAnswer(answerId: string, db: Db = this.ds.manager): Promise<{ question_id: string } | null> {
    return queryOne(db, 'SELECT question_id FROM qa_answers WHERE id = $1', [answerId]);
  }

  async updateQuestion(tx: EntityManager, id: string, change: { title: string; content: string; category?: QaCategory }): Promise<void> {
    await tx.query(
      'UPDATE qa_questions SET title = $2, content = $3, category = coalesce($4, category), updated_at = now() WHERE id = $1',
      [id, change.title, change.content, change.category ?? null],
    );
  }

  /** Deletes the question with its answers; answers the accepted one that went with it, if any (its author loses the acceptance). */
  async deleteQuestion(tx: EntityManager, id: string): Promise<{ id: string; author_id: string } | null> {
    const accepted = await queryOne<{ id: string; author_id: string }>(
      tx,
      'SELECT id, author_id FROM qa_answers WHERE question_id = $1 AND is_accepted',
      [id],
    );
    await tx.query('DELETE FROM qa_questions WHERE id = $1', [id]);
    return accepted;
  }

  /**
   * The caller's upvote of a question, toggled: taken back when there is one, added when
   * not, the counter moved in the same transaction. The primary key of the
   * votes table is what makes one vote per user true whatever runs at once.
   */
  toggleQuestionVote(tx: EntityManager, questionId: string, userId: string): Promise<{ upvoted: boolean; upvotes: number }> {
    return this.toggle(tx, 'qa_question_votes', 'question_id', 'qa_questions', questionId, userId);
  }

  toggleAnswerVote(tx: EntityManager, answerId: string, userId: string): Promise<{ upvoted: boolean; upvotes: number }> {
    return this.toggle(tx, 'qa_answer_votes', 'answer_id', 'qa_answers', answerId, userId);
  }

  private async toggle(
    tx: EntityManager,
    votes: 'qa_question_votes' | 'qa_answer_votes',
    key: 'question_id' | 'answer_id',
    counted: 'qa_questions' | 'qa_answers',
    id: string,
    userId: string,
  ): Promise<{ upvoted: boolean; upvotes: number }> {
    const removed = await queryRows(tx, `DELETE FROM ${votes} WHERE ${key} = $1 AND user_id = $2 RETURNING 1`, [id, userId]);
    let upvoted = false;
    if (removed.length === 0) {
      const added = await queryRows(tx, `INSERT INTO ${votes} (${key}, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [
        id,
        userId,
      ]);
      upvoted = added.length > 0;
      if (!upvoted) {
        const row = await queryOne<{ upvotes: number }>(tx, `SELECT upvotes FROM ${counted} WHERE id = $1`, [id]);
        return { upvoted: true, upvotes: row!.upvotes };
      }
    }
    const row = await queryOne<{ upvotes: number }>(tx, `UPDATE ${counted} SET upvotes = upvotes + $2 WHERE id = $1 RETURNING upvotes`, [
      id,
      upvoted ? 1 : -1,
    ]);
    return { upvoted, upvotes: row!.upvotes };
  }

  async insertAnswer(tx: EntityManager, questionId: string, authorId: string, content: string): Promise<string> {
    const row = await queryOne<{ id: string }>(
      tx,
      'INSERT INTO qa_answers (question_id, author_id, content) VALUES ($1, $2, $3) RETURNING id',
      [questionId, authorId, content],
    );
    await tx.query('UPDATE qa_questions SET answer_count = answer_count + 1 WHERE id = $1', [questionId]);
    return row!.id;
  }

  /**
   * Moves the question's accepted mark to this answer (the partial unique index allows one);
   * answers the answer that held it before, whose author loses the acceptance.
   */
  async accept(tx: EntityManager, questionId: string, answerId: string): Promise<{ id: string; author_id: string } | null> {
    const previous = await queryOne<{ id: string; author_id: string }>(
      tx,
      'UPDATE qa_answers SET is_accepted = false WHERE question_id = $1 AND is_accepted AND id <> $2 RETURNING id, author_id',
      [questionId, answerId],
    );
    await tx.query('UPDATE qa_answers SET is_accepted = true WHERE id = $1', [answerId]);
    return previous;
  }

  /** Counts the caller's first view of a question; false when the question does not exist. */
  async countView(tx: EntityManager, questionId: string, userId: string): Promise<boolean> {
    const q = await this.lockQuestionForView(tx, questionId);
    if (!q) return false;
    const added = await queryRows(
      tx,
      'INSERT INTO qa_question_views (question_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
      [questionId, userId],
    );
    if (added.length) await tx.query('UPDATE qa_questions SET views = views + 1 WHERE id = $1', [questionId]);
    return true;
  }

  private lockQuestionForView(tx: EntityManager, id: string): Promise<{ id: string } | null> {
    return queryOne(tx, 'SELECT id FROM qa_questions WHERE id = $1 FOR KEY SHARE', [id]);
  }

  // ---------- the user data export ----------

  questionsBy(userId: string) {
    return queryRows<{
      id: string;
      title: string;
      content: string;
      category: string;
      tags: string[];
      post_type: string;
      upvotes: number;
      answer_count: number;
      views: number;
      created_at: Date;
      updated_at: Date;
    }>(
      this.ds.manager,
      `SELECT id, title, content, category, tags, post_type, upvotes, answer_count, views, created_at, updated_at
         FROM qa_questions WHERE author_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }

  answersBy(userId: string) {
    return queryRows<{
      id: string;
      question_id: string;
      question_title: string;
      content: string;
      upvotes: number;
      is_accepted: boolean;
      created_at: Date;
    }>(
      this.ds.manager,
      `SELECT a.id, a.question_id, q.title AS question_title, a.content, a.upvotes, a.is_accepted, a.created_at
         FROM qa_answers a JOIN qa_questions q ON q.id = a.question_id
        WHERE a.author_id = $1 ORDER BY a.created_at, a.id`,
      [userId],
    );
  }

  votesBy(userId: string) {
    return queryRows<{ kind: 'question' | 'answer'; id: string; created_at: Date }>(
      this.ds.manager,
      `SELECT 'question' AS kind, question_id AS id, created_at FROM qa_question_votes WHERE user_id = $1
       UNION ALL
       SELECT 'answer' AS kind, answer_id AS id, created_at FROM qa_answer_votes WHERE user_id = $1
       ORDER BY created_at, id`,
      [userId],
    );
  }
}

/** The matches' total rides on every row; a page past the end asks again for the first row. */
async function withTotal<T extends { total: number }>(
  rows: T[],
  offset: number,
  first: () => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (rows.length) return { rows, total: rows[0]!.total };
  if (offset === 0) return { rows, total: 0 };
  return { rows, total: (await first())[0]?.total ?? 0 };
}
