import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queryRows } from '@lp/service-kit';

/** A published assignment whose due date is near and whose learners were not told of it yet. */
export interface NearDeadline {
  id: string;
  title: string;
  courseId: string;
  courseTitle: string | null;
  dueDate: Date;
}

/** Data access for the deadline sweep; no rules here. */
@Injectable()
export class DeadlinesRepository {
  /**
   * Locks up to `limit` published assignments due after `now` and within `noticeMs`, not told
   * for this due date yet; a row another sweep holds is skipped.
   */
  async takeNear(tx: EntityManager, now: Date, noticeMs: number, limit: number): Promise<NearDeadline[]> {
    const rows = await queryRows<{ id: string; title: string; course_id: string; course_title: string | null; due_date: Date }>(
      tx,
      `SELECT a.id, a.title, a.course_id, c.title AS course_title, a.due_date
         FROM assignments a
         LEFT JOIN courses c ON c.id = a.course_id
        WHERE a.is_published AND a.due_date > $1 AND a.due_date <= $1::timestamptz + make_interval(secs => $2::float8 / 1000)
          AND a.due_notice_for IS DISTINCT FROM a.due_date
        ORDER BY a.due_date, a.id
        LIMIT $3
          FOR UPDATE OF a SKIP LOCKED`,
      [now, noticeMs, limit],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, courseId: r.course_id, courseTitle: r.course_title, dueDate: r.due_date }));
  }

  /** The learners enrolled in the assignment's course who have not submitted it. */
  async notSubmitted(tx: EntityManager, assignmentId: string, courseId: string): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      tx,
      `SELECT e.user_id FROM enrollments e
        WHERE e.course_id = $2
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assignment_id = $1 AND s.student_id = e.user_id)
        ORDER BY e.user_id`,
      [assignmentId, courseId],
    );
    return rows.map((r) => r.user_id);
  }

  async markTold(tx: EntityManager, id: string, dueDate: Date): Promise<void> {
    await tx.query('UPDATE assignments SET due_notice_for = $2 WHERE id = $1', [id, dueDate]);
  }
}
