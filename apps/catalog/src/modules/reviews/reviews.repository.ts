import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows, type Db } from '@lp/service-kit';

export interface ReviewRow {
  id: string;
  course_id: string;
  user_id: string;
  rating: number;
  comment: string;
  created_at: Date;
  user_name: string | null;
}

const SELECT = 'SELECT r.*, u.name AS user_name FROM reviews r LEFT JOIN users u ON u.id = r.user_id';

/** Data access for `reviews` and the course's rating figures; no rules here. */
@Injectable()
export class ReviewsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  listForCourse(courseId: string, limit: number): Promise<ReviewRow[]> {
    return queryRows<ReviewRow>(this.ds, `${SELECT} WHERE r.course_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2`, [courseId, limit]);
  }

  find(id: string, db: Db = this.ds): Promise<ReviewRow | null> {
    return queryOne<ReviewRow>(db, `${SELECT} WHERE r.id = $1`, [id]);
  }

  findForUser(courseId: string, userId: string): Promise<{ id: string } | null> {
    return queryOne<{ id: string }>(this.ds, 'SELECT id FROM reviews WHERE course_id = $1 AND user_id = $2', [courseId, userId]);
  }

  async insert(db: Db, r: { courseId: string; userId: string; rating: number; comment: string }, now: Date): Promise<string> {
    const row = await queryOne<{ id: string }>(
      db,
      'INSERT INTO reviews (course_id, user_id, rating, comment, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [r.courseId, r.userId, r.rating, r.comment, now],
    );
    return row!.id;
  }

  /** Recomputes rating_avg and rating_count from the reviews themselves (call with the course row locked). */
  async refreshRating(db: Db, courseId: string): Promise<void> {
    await db.query(
      `UPDATE courses SET
         rating_avg = COALESCE((SELECT round(avg(rating), 2) FROM reviews WHERE course_id = $1), 0),
         rating_count = (SELECT count(*) FROM reviews WHERE course_id = $1)
       WHERE id = $1`,
      [courseId],
    );
  }

  listForUser(userId: string): Promise<ReviewRow[]> {
    return queryRows<ReviewRow>(this.ds, `${SELECT} WHERE r.user_id = $1 ORDER BY r.created_at`, [userId]);
  }
}
