import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LessonContentType } from '@lp/contracts';
import type { LessonRow } from './lesson.mapper.js';
import { Params, queryOne, queryRows, type Db } from '@lp/service-kit';

export interface NewLesson {
  title: string;
  description: string;
  content_type: LessonContentType;
  content: string;
  duration_minutes: number;
  order: number;
  is_published: boolean;
  is_free_preview: boolean;
}

const COLUMNS: Record<keyof NewLesson, string> = {
  title: 'title',
  description: 'description',
  content_type: 'content_type',
  content: 'content',
  duration_minutes: 'duration_minutes',
  order: 'sort_order',
  is_published: 'is_published',
  is_free_preview: 'is_free_preview',
};

/** Data access for `lessons` and lesson completions; no rules here. */
@Injectable()
export class LessonsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<LessonRow | null> {
    return queryOne<LessonRow>(db, 'SELECT * FROM lessons WHERE id = $1', [id]);
  }

  /** In order; drafts only when asked. */
  listForCourse(courseId: string, withDrafts: boolean, db: Db = this.ds): Promise<LessonRow[]> {
    return queryRows<LessonRow>(
      db,
      `SELECT * FROM lessons WHERE course_id = $1 ${withDrafts ? '' : 'AND is_published'} ORDER BY sort_order, created_at, id`,
      [courseId],
    );
  }

  async insert(db: Db, courseId: string, l: NewLesson, now: Date): Promise<LessonRow> {
    const row = await queryOne<LessonRow>(
      db,
      `INSERT INTO lessons (course_id, title, description, content_type, content, duration_minutes, sort_order, is_published, is_free_preview, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
      [courseId, l.title, l.description, l.content_type, l.content, l.duration_minutes, l.order, l.is_published, l.is_free_preview, now],
    );
    return row!;
  }

  async update(db: Db, id: string, patch: Partial<NewLesson>, now: Date): Promise<LessonRow> {
    const p = new Params();
    const sets = (Object.keys(patch) as Array<keyof NewLesson>)
      .filter((k) => patch[k] !== undefined)
      .map((k) => `${COLUMNS[k]} = $${p.add(patch[k])}`);
    sets.push(`updated_at = $${p.add(now)}`);
    const row = await queryOne<LessonRow>(db, `UPDATE lessons SET ${sets.join(', ')} WHERE id = $${p.add(id)} RETURNING *`, p.values);
    return row!;
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.query('DELETE FROM lessons WHERE id = $1', [id]);
  }

  /** The order after the course's last lesson. */
  async nextOrder(db: Db, courseId: string): Promise<number> {
    const row = await queryOne<{ next: number }>(db, 'SELECT COALESCE(max(sort_order) + 1, 0) AS next FROM lessons WHERE course_id = $1', [
      courseId,
    ]);
    return Number(row?.next ?? 0);
  }
}
