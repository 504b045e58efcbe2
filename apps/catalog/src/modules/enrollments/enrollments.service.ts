import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  AppError,
  catalogEvents,
  catalogInternal,
  catalogRoutes,
  type CheckEnrollmentResponse,
  type EnrollResponse,
  type PendingReply,
  type RouteInput,
} from '@lp/contracts';
import type { EntityManager } from 'typeorm';
import { writeEvent, writeEvents } from '@lp/bus';
import { UnitOfWork, Clock, Handles, HandlesInternal, currentCaller, isUniqueViolation, iso, isoOrNull } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import type { CourseEntity } from '../../entities/course.entity.js';
import type { EnrollmentEntity } from '../../entities/enrollment.entity.js';
import { AuthorLimitsRepository } from '../courses/author-limits.repository.js';
import { CourseAccess } from '../courses/course-access.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { ProgressRepository } from '../progress/progress.repository.js';
import { EnrollmentsRepository, type CoursePayment } from './enrollments.repository.js';

type R = typeof catalogRoutes;
type Enrolled = z.infer<typeof EnrollResponse>;

const PAID_MESSAGE = 'Payment successful! You are now enrolled in the course!';
const FREE_MESSAGE = 'Successfully enrolled in free course!';

/** The payment the browser names is on its way to catalog: ask again in a second. */
const AWAITING_PAYMENT: z.infer<typeof PendingReply> = {
  pending: { status: 'queued', progress: 0, retry_after: 1, message: 'Waiting for the payment to be confirmed' },
};

/**
 * Enrollment: a free course at once; a paid course once billing reported a completed
 * payment for it by this user. billing.payment.completed enrolls the payer by itself
 * (PaymentsConsumer), so no request waits for the event: the browser's enroll call, made
 * after billing answered "paid", answers the enrollment when it is there and 202 while the
 * payment it names is still on its way. Enrolling twice answers 409, also when two
 * requests race (the unique constraint decides).
 */
type Pricing = typeof catalogInternal.coursePricing;
type AccessFacts = typeof catalogInternal.accessFacts;
type OwnerUsage = typeof catalogInternal.ownerUsage;

