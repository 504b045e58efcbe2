import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CourseEntity } from '../../entities/course.entity.js';
import { EnrollmentEntity } from '../../entities/enrollment.entity.js';

export interface CourseFacts {
  courseId: string;
  institutionId: string;
  title: string;
  category: string;
  price: string | number;
  isPublished: boolean;
}

export interface EnrollmentFacts {
  enrollmentId: string;
  courseId: string;
  userId: string;
  institutionId: string | null;
  amountPaidMinor: number;
  currency: string;
  enrolledAt: string;
}

/**
 * The read models of catalog's courses and enrollments. Events of one course may arrive in any
 * order, so every write is an upsert whose conflict branch decides what an older or a later
 * event may change.
 * raw-sql: INSERT ... SELECT (only for an institution known here) ... ON CONFLICT DO UPDATE ... WHERE:
 * each event is applied in one atomic statement, whatever else arrives at the same moment; the
 * query builder's orUpdate cannot carry the conflict branch's condition or the SELECT source.
 */
@Injectable()
export class CoursesRepository {
  /** A created course; an update that came first made the row: it is newer, only the creation time is this event's. */
  async created(tx: EntityManager, c: CourseFacts, at: string): Promise<void> {
    await tx.query(
      `INSERT INTO courses (id, institution_id, title, category, price, is_published, enrollment_count, created_at, updated_at)
       SELECT $1, i.id, $3, $4, $5, $6, (SELECT count(*) FROM enrollments e WHERE e.course_id = $1), $7, $7 FROM institutions i WHERE i.id = $2
       ON CONFLICT (id) DO UPDATE SET created_at = EXCLUDED.created_at`,
      [c.courseId, c.institutionId, c.title, c.category, c.price, c.isPublished, at],
    );
  }

  /** An updated course; an older update never overwrites a newer one. */
  async updated(tx: EntityManager, c: CourseFacts, at: string): Promise<void> {
    await tx.query(
      `INSERT INTO courses (id, institution_id, title, category, price, is_published, enrollment_count, created_at, updated_at)
       SELECT $1, i.id, $3, $4, $5, $6, (SELECT count(*) FROM enrollments e WHERE e.course_id = $1), $7, $7 FROM institutions i WHERE i.id = $2
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, category = EXCLUDED.category, price = EXCLUDED.price,
              is_published = EXCLUDED.is_published, updated_at = EXCLUDED.updated_at
        WHERE courses.updated_at <= EXCLUDED.updated_at`,
      [c.courseId, c.institutionId, c.title, c.category, c.price, c.isPublished, at],
    );
  }

  /** An enrollment, of the course's owner (an enrollment may come before its course: then as catalog says). */
  async enrolled(tx: EntityManager, e: EnrollmentFacts): Promise<void> {
    await tx.query(
      `INSERT INTO enrollments (id, course_id, user_id, institution_id, amount_paid_minor, currency, enrolled_at)
       SELECT $1, $2, $3, coalesce(c.institution_id, i.id), $5, $6, $7
         FROM institutions i LEFT JOIN courses c ON c.id = $2 WHERE i.id = $4
       ON CONFLICT (id) DO UPDATE SET amount_paid_minor = EXCLUDED.amount_paid_minor, enrolled_at = EXCLUDED.enrolled_at`,
      [e.enrollmentId, e.courseId, e.userId, e.institutionId, e.amountPaidMinor, e.currency, e.enrolledAt],
    );
  }

  /** The course's enrollment count, never lowered by an older event. */
  async raiseEnrollmentCount(tx: EntityManager, courseId: string, count: number): Promise<void> {
    await tx
      .getRepository(CourseEntity)
      .createQueryBuilder()
      .update(CourseEntity)
      .set({ enrollmentCount: () => 'greatest(enrollment_count, :count)' })
      .where('id = :courseId', { courseId, count })
      .execute();
  }

  /** Marks the enrollment completed (the first completion stays); false when the enrollment is not here yet. */
  async complete(tx: EntityManager, enrollmentId: string, at: string): Promise<boolean> {
    const result = await tx
      .getRepository(EnrollmentEntity)
      .createQueryBuilder()
      .update(EnrollmentEntity)
      .set({ completedAt: () => 'coalesce(completed_at, CAST(:at AS timestamptz))' })
      .where('id = :enrollmentId', { enrollmentId, at })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * A completion kept for an enrollment whose own event has not come yet, of an institution's
   * course only: the one the event names (so the course's own event may come later too), else,
   * for an event written before it named one, the course as known here.
   */
  async completedEarly(
    tx: EntityManager,
    e: { enrollmentId: string; courseId: string; userId: string; completedAt: string; currency: string; institutionId: string | null },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO enrollments (id, course_id, user_id, institution_id, currency, enrolled_at, completed_at)
       SELECT $1, $2, $3, coalesce(c.institution_id, i.id), $5, $4, $4
         FROM (SELECT 1) AS one LEFT JOIN courses c ON c.id = $2 LEFT JOIN institutions i ON i.id = $6
        WHERE coalesce(c.institution_id, i.id) IS NOT NULL
       ON CONFLICT (id) DO UPDATE SET completed_at = coalesce(enrollments.completed_at, EXCLUDED.completed_at)`,
      [e.enrollmentId, e.courseId, e.userId, e.completedAt, e.currency, e.institutionId],
    );
  }
}
