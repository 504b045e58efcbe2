import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ReadModelCourseEntity, ReadModelEnrollmentEntity } from '../../entities/catalog-read-model.entity.js';

/** What assessment knows of a course: who owns it decides who authors and grades its assessments. */
export type CourseFacts = Pick<ReadModelCourseEntity, 'id' | 'title' | 'instructorId' | 'institutionId' | 'isPublished'>;

/** The read model of catalog's courses and enrollments (catalog's events write it); no rules here. */
@Injectable()
export class CatalogReadModelRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private courses(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(ReadModelCourseEntity);
  }

  findCourse(id: string, tx?: EntityManager): Promise<CourseFacts | null> {
    return this.courses(tx).findOne({
      select: { id: true, title: true, instructorId: true, institutionId: true, isPublished: true },
      where: { id },
    });
  }

  isEnrolled(courseId: string, userId: string, tx?: EntityManager): Promise<boolean> {
    return (tx ?? this.ds.manager).getRepository(ReadModelEnrollmentEntity).existsBy({ courseId, userId });
  }

  /** Created and updated both carry the whole course: the latest write wins (updated_at = DEFAULT, now(), on conflict). */
  async upsertCourse(tx: EntityManager, c: CourseFacts): Promise<void> {
    await this.courses(tx)
      .createQueryBuilder()
      .insert()
      .values(c)
      .orUpdate(['title', 'instructor_id', 'institution_id', 'is_published'], ['id'])
      .updateEntity(false)
      .execute();
  }

  /** A publication may arrive before the creation: it creates the row, published. */
  async markPublished(tx: EntityManager, c: Omit<CourseFacts, 'isPublished'>): Promise<void> {
    await this.courses(tx)
      .createQueryBuilder()
      .insert()
      .values({ ...c, isPublished: true })
      .orUpdate(['is_published', 'title'], ['id'])
      .updateEntity(false)
      .execute();
  }

  /** An enrollment of a course not yet known: the row is made (published, since learners enroll in published courses). */
  async markKnown(tx: EntityManager, c: Omit<CourseFacts, 'isPublished'>): Promise<void> {
    await this.courses(tx)
      .createQueryBuilder()
      .insert()
      .values({ ...c, isPublished: true })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /** An enrollment is never changed once made (its primary key is the only conflict). */
  async insertEnrollment(
    tx: EntityManager | undefined,
    e: Pick<ReadModelEnrollmentEntity, 'courseId' | 'userId' | 'enrollmentId' | 'enrolledAt'>,
  ): Promise<void> {
    await (tx ?? this.ds.manager)
      .getRepository(ReadModelEnrollmentEntity)
      .createQueryBuilder()
      .insert()
      .values(e)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }
}
