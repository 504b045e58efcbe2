import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows, type Db } from '@lp/service-kit';

export interface SubmissionRow {
  id: string;
  assignment_id: string;
  student_id: string;
  /** null when identity's event about the student has not arrived */
  student_name: string | null;
  student_email: string | null;
  submission_text: string;
  submission_files: string[];
  submitted_at: Date;
  is_late: boolean;
  days_late: number;
  /** numeric: pg answers text */
  raw_grade: number | null;
  grade: number | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: Date | null;
  /** the assignment's max points, for the percentage */
  max_points: number;
}

const SELECT = `SELECT s.*, u.name AS student_name, u.email AS student_email, a.max_points
  FROM submissions s JOIN assignments a ON a.id = s.assignment_id LEFT JOIN users u ON u.id = s.student_id`;

export interface SubmissionWrite {
  assignmentId: string;
  studentId: string;
  text: string;
  files: string[];
  submittedAt: Date;
  isLate: boolean;
  daysLate: number;
}

/** Data access for `submissions`; no rules here. */
@Injectable()
export class SubmissionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<SubmissionRow | null> {
    return queryOne<SubmissionRow>(db, `${SELECT} WHERE s.id = $1`, [id]);
  }

  findForStudent(assignmentId: string, studentId: string, db: Db = this.ds): Promise<SubmissionRow | null> {
    return queryOne<SubmissionRow>(db, `${SELECT} WHERE s.assignment_id = $1 AND s.student_id = $2`, [assignmentId, studentId]);
  }

  /** The student's submissions to the assignments of a course, by assignment id. */
  async listForStudentInCourse(courseId: string, studentId: string): Promise<Map<string, SubmissionRow>> {
    const rows = await queryRows<SubmissionRow>(this.ds, `${SELECT} WHERE a.course_id = $1 AND s.student_id = $2`, [courseId, studentId]);
    return new Map(rows.map((r) => [r.assignment_id, r]));
  }

  listForAssignment(assignmentId: string): Promise<SubmissionRow[]> {
    return queryRows<SubmissionRow>(this.ds, `${SELECT} WHERE s.assignment_id = $1 ORDER BY s.submitted_at, s.id`, [assignmentId]);
  }

  /**
   * Inserts the first submission or replaces an ungraded one, in one statement so that a
   * grade given meanwhile is never overwritten: null when the submission is already graded.
   */
  async upsertUngraded(db: Db, w: SubmissionWrite): Promise<string | null> {
    const row = await queryOne<{ id: string }>(
      db,
      `INSERT INTO submissions (assignment_id, student_id, submission_text, submission_files, submitted_at, is_late, days_late)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (assignment_id, student_id) DO UPDATE SET submission_text = EXCLUDED.submission_text,
         submission_files = EXCLUDED.submission_files, submitted_at = EXCLUDED.submitted_at,
         is_late = EXCLUDED.is_late, days_late = EXCLUDED.days_late
       WHERE submissions.graded_at IS NULL
       RETURNING id`,
      [w.assignmentId, w.studentId, w.text, JSON.stringify(w.files), w.submittedAt, w.isLate, w.daysLate],
    );
    return row?.id ?? null;
  }

  /** Locks a submission for grading (a concurrent grade of the same submission waits). */
  lockForGrading(db: Db, id: string): Promise<SubmissionRow | null> {
    return queryOne<SubmissionRow>(db, `${SELECT} WHERE s.id = $1 FOR UPDATE OF s`, [id]);
  }

  async writeGrade(db: Db, id: string, g: { rawGrade: number; grade: number; feedback: string; gradedBy: string; gradedAt: Date }): Promise<void> {
    await db.query('UPDATE submissions SET raw_grade = $2, grade = $3, feedback = $4, graded_by = $5, graded_at = $6 WHERE id = $1', [
      id,
      g.rawGrade,
      g.grade,
      g.feedback,
      g.gradedBy,
      g.gradedAt,
    ]);
  }

  /** The highest grade given (before the penalty) on the assignment; null before any grade. */
  async highestRawGrade(db: Db, assignmentId: string): Promise<number | null> {
    const row = await queryOne<{ max: string | null }>(db, 'SELECT max(raw_grade) AS max FROM submissions WHERE assignment_id = $1', [assignmentId]);
    return row?.max === null || row?.max === undefined ? null : Number(row.max);
  }

  /**
   * A moved due date re-judges the ungraded submissions of the assignment (started days
   * count, as daysLate does); graded ones keep the lateness their grade was computed with.
   */
  async rejudgeLateness(db: Db, assignmentId: string, dueDate: Date): Promise<void> {
    await db.query(
      `UPDATE submissions SET
         days_late = GREATEST(0, ceil(extract(epoch FROM submitted_at - $2::timestamptz) / 86400))::int,
         is_late = submitted_at > $2::timestamptz
       WHERE assignment_id = $1 AND graded_at IS NULL`,
      [assignmentId, dueDate],
    );
  }
}
