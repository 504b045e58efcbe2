import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, type EntityManager, type Repository } from 'typeorm';
import { CourseEntity } from '../../entities/course.entity.js';
import { CoursePaymentEntity } from '../../entities/course-payment.entity.js';
import { EnrollmentEntity } from '../../entities/enrollment.entity.js';

/** What an enrollment takes from a completed payment. */
export type CoursePayment = Pick<CoursePaymentEntity, 'paymentId' | 'userId' | 'courseId' | 'amount' | 'paidAt'>;

const HOUR_MS = 3_600_000;

/** Data access for `enrollments` and `course_payments`; no rules here. */
@Injectable()
export class EnrollmentsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<EnrollmentEntity> {
    return (tx ?? this.ds.manager).getRepository(EnrollmentEntity);
  }

  find(courseId: string, userId: string, tx?: EntityManager): Promise<EnrollmentEntity | null> {
    return this.repo(tx).findOneBy({ courseId, userId });
  }

  /** The enrollment ids of these users in the course, by user. */
  async idsOf(courseId: string, userIds: readonly string[], tx?: EntityManager): Promise<Map<string, string>> {
    if (!userIds.length) return new Map();
    const rows = await this.repo(tx)
      .createQueryBuilder('e')
      .select(['e.id', 'e.userId'])
      .where('e.courseId = :courseId AND e.userId IN (:...userIds)', { courseId, userIds: [...new Set(userIds)] })
      .getMany();
    return new Map(rows.map((e) => [e.userId, e.id]));
  }

  /** Locks the learner's enrollment until the transaction ends: their completions queue up. */
  lock(tx: EntityManager, courseId: string, userId: string): Promise<EnrollmentEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('e')
      .setLock('pessimistic_write')
      .where('e.courseId = :courseId AND e.userId = :userId', { courseId, userId })
      .getOne();
  }

  /** One of the user's enrollments by its id, or by its course's id. */
  findForUser(idOrCourseId: string, userId: string): Promise<EnrollmentEntity | null> {
    return this.repo()
      .createQueryBuilder('e')
      .where('e.userId = :userId', { userId })
      .andWhere('(e.id = :key OR e.courseId = :key)', { key: idOrCourseId })
      .orderBy('e.id = :key', 'DESC')
      .limit(1)
      .getOne();
  }

  async insert(
    tx: EntityManager,
    e: Pick<EnrollmentEntity, 'courseId' | 'userId' | 'amountPaid' | 'paymentId'>,
    now: Date,
  ): Promise<EnrollmentEntity> {
    const enrollment = this.repo(tx).create({ ...e, enrolledAt: now, lastActivityAt: now, completedAt: null });
    await this.repo(tx).insert(enrollment);
    return enrollment;
  }

  /** The distinct learners enrolled in any course of the author. */
  async studentsOfAuthor(instructorId: string): Promise<number> {
    const row = await this.repo()
      .createQueryBuilder('e')
      .innerJoin(CourseEntity, 'c', 'c.id = e.courseId')
      .select('count(DISTINCT e.userId)', 'students')
      .where('c.instructorId = :instructorId', { instructorId })
      .getRawOne<{ students: number }>();
    return row?.students ?? 0;
  }

  /** Adds one to the course's counter and answers the new count. */
  /** Free enrollments for the users not enrolled yet (the others are skipped by the unique key), one statement. */
  async insertFree(tx: EntityManager, courseId: string, userIds: readonly string[], now: Date): Promise<EnrollmentEntity[]> {
    if (!userIds.length) return [];
    const rows = (await tx.query(
      `INSERT INTO enrollments (course_id, user_id, amount_paid, payment_id, enrolled_at, last_activity_at, completed_at)
       SELECT $1, u, 0, NULL, $3, $3, NULL FROM unnest($2::uuid[]) WITH ORDINALITY AS t(u, n) ORDER BY n
       ON CONFLICT (course_id, user_id) DO NOTHING RETURNING id, user_id`,
      [courseId, [...new Set(userIds)], now],
    )) as Array<{ id: string; user_id: string }>;
    return rows.map((r) =>
      this.repo(tx).create({
        id: r.id,
        courseId,
        userId: r.user_id,
        amountPaid: 0,
        paymentId: null,
        enrolledAt: now,
        lastActivityAt: now,
        completedAt: null,
      }),
    );
  }

  async countEnrollment(tx: EntityManager, courseId: string, added = 1): Promise<number> {
    const { raw } = await tx
      .getRepository(CourseEntity)
      .createQueryBuilder()
      .update()
      // updated_at stays: an enrollment is not an edit of the course
      .set({ enrollmentCount: () => `enrollment_count + ${Math.trunc(added)}`, updatedAt: () => 'updated_at' })
      .where({ id: courseId })
      .returning(['enrollmentCount'])
      .execute();
    return (raw as Array<{ enrollment_count: number }>)[0]?.enrollment_count ?? 0;
  }

  async touch(tx: EntityManager, enrollmentId: string, at: Date): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update()
      .set({ lastActivityAt: () => 'GREATEST(last_activity_at, :at)' })
      .setParameter('at', at)
      .where({ id: enrollmentId })
      .execute();
  }

  /** Records a lesson opened: at most one write per hour and enrollment. */
  async touchIfStale(courseId: string, userId: string, at: Date): Promise<void> {
    await this.repo().update({ courseId, userId, lastActivityAt: LessThan(new Date(at.getTime() - HOUR_MS)) }, { lastActivityAt: at });
  }

  async markCompleted(tx: EntityManager, enrollmentId: string, at: Date): Promise<void> {
    await this.repo(tx).update({ id: enrollmentId, completedAt: IsNull() }, { completedAt: at });
  }

  latestPayment(userId: string, courseId: string): Promise<CoursePaymentEntity | null> {
    return this.ds.getRepository(CoursePaymentEntity).findOne({ where: { userId, courseId }, order: { paidAt: 'DESC' } });
  }

  /** A redelivered payment changes nothing (its id is the key). */
  async recordPayment(
    tx: EntityManager,
    p: Pick<CoursePaymentEntity, 'paymentId' | 'userId' | 'courseId' | 'amount' | 'currency' | 'paidAt'>,
  ): Promise<void> {
    await tx.getRepository(CoursePaymentEntity).createQueryBuilder().insert().values(p).orIgnore().execute();
  }
}
