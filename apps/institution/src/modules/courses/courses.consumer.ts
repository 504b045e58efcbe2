import { Inject, Injectable } from '@nestjs/common';
import { catalogEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import type { EntityManager } from 'typeorm';
import { enterSystemScope } from '../../common/tenancy.js';
import { CoursesRepository, type CourseFacts } from './courses.repository.js';

/** catalog keeps course prices and amounts paid in dollars; its events name no currency */
export const CATALOG_CURRENCY = 'USD';
export const toMinor = (major: number | string): number => Math.round(Number(major) * 100);

/**
 * Keeps the courses and enrollments read models in step with catalog. The kit applies each
 * event once (its inbox); the statements also tolerate events of one course arriving in any
 * order (each event name has its own consumer): an older course event never overwrites a
 * newer one, an enrollment may come before its course, and a completion before its enrollment
 * (it is kept, and the enrollment fills in its details when it arrives). Only institutions'
 * courses are kept, and only for institutions this service knows.
 */
@Injectable()
export class CoursesConsumer {
  constructor(@Inject(CoursesRepository) private readonly courses: CoursesRepository) {}

  @OnEvent(catalogEvents.courseCreated)
  async created(p: EventPayload<typeof catalogEvents.courseCreated>, ctx: EventContext): Promise<void> {
    if (!p.institution_id) return;
    const tx = await systemTx(ctx);
    await this.courses.created(tx, courseFacts(p), p.created_at);
  }

  /** catalog never moves a course to another institution: the owner stays as the creation set it */
  @OnEvent(catalogEvents.courseUpdated)
  async updated(p: EventPayload<typeof catalogEvents.courseUpdated>, ctx: EventContext): Promise<void> {
    if (!p.institution_id) return;
    const tx = await systemTx(ctx);
    await this.courses.updated(tx, courseFacts(p), p.updated_at);
  }

  /** the enrollment belongs to the course's owner (an enrollment may come before its course: then as catalog says) */
  @OnEvent(catalogEvents.enrollmentCreated)
  async enrolled(p: EventPayload<typeof catalogEvents.enrollmentCreated>, ctx: EventContext): Promise<void> {
    if (!p.institution_id) return;
    const tx = await systemTx(ctx);
    await this.courses.enrolled(tx, {
      enrollmentId: p.enrollment_id,
      courseId: p.course_id,
      userId: p.user_id,
      institutionId: p.institution_id,
      amountPaidMinor: toMinor(p.amount_paid),
      currency: CATALOG_CURRENCY,
      enrolledAt: p.enrolled_at,
    });
    await this.courses.raiseEnrollmentCount(tx, p.course_id, p.enrollment_count);
  }

  @OnEvent(catalogEvents.courseCompleted)
  async completed(p: EventPayload<typeof catalogEvents.courseCompleted>, ctx: EventContext): Promise<void> {
    const tx = await systemTx(ctx);
    if (await this.courses.complete(tx, p.enrollment_id, p.completed_at)) return;
    // the enrollment's own event has not come yet: the completion is kept for it
    await this.courses.completedEarly(tx, {
      enrollmentId: p.enrollment_id,
      courseId: p.course_id,
      userId: p.user_id,
      completedAt: p.completed_at,
      currency: CATALOG_CURRENCY,
      institutionId: p.institution_id ?? null,
    });
  }
}

/** What a course event says about the course. */
const courseFacts = (
  p: Pick<
    EventPayload<typeof catalogEvents.courseCreated>,
    'course_id' | 'institution_id' | 'title' | 'category' | 'price' | 'is_published'
  >,
): CourseFacts => ({
  courseId: p.course_id,
  institutionId: p.institution_id!,
  title: p.title,
  category: p.category,
  price: p.price,
  isPublished: p.is_published,
});

async function systemTx(ctx: EventContext): Promise<EntityManager> {
  const tx = entityManager(ctx.tx);
  await enterSystemScope(tx);
  return tx;
}
