import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { catalogEvents, type Caller, type CheckEnrollmentResponse, type EnrollResponse } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { ENV, UnitOfWork, Clock, isUniqueViolation, iso, isoOrNull, num } from '@lp/service-kit';
import type { CatalogEnv } from '../../config/catalog-env.js';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseAccess } from '../courses/course-access.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import type { CourseRow } from '../courses/course.mapper.js';
import { EnrollmentsRepository, type CoursePaymentRow, type EnrollmentRow } from './enrollments.repository.js';

const POLL_MS = 100;

/**
 * Enrollment: a free course at once; a paid course only once billing reported a completed
 * payment for it by this user (billing.payment.completed, recorded by PaymentsConsumer).
 * Enrolling twice answers 409, also when two requests race (the unique constraint decides).
 */
@Injectable()
export class EnrollmentsService {
  constructor(
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CatalogEnv,
  ) {}

  async check(caller: Caller, courseId: string): Promise<z.infer<typeof CheckEnrollmentResponse>> {
    await this.access.visible(courseId, caller);
    const e = await this.enrollments.find(courseId, caller.userId);
    return { enrolled: e !== null, enrollment_id: e?.id ?? null, enrolled_at: isoOrNull(e?.enrolled_at) };
  }

  async enroll(caller: Caller, courseId: string, requestId: string): Promise<z.infer<typeof EnrollResponse>> {
    const { course, owner } = await this.access.visible(courseId, caller);
    if (owner) throw catalogErrors.ownCourse();
    if (await this.enrollments.find(courseId, caller.userId)) throw catalogErrors.alreadyEnrolled();
    let payment: CoursePaymentRow | null = null;
    if (num(course.price) > 0) {
      payment = await this.awaitPayment(caller.userId, courseId);
      if (!payment) throw catalogErrors.paymentRequired();
    }
    const e = await this.create(course, caller.userId, payment, requestId);
    return {
      message: payment ? 'Payment successful! You are now enrolled in the course!' : 'Successfully enrolled in free course!',
      enrollment_id: e.id,
      course_id: courseId,
      enrolled_at: iso(e.enrolled_at),
    };
  }

  /** Writes the enrollment, counts it on the course and announces it, in one transaction. */
  async create(course: CourseRow, userId: string, payment: CoursePaymentRow | null, requestId: string): Promise<EnrollmentRow> {
    try {
      const created = await this.uow.run(async (tx) => {
        const now = this.clock.now();
        const e = await this.enrollments.insert(
          tx,
          { courseId: course.id, userId, amountPaid: payment ? num(payment.amount) : 0, paymentId: payment?.payment_id ?? null },
          now,
        );
        const count = await this.enrollments.countEnrollment(tx, course.id);
        await writeEvent(
          tx,
          catalogEvents.enrollmentCreated,
          {
            v: 1,
            enrollment_id: e.id,
            course_id: course.id,
            course_title: course.title,
            user_id: userId,
            instructor_id: course.instructor_id,
            institution_id: course.institution_id,
            amount_paid: num(e.amount_paid),
            payment_id: e.payment_id,
            enrollment_count: count,
            enrolled_at: iso(e.enrolled_at),
          },
          requestId,
        );
        return e;
      });
      this.listCache.invalidate();
      return created;
    } catch (err) {
      if (isUniqueViolation(err, 'enrollments_course_user_key')) throw catalogErrors.alreadyEnrolled();
      throw err;
    }
  }

  /**
   * The browser enrolls as soon as billing answered "paid"; the payment event may be a
   * moment behind. Waits up to ENROLL_PAYMENT_WAIT_MS for it.
   */
  private async awaitPayment(userId: string, courseId: string): Promise<CoursePaymentRow | null> {
    const until = Date.now() + this.env.ENROLL_PAYMENT_WAIT_MS;
    for (;;) {
      const p = await this.enrollments.latestPayment(userId, courseId);
      if (p || Date.now() >= until) return p;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
