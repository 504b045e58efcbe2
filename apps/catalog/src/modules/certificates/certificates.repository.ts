import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows, type Db } from '@lp/service-kit';

export interface CertificateRow {
  id: string;
  enrollment_id: string;
  user_id: string;
  course_id: string;
  verification_code: string;
  learner_name: string;
  course_title: string;
  instructor_name: string;
  completed_at: Date;
  storage_key: string | null;
  rendered_at: Date | null;
  created_at: Date;
}

export interface NewCertificate {
  enrollmentId: string;
  userId: string;
  courseId: string;
  code: string;
  learnerName: string;
  courseTitle: string;
  instructorName: string;
  completedAt: Date;
}

/** Data access for `certificates`; no rules here. */
@Injectable()
export class CertificatesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  findForUser(userId: string, courseId: string, db: Db = this.ds): Promise<CertificateRow | null> {
    return queryOne<CertificateRow>(db, 'SELECT * FROM certificates WHERE user_id = $1 AND course_id = $2', [userId, courseId]);
  }

  findById(id: string, db: Db = this.ds): Promise<CertificateRow | null> {
    return queryOne<CertificateRow>(db, 'SELECT * FROM certificates WHERE id = $1', [id]);
  }

  findByCode(code: string): Promise<CertificateRow | null> {
    return queryOne<CertificateRow>(this.ds, 'SELECT * FROM certificates WHERE verification_code = $1', [code]);
  }

  /** Null when a certificate already exists for the learner and course (or, very rarely, the code is taken). */
  insertIfMissing(db: Db, c: NewCertificate): Promise<CertificateRow | null> {
    return queryOne<CertificateRow>(
      db,
      `INSERT INTO certificates (enrollment_id, user_id, course_id, verification_code, learner_name, course_title, instructor_name, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING *`,
      [c.enrollmentId, c.userId, c.courseId, c.code, c.learnerName, c.courseTitle, c.instructorName, c.completedAt],
    );
  }

  /** Answers false when the certificate is unknown. */
  async markRendered(id: string, storageKey: string, at: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.ds,
      'UPDATE certificates SET storage_key = $2, rendered_at = COALESCE(rendered_at, $3) WHERE id = $1 RETURNING id',
      [id, storageKey, at],
    );
    return rows.length > 0;
  }

  listForUser(userId: string): Promise<CertificateRow[]> {
    return queryRows<CertificateRow>(this.ds, 'SELECT * FROM certificates WHERE user_id = $1 ORDER BY completed_at DESC', [userId]);
  }
}
