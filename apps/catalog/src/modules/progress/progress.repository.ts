import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { completionPercentage } from './progress.util.js';
import { queryOne, type Db } from '@lp/service-kit';

export interface LearnerProgress {
  totalLessons: number;
  totalItems: number;
  lessonIds: string[];
  itemIds: string[];
  done: number;
  total: number;
  percentage: number;
  complete: boolean;
}

/** Completions of a learner, counted against the course's current published lessons and items. */
@Injectable()
export class ProgressRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async compute(courseId: string, userId: string, db: Db = this.ds): Promise<LearnerProgress> {
    const row = await queryOne<{ total_lessons: string; total_items: string; lesson_ids: string[]; item_ids: string[] }>(
      db,
      `SELECT
         (SELECT count(*) FROM lessons WHERE course_id = $1 AND is_published) AS total_lessons,
         (SELECT count(*) FROM content_items WHERE course_id = $1) AS total_items,
         ARRAY(SELECT lc.lesson_id::text FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id AND l.is_published
                WHERE lc.course_id = $1 AND lc.user_id = $2 ORDER BY l.sort_order, l.created_at, l.id) AS lesson_ids,
         ARRAY(SELECT ic.content_item_id::text FROM item_completions ic JOIN content_items i ON i.id = ic.content_item_id
                WHERE ic.course_id = $1 AND ic.user_id = $2 ORDER BY i.sort_order, i.created_at, i.id) AS item_ids`,
      [courseId, userId],
    );
    const totalLessons = Number(row!.total_lessons);
    const totalItems = Number(row!.total_items);
    const done = row!.lesson_ids.length + row!.item_ids.length;
    const total = totalLessons + totalItems;
    return {
      totalLessons,
      totalItems,
      lessonIds: row!.lesson_ids,
      itemIds: row!.item_ids,
      done,
      total,
      percentage: completionPercentage(done, total),
      complete: total > 0 && done >= total,
    };
  }

  /** True when the row was new: a second completion of the same unit changes nothing. */
  async completeLesson(db: Db, userId: string, lessonId: string, courseId: string, minutes: number, at: Date): Promise<boolean> {
    const rows = (await db.query(
      `INSERT INTO lesson_completions (user_id, lesson_id, course_id, time_spent_minutes, completed_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING lesson_id`,
      [userId, lessonId, courseId, minutes, at],
    )) as unknown[];
    return rows.length > 0;
  }

  async completeItem(db: Db, userId: string, itemId: string, courseId: string, at: Date): Promise<boolean> {
    const rows = (await db.query(
      `INSERT INTO item_completions (user_id, content_item_id, course_id, completed_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING content_item_id`,
      [userId, itemId, courseId, at],
    )) as unknown[];
    return rows.length > 0;
  }
}