@Injectable()
export class EnrollmentsService {
  constructor(
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(AuthorLimitsRepository) private readonly limits: AuthorLimitsRepository,
    @Inject(ProgressRepository) private readonly progress: ProgressRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Bus only: the owner's word on a course and an enrollment, for a read model that has not caught up. */
  @HandlesInternal(catalogInternal.accessFacts)
  async accessFacts(payload: z.infer<AccessFacts['request']>): Promise<z.infer<AccessFacts['response']>> {
    const [c, e] = await Promise.all([
      this.courses.findById(payload.course_id),
      payload.user_id ? this.enrollments.find(payload.course_id, payload.user_id) : Promise.resolve(null),
    ]);
    return {
      course: c
        ? { id: c.id, title: c.title, instructor_id: c.instructorId, institution_id: c.institutionId, is_published: c.isPublished }
        : null,
      enrollment: e
        ? {
            enrollment_id: e.id,
            enrolled_at: iso(e.enrolledAt),
            completion_percentage: (await this.progress.compute(payload.course_id, e.userId)).percentage,
          }
        : null,
    };
  }

  /** Bus only: billing takes a course's price from here, never from the browser. */
  @HandlesInternal(catalogInternal.coursePricing)
  async pricing(payload: z.infer<Pricing['request']>): Promise<z.infer<Pricing['response']>> {
    const [c, e] = await Promise.all([
      this.courses.findById(payload.course_id),
      payload.user_id ? this.enrollments.find(payload.course_id, payload.user_id) : Promise.resolve(null),
    ]);
    if (!c) throw catalogErrors.courseNotFound();
    return {
      course_id: c.id,
      title: c.title,
      price: c.price,
      instructor_id: c.instructorId,
      is_published: c.isPublished,
      enrolled: e !== null,
    };
  }

  /** Bus only: billing shows an author's usage against the plan's limits (courses with drafts, distinct enrolled learners). */
  @HandlesInternal(catalogInternal.ownerUsage)
  async ownerUsage(payload: z.infer<OwnerUsage['request']>): Promise<z.infer<OwnerUsage['response']>> {
    const [courses, students] = await Promise.all([
      this.limits.countCourses(payload.user_id),
      this.enrollments.studentsOfAuthor(payload.user_id),
    ]);
    return { courses, students };
  }

  @Handles(catalogRoutes.checkEnrollment)
  async check({ params }: RouteInput<R['checkEnrollment']>): Promise<z.infer<typeof CheckEnrollmentResponse>> {
    const caller = currentCaller();
    await this.access.visible(params.id, caller);
    const e = await this.enrollments.find(params.id, caller.userId);
    return { enrolled: e !== null, enrollment_id: e?.id ?? null, enrolled_at: isoOrNull(e?.enrolledAt) };
  }

  @Handles(catalogRoutes.enroll)
  async enroll({ params, body }: RouteInput<R['enroll']>): Promise<Enrolled | z.infer<typeof PendingReply>> {
    const caller = currentCaller();
    const courseId = params.id;
    const { course, owner } = await this.access.visible(courseId, caller);
    if (owner) throw catalogErrors.ownCourse();
    const paymentId = body?.payment_id;
    const existing = await this.enrollments.find(courseId, caller.userId);
    if (existing) {
      // asked again after paying (the payment's event enrolled the payer first): the same enrollment
      if (existing.paymentId && (paymentId === undefined || paymentId === existing.paymentId)) return answer(existing, PAID_MESSAGE);
      throw catalogErrors.alreadyEnrolled();
    }
    let payment: CoursePayment | null = null;
    if (course.price > 0) {
      payment = await this.enrollments.latestPayment(caller.userId, courseId);
      if (!payment) {
        if (paymentId) return AWAITING_PAYMENT;
        throw catalogErrors.paymentRequired();
      }
    }
    try {
      return answer(await this.create(course, caller.userId, payment), payment ? PAID_MESSAGE : FREE_MESSAGE);
    } catch (err) {
      // the payment's event enrolled the payer in the meantime: that enrollment is the answer
      if (!payment || !AppError.isAppError(err) || err.code !== 'ALREADY_ENROLLED') throw err;
      const raced = await this.enrollments.find(courseId, caller.userId);
      if (!raced?.paymentId) throw err;
      return answer(raced, PAID_MESSAGE);
    }
  }

  /**
   * billing.payment.completed for a course: the payer is enrolled in the event's own
   * transaction (with its inbox row), unless already enrolled, or the course is gone or theirs.
   */
  async enrollPayer(
    tx: EntityManager,
    course: CourseEntity | null,
    userId: string,
    payment: CoursePayment,
  ): Promise<EnrollmentEntity | null> {
    if (!course || course.instructorId === userId) return null;
    if (await this.enrollments.find(course.id, userId, tx)) return null;
    const e = await this.insert(tx, course, userId, payment);
    this.listCache.invalidate();
    return e;
  }

  /** Writes the enrollment, counts it on the course and announces it, in one transaction. */
  async create(course: CourseEntity, userId: string, payment: CoursePayment | null): Promise<EnrollmentEntity> {
    try {
      const created = await this.uow.run((tx) => this.insert(tx, course, userId, payment));
      this.listCache.invalidate();
      return created;
    } catch (err) {
      if (isUniqueViolation(err, 'enrollments_course_user_key')) throw catalogErrors.alreadyEnrolled();
      throw err;
    }
  }

  async insert(tx: EntityManager, course: CourseEntity, userId: string, payment: CoursePayment | null): Promise<EnrollmentEntity> {
    const e = await this.enrollments.insert(
      tx,
      { courseId: course.id, userId, amountPaid: payment ? payment.amount : 0, paymentId: payment?.paymentId ?? null },
      this.clock.now(),
    );
    const count = await this.enrollments.countEnrollment(tx, course.id);
    await writeEvent(tx, catalogEvents.enrollmentCreated, enrollmentCreated(course, e, count));
    return e;
  }

  /**
   * Free enrollments of many users in one course (an institution's CSV batch): one statement
   * writes those not yet enrolled, one counts them on the course, one announces them, each
   * event as insert() would have written it. Users already enrolled are left as they are;
   * answers the enrollments made.
   */
  async insertFree(tx: EntityManager, course: CourseEntity, userIds: readonly string[]): Promise<EnrollmentEntity[]> {
    const made = await this.enrollments.insertFree(tx, course.id, userIds, this.clock.now());
    if (!made.length) return made;
    const count = await this.enrollments.countEnrollment(tx, course.id, made.length);
    // numbered as if they had come one by one: the last one carries the course's count
    await writeEvents(
      tx,
      catalogEvents.enrollmentCreated,
      made.map((e, i) => enrollmentCreated(course, e, count - made.length + 1 + i)),
    );
    return made;
  }
}

const enrollmentCreated = (course: CourseEntity, e: EnrollmentEntity, count: number) => ({
  v: 1 as const,
  enrollment_id: e.id,
  course_id: course.id,
  course_title: course.title,
  user_id: e.userId,
  instructor_id: course.instructorId,
  institution_id: course.institutionId,
  amount_paid: e.amountPaid,
  payment_id: e.paymentId,
  enrollment_count: count,
  enrolled_at: iso(e.enrolledAt),
});

const answer = (e: EnrollmentEntity, message: string): Enrolled => ({
  message,
  enrollment_id: e.id,
  course_id: e.courseId,
  enrolled_at: iso(e.enrolledAt),
});
