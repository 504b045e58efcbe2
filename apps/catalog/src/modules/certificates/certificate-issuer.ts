import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { catalogEvents } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { CertificateEntity } from '../../entities/certificate.entity.js';
import type { CourseEntity } from '../../entities/course.entity.js';
import type { EnrollmentEntity } from '../../entities/enrollment.entity.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { CertificatesRepository } from './certificates.repository.js';
import { newVerificationCode } from './certificate-code.util.js';
import { iso, UsersReadModel } from '@lp/service-kit';

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

  async issue(tx: EntityManager, enrollment: EnrollmentEntity, course: CourseEntity, at: Date): Promise<CertificateEntity> {
    const existing = await this.certificates.findForUser(enrollment.userId, course.id, tx);
    if (existing) return existing;
    const learner = await this.users.find(enrollment.userId, tx);
    const instructor = await this.users.find(course.instructorId, tx);
    await this.enrollments.markCompleted(tx, enrollment.id, at);
    for (let attempt = 0; ; attempt++) {
      const row = await this.certificates.insertIfMissing(tx, {
        enrollmentId: enrollment.id,
        userId: enrollment.userId,
        courseId: course.id,
        verificationCode: newVerificationCode(),
        learnerName: learner?.name ?? UNKNOWN_USER_NAME,
        courseTitle: course.title,
        instructorName: instructor?.name ?? UNKNOWN_USER_NAME,
        completedAt: at,
      });
      if (row) {
        await writeEvent(tx, catalogEvents.courseCompleted, {
          v: 1,
          user_id: row.userId,
          course_id: row.courseId,
          course_title: row.courseTitle,
          instructor_id: course.instructorId,
          enrollment_id: enrollment.id,
          certificate_id: row.id,
          verification_code: row.verificationCode,
          completed_at: iso(row.completedAt),
          institution_id: course.institutionId,
        });
        return row;
      }
      const raced = await this.certificates.findForUser(enrollment.userId, course.id, tx);
      if (raced) return raced;
      if (attempt >= 3) throw new Error('could not find a free certificate code');
    }
  }
}
