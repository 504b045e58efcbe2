import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AssignmentType } from '@lp/contracts';
import { Params, queryOne, queryRows, type Db } from '@lp/service-kit';

export interface AssignmentRow {
  id: string;
  course_id: string;
  course_title: string | null;
  created_by: string;
  title: string;
  description: string;
  assignment_type: AssignmentType;
  instructions: string;
  /** numeric: pg answers text */
  max_points: number;
  due_date: Date;
  allow_late_submission: boolean;
  late_penalty_percent: number;
  is_published: boolean;
  created_at: Date;
  updated_at: Date;
  submission_count: number;
}

/** The editable fields, as the contract names them. */
export interface AssignmentFields {
  title: string;
  description: string;
  assignment_type: AssignmentType;
  instructions: string;
  max_points: number;
  due_date: string;
  allow_late_submission: boolean;
  late_penalty_percent: number;
  is_published: boolean;
}
const EDITABLE = [
  'title',
  'description',
  'assignment_type',
  'instructions',
  'max_points',
  'due_date',
  'allow_late_submission',
  'late_penalty_percent',
  'is_published',
] as const satisfies readonly (keyof AssignmentFields)[];

const SELECT = `SELECT a.*, c.title AS course_title,
    (SELECT count(*) FROM submissions s WHERE s.assignment_id = a.id) AS submission_count
  FROM assignments a LEFT JOIN courses c ON c.id = a.course_id`;

/** Data access for `assignments`; no rules here. */
@Injectable()
export class AssignmentsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<AssignmentRow | null> {
    return queryOne<AssignmentRow>(db, `${SELECT} WHERE a.id = $1`, [id]);
  }

  /**
   * Locks the assignment row: `share` while a submission reads its rules (they cannot change
   * meanwhile), `update` while a manager changes it or its submissions (one at a time).
   */
  async lock(db: Db, id: string, mode: 'share' | 'update'): Promise<AssignmentRow | null> {
    await db.query(`SELECT 1 FROM assignments WHERE id = $1 ${mode === 'share' ? 'FOR SHARE' : 'FOR UPDATE'}`, [id]);
    return this.find(id, db);
  }

  listForCourse(courseId: string, opts: { publishedOnly: boolean }): Promise<AssignmentRow[]> {
    return queryRows<AssignmentRow>(
      this.ds,
      `${SELECT} WHERE a.course_id = $1 ${opts.publishedOnly ? 'AND a.is_published' : ''} ORDER BY a.due_date, a.created_at, a.id`,
      [courseId],
    );
  }

  async insert(db: Db, a: AssignmentFields & { courseId: string; createdBy: string }, now: Date): Promise<string> {
    const row = await queryOne<{ id: string }>(
      db,
      `INSERT INTO assignments (course_id, created_by, title, description, assignment_type, instructions, max_points, due_date,
         allow_late_submission, late_penalty_percent, is_published, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
      [
        a.courseId,
        a.createdBy,
        a.title,
        a.description,
        a.assignment_type,
        a.instructions,
        a.max_points,
        a.due_date,
        a.allow_late_submission,
        a.late_penalty_percent,
        a.is_published,
        now,
      ],
    );
    return row!.id;
  }

  /** Writes the fields given (undefined ones stay). */
  async update(db: Db, id: string, changes: Partial<AssignmentFields>, now: Date): Promise<void> {
    const p = new Params();
    const sets = EDITABLE.filter((k) => changes[k] !== undefined).map((k) => `${k} = $${p.add(changes[k])}`);
    sets.push(`updated_at = $${p.add(now)}`);
    await db.query(`UPDATE assignments SET ${sets.join(', ')} WHERE id = $${p.add(id)}`, p.values);
  }

  /** Its submissions go with it (ON DELETE CASCADE). */
  async delete(db: Db, id: string): Promise<void> {
    await db.query('DELETE FROM assignments WHERE id = $1', [id]);
  }
}
