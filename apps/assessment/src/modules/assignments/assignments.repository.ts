import { manyWithExtras, oneWithExtras } from '@lp/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { AssignmentEntity } from '../../entities/assignment.entity.js';
import { ReadModelCourseEntity, ReadModelEnrollmentEntity } from '../../entities/catalog-read-model.entity.js';
import { SubmissionEntity } from '../../entities/submission.entity.js';

/** What every view shows beside an assignment: its course's title (read model) and its submission count. */
export interface AssignmentExtras {
  courseTitle: string | null;
  submissionCount: number;
}
export type AssignmentView = AssignmentEntity & AssignmentExtras;
const EXTRAS = ['courseTitle', 'submissionCount'] as const satisfies readonly (keyof AssignmentExtras)[];

/** The columns a create or an edit writes. */
export type AssignmentColumns = Pick<
  AssignmentEntity,
  | 'title'
  | 'description'
  | 'assignmentType'
  | 'instructions'
  | 'maxPoints'
  | 'dueDate'
  | 'allowLateSubmission'
  | 'latePenaltyPercent'
  | 'isPublished'
>;

/** Data access for `assignments`; no rules here. */
@Injectable()
export class AssignmentsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(AssignmentEntity);
  }

  private views(tx?: EntityManager): SelectQueryBuilder<AssignmentEntity> {
    return this.repo(tx)
      .createQueryBuilder('a')
      .leftJoin(ReadModelCourseEntity, 'c', 'c.id = a.courseId')
      .addSelect('c.title', 'courseTitle')
      .addSelect((sub) => sub.select('count(*)').from(SubmissionEntity, 's').where('s.assignment_id = a.id'), 'submissionCount');
  }

  find(id: string, tx?: EntityManager): Promise<AssignmentView | null> {
    return oneWithExtras<AssignmentEntity, AssignmentExtras>(this.views(tx).where('a.id = :id', { id }), EXTRAS);
  }

  /**
   * Locks the assignment row: `share` while a submission reads its rules (they cannot change
   * meanwhile), `update` while a manager changes it or its submissions (one at a time).
   */
  async lock(tx: EntityManager, id: string, mode: 'share' | 'update'): Promise<AssignmentView | null> {
    await this.repo(tx)
      .createQueryBuilder('a')
      .select('a.id')
      .where('a.id = :id', { id })
      .setLock(mode === 'share' ? 'pessimistic_read' : 'pessimistic_write')
      .getOne();
    return this.find(id, tx);
  }

  listForCourse(courseId: string, opts: { publishedOnly: boolean }): Promise<AssignmentView[]> {
    const qb = this.views().where('a.courseId = :courseId', { courseId });
    if (opts.publishedOnly) qb.andWhere('a.isPublished');
    return manyWithExtras<AssignmentEntity, AssignmentExtras>(qb.orderBy('a.dueDate').addOrderBy('a.createdAt').addOrderBy('a.id'), EXTRAS);
  }

  /** The published assignments of the learner's courses due after `now` that they have not submitted, soonest first. */
  dueFor(userId: string, now: Date, limit: number): Promise<AssignmentView[]> {
    const qb = this.views()
      .innerJoin(ReadModelEnrollmentEntity, 'e', 'e.courseId = a.courseId AND e.userId = :userId', { userId })
      .where('a.isPublished')
      .andWhere('a.dueDate > :now', { now })
      .andWhere((sub) => {
        const mine = sub
          .subQuery()
          .select('1')
          .from(SubmissionEntity, 'm')
          .where('m.assignment_id = a.id')
          .andWhere('m.student_id = :userId');
        return `NOT EXISTS ${mine.getQuery()}`;
      })
      .orderBy('a.dueDate')
      .addOrderBy('a.id')
      .limit(limit);
    return manyWithExtras<AssignmentEntity, AssignmentExtras>(qb, EXTRAS);
  }

  async insert(tx: EntityManager, a: AssignmentColumns & Pick<AssignmentEntity, 'courseId' | 'createdBy'>, now: Date): Promise<string> {
    const { identifiers } = await this.repo(tx).insert({ ...a, createdAt: now, updatedAt: now });
    return (identifiers[0] as Pick<AssignmentEntity, 'id'>).id;
  }

  /** Writes the columns given. */
  async update(tx: EntityManager, id: string, changes: Partial<AssignmentColumns>, now: Date): Promise<void> {
    await this.repo(tx).update({ id }, { ...changes, updatedAt: now });
  }

  /** Its submissions go with it (ON DELETE CASCADE). */
  async delete(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx).delete({ id });
  }
}
