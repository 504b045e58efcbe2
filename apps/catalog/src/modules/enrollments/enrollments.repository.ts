import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows, type Db } from '@lp/service-kit';

export interface EnrollmentRow {
  id: string;
  course_id: string;
  user_id: string;
  amount_paid: number;
  payment_id: string | null;
  enrolled_at: Date;
  last_activity_at: Date;
  completed_at: Date | null;
}

export interface CoursePaymentRow {
  payment_id: string;
  user_id: string;
  course_id: string;
  amount: number;
  paid_at: Date;
}

/** Data access for `enrollments` and `course_payments`; no rules here. */
@Injectable()
export class EnrollmentsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(courseId: string, userId: string, db: Db = this.ds): Promise<EnrollmentRow | null> {
    return queryOne<EnrollmentRow>(db, 'SELECT * FROM enrollments WHERE course_id = $1 AND user_id = $2', [courseId, userId]);
  }

  /** Locks the learner's enrollment until the transaction ends: their completions queue up. */
  lock(db: Db, courseId: string, userId: string): Promise<EnrollmentRow | null> {
    return queryOne<EnrollmentRow>(db, 'SELECT * FROM enrollments WHERE course_id = $1 AND user_id = $2 FOR UPDATE', [courseId, userId]);
  }

  /** One of the user's enrollments by its id, or by its course's id. */
  findForUser(idOrCourseId: string, userId: string): Promise<EnrollmentRow | null> {
    return queryOne<EnrollmentRow>(
      this.ds,
      'SELECT * FROM enrollments WHERE user_id = $2 AND (id = $1 OR course_id = $1) ORDER BY (id = $1) DESC LIMIT 1',
      [idOrCourseId, userId],
    );
  }

  async insert(
    db: Db,
    e: { courseId: string; userId: string; amountPaid: number; paymentId: string | null },
    now: Date,
  ): Promise<EnrollmentRow> {
    const row = await queryOne<EnrollmentRow>(
      db,
      `INSERT INTO enrollments (course_id, user_id, amount_paid, payment_id, enrolled_at, last_activity_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING *`,
      [e.courseId, e.userId, e.amountPaid, e.paymentId, now],
    );
    return row!;
  }

  /** Adds one to the course's counter and answers the new count. */
  async countEnrollment(db: Db, courseId: string): Promise<number> {
    const row = await queryOne<{ enrollment_count: number }>(
      db,
      'UPDATE courses SET enrollment_count = enrollment_count + 1 WHERE id = $1 RETURNING enrollment_count',
      [courseId],
    );
    return row?.enrollment_count ?? 0;
  }

  async touch(db: Db, enrollmentId: string, at: Date): Promise<void> {
    await db.query('UPDATE enrollments SET last_activity_at = GREATEST(last_activity_at, $2) WHERE id = $1', [enrollmentId, at]);
  }

  /** Records a lesson opened: at most one write per hour and enrollment. */
  async touchIfStale(courseId: string, userId: string, at: Date): Promise<void> {
    await this.ds.query(
      `UPDATE enrollments SET last_activity_at = $3
        WHERE course_id = $1 AND user_id = $2 AND last_activity_at < $3::timestamptz - interval '1 hour'`,
      [courseId, userId, at],
    );
  }

  async markCompleted(db: Db, enrollmentId: string, at: Date): Promise<void> {
    await db.query('UPDATE enrollments SET completed_at = $2 WHERE id = $1 AND completed_at IS NULL', [enrollmentId, at]);
  }

  latestPayment(userId: string, courseId: string): Promise<CoursePaymentRow | null> {
    return queryOne<CoursePaymentRow>(
      this.ds,
      'SELECT * FROM course_payments WHERE user_id = $1 AND course_id = $2 ORDER BY paid_at DESC LIMIT 1',
      [userId, courseId],
    );
  }

  async recordPayment(
    db: Db,
    p: { paymentId: string; userId: string; courseId: string; amount: number; currency: string; paidAt: Date },
  ): Promise<void> {
    await db.query(
      `INSERT INTO course_payments (payment_id, user_id, course_id, amount, currency, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_id) DO NOTHING`,
      [p.paymentId, p.userId, p.courseId, p.amount, p.currency, p.paidAt],
    );
  }

  listForUser(userId: string): Promise<EnrollmentRow[]> {
    return queryRows<EnrollmentRow>(this.ds, 'SELECT * FROM enrollments WHERE user_id = $1 ORDER BY enrolled_at DESC', [userId]);
  }
}
