import { Inject, Injectable } from '@nestjs/common';
import { catalogEvents } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import { EnrollmentsRepository, type EnrollmentRow } from '../enrollments/enrollments.repository.js';
import type { CourseRow } from '../courses/course.mapper.js';
import { CertificatesRepository, type CertificateRow } from './certificates.repository.js';
import { newVerificationCode } from './certificate-code.util.js';
import { iso, type Db, UsersReadModel } from '@lp/service-kit';

/**
 * A learner reached 100%: inside the caller's transaction, the enrollment is marked
 * completed, the certificate row is written (names frozen as they are now) and
 * catalog.course.completed is written to the outbox; its consumer queues the PDF job.
 * Issuing twice gives the same certificate and no second event.
 */
@Injectable()
export class CertificateIssuer {
  constructor(
    @Inject(CertificatesRepository) private readonly certificates: CertificatesRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
  ) {}

  async issue(tx: Db, enrollment: EnrollmentRow, course: CourseRow, at: Date): Promise<CertificateRow> {
    const existing = await this.certificates.findForUser(enrollment.user_id, course.id, tx);
    if (existing) return existing;
    const learner = await this.users.find(enrollment.user_id, tx);
    const instructor = await this.users.find(course.instructor_id, tx);
    await this.enrollments.markCompleted(tx, enrollment.id, at);
    for (let attempt = 0; ; attempt++) {
      const row = await this.certificates.insertIfMissing(tx, {
        enrollmentId: enrollment.id,
        userId: enrollment.user_id,
        courseId: course.id,
        code: newVerificationCode(),
        learnerName: learner?.name ?? UNKNOWN_USER_NAME,
        courseTitle: course.title,
        instructorName: instructor?.name ?? UNKNOWN_USER_NAME,
        completedAt: at,
      });
      if (row) {
        await writeEvent(
          tx,
          catalogEvents.courseCompleted,
          {
            v: 1,
            user_id: row.user_id,
            course_id: row.course_id,
            course_title: row.course_title,
            instructor_id: course.instructor_id,
            enrollment_id: enrollment.id,
            certificate_id: row.id,
            verification_code: row.verification_code,
            completed_at: iso(row.completed_at),
          },
        );
        return row;
      }
      const raced = await this.certificates.findForUser(enrollment.user_id, course.id, tx);
      if (raced) return raced;
      if (attempt >= 3) throw new Error('could not find a free certificate code');
    }
  }
}
