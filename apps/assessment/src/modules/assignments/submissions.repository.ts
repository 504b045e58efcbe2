import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { ReadModelUserEntity, manyWithExtras, oneWithExtras } from '@lp/service-kit';
import { SubmissionEntity } from '../../entities/submission.entity.js';

/** What every view shows beside a submission: the student (users read model) and the assignment's max points. */
export interface SubmissionExtras {
  /** null when identity's event about the student has not arrived */
  studentName: string | null;
  studentEmail: string | null;
  /** the assignment's max points, for the percentage */
  maxPoints: number;
}
export type SubmissionView = SubmissionEntity & SubmissionExtras;
const EXTRAS = ['studentName', 'studentEmail', 'maxPoints'] as const satisfies readonly (keyof SubmissionExtras)[];

export type SubmissionWrite = Pick<
  SubmissionEntity,
  'assignmentId' | 'studentId' | 'submissionText' | 'submissionFiles' | 'submittedAt' | 'isLate' | 'daysLate'
>;

/** Data access for `submissions`; no rules here. */
@Injectable()
export class SubmissionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(SubmissionEntity);
  }

  private views(tx?: EntityManager): SelectQueryBuilder<SubmissionEntity> {
    return this.repo(tx)
      .createQueryBuilder('s')
      .innerJoin('s.assignment', 'a')
      .addSelect('a.maxPoints', 'maxPoints')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = s.studentId')
      .addSelect('u.name', 'studentName')
      .addSelect('u.email', 'studentEmail');
  }

  find(id: string, tx?: EntityManager): Promise<SubmissionView | null> {
    return oneWithExtras<SubmissionEntity, SubmissionExtras>(this.views(tx).where('s.id = :id', { id }), EXTRAS);
  }

  findForStudent(assignmentId: string, studentId: string): Promise<SubmissionView | null> {
    const qb = this.views().where('s.assignmentId = :assignmentId AND s.studentId = :studentId', { assignmentId, studentId });
    return oneWithExtras<SubmissionEntity, SubmissionExtras>(qb, EXTRAS);
  }

  /** The student's submissions to the assignments of a course, by assignment id. */
  async listForStudentInCourse(courseId: string, studentId: string): Promise<Map<string, SubmissionView>> {
    const qb = this.views().where('a.courseId = :courseId AND s.studentId = :studentId', { courseId, studentId });
    const rows = await manyWithExtras<SubmissionEntity, SubmissionExtras>(qb, EXTRAS);
    return new Map(rows.map((r) => [r.assignmentId, r]));
  }

  listForAssignment(assignmentId: string): Promise<SubmissionView[]> {
    const qb = this.views().where('s.assignmentId = :assignmentId', { assignmentId }).orderBy('s.submittedAt').addOrderBy('s.id');
    return manyWithExtras<SubmissionEntity, SubmissionExtras>(qb, EXTRAS);
  }

  /**
   * Inserts the first submission or replaces an ungraded one, in one statement so that a
   * grade given meanwhile is never overwritten: null when the submission is already graded.
   */
  async upsertUngraded(tx: EntityManager, w: SubmissionWrite): Promise<string | null> {
    const { raw } = await this.repo(tx)
      .createQueryBuilder()
      .insert()
      .values(w)
      .orUpdate(['submission_text', 'submission_files', 'submitted_at', 'is_late', 'days_late'], ['assignment_id', 'student_id'], {
        overwriteCondition: { where: { gradedAt: IsNull() } },
      })
      .returning(['id'])
      .updateEntity(false)
      .execute();
    return (raw as Pick<SubmissionEntity, 'id'>[])[0]?.id ?? null;
  }

  /** Locks a submission for grading (a concurrent grade of the same submission waits). */
  lockForGrading(tx: EntityManager, id: string): Promise<SubmissionView | null> {
    const qb = this.views(tx).where('s.id = :id', { id }).setLock('pessimistic_write', undefined, ['s']);
    return oneWithExtras<SubmissionEntity, SubmissionExtras>(qb, EXTRAS);
  }

  async writeGrade(
    tx: EntityManager,
    id: string,
    g: Pick<SubmissionEntity, 'rawGrade' | 'grade' | 'feedback' | 'gradedBy' | 'gradedAt'>,
  ): Promise<void> {
    await this.repo(tx).update({ id }, g);
  }

  /** The highest grade given (before the penalty) on the assignment; null before any grade. */
  async highestRawGrade(tx: EntityManager, assignmentId: string): Promise<number | null> {
    const row = await this.repo(tx)
      .createQueryBuilder('s')
      .select('max(s.rawGrade)', 'max')
      .where('s.assignmentId = :assignmentId', { assignmentId })
      .getRawOne<{ max: SubmissionEntity['rawGrade'] }>();
    return row?.max ?? null;
  }

  /**
   * A moved due date re-judges the ungraded submissions of the assignment (started days
   * count, as daysLate does); graded ones keep the lateness their grade was computed with.
   */
  async rejudgeLateness(tx: EntityManager, assignmentId: string, dueDate: Date): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update()
      .set({
        daysLate: () => 'GREATEST(0, ceil(extract(epoch FROM submitted_at - CAST(:dueDate AS timestamptz)) / 86400))::int',
        isLate: () => 'submitted_at > CAST(:dueDate AS timestamptz)',
      })
      .where({ assignmentId, gradedAt: IsNull() })
      .setParameters({ dueDate })
      .execute();
  }
}
