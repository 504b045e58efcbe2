import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, type Db } from '@lp/service-kit';

export interface CourseRow {
  id: string;
  title: string;
  instructor_id: string;
  institution_id: string | null;
  is_published: boolean;
}

/** The read model of catalog's courses and enrollments (catalog's events write it); no rules here. */
@Injectable()
export class CatalogReadModelRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  findCourse(id: string, db: Db = this.ds): Promise<CourseRow | null> {
    return queryOne<CourseRow>(db, 'SELECT id, title, instructor_id, institution_id, is_published FROM courses WHERE id = $1', [id]);
  }

  async isEnrolled(courseId: string, userId: string, db: Db = this.ds): Promise<boolean> {
    return (await queryOne(db, 'SELECT 1 FROM enrollments WHERE course_id = $1 AND user_id = $2', [courseId, userId])) !== null;
  }

  /** Created and updated both carry the whole course: the latest write wins. */
  async upsertCourse(db: Db, c: CourseRow): Promise<void> {
    await db.query(
      `INSERT INTO courses (id, title, instructor_id, institution_id, is_published) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, instructor_id = EXCLUDED.instructor_id,
         institution_id = EXCLUDED.institution_id, is_published = EXCLUDED.is_published, updated_at = now()`,
      [c.id, c.title, c.instructor_id, c.institution_id, c.is_published],
    );
  }

  /** A publication may arrive before the creation: it creates the row, published. */
  async markPublished(db: Db, c: Omit<CourseRow, 'is_published'>): Promise<void> {
    await db.query(
      `INSERT INTO courses (id, title, instructor_id, institution_id, is_published) VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (id) DO UPDATE SET is_published = true, title = EXCLUDED.title, updated_at = now()`,
      [c.id, c.title, c.instructor_id, c.institution_id],
    );
  }

  /** An enrollment of a course not yet known: the row is made (published, since learners enroll in published courses). */
  async markKnown(db: Db, c: Omit<CourseRow, 'is_published'>): Promise<void> {
    await db.query(
      `INSERT INTO courses (id, title, instructor_id, institution_id, is_published) VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (id) DO NOTHING`,
      [c.id, c.title, c.instructor_id, c.institution_id],
    );
  }

  async insertEnrollment(db: Db | undefined, e: { courseId: string; userId: string; enrollmentId: string; enrolledAt: Date }): Promise<void> {
    await (db ?? this.ds).query(
      `INSERT INTO enrollments (course_id, user_id, enrollment_id, enrolled_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (course_id, user_id) DO NOTHING`,
      [e.courseId, e.userId, e.enrollmentId, e.enrolledAt],
    );
  }
}
