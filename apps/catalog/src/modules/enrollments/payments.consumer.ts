import { Inject, Injectable } from '@nestjs/common';
import { billingEvents, IdSchema, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsRepository } from './enrollments.repository.js';
import { EnrollmentsService } from './enrollments.service.js';

/**
 * A completed payment for a course: recorded, and the payer enrolled, in the event's
 * transaction (a redelivered event finds its inbox row and changes nothing). The payer's
 * own enroll call then answers that enrollment.
 */
@Injectable()
export class PaymentsConsumer {
  constructor(
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(EnrollmentsService) private readonly service: EnrollmentsService,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
  ) {}

  @OnEvent(billingEvents.paymentCompleted)
  async paymentCompleted(p: EventPayload<typeof billingEvents.paymentCompleted>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'course') return;
    if (!IdSchema.safeParse(p.item_id).success || !IdSchema.safeParse(p.user_id).success) {
      ctx.log.warn({ paymentId: p.payment_id }, 'payment for a course with a malformed id; ignored');
      return;
    }
    const tx = entityManager(ctx.tx);
    const payment = { paymentId: p.payment_id, userId: p.user_id, courseId: p.item_id, amount: p.amount, paidAt: new Date(p.completed_at) };
    await this.enrollments.recordPayment(tx, { ...payment, currency: p.currency });
    const course = await this.courses.findById(p.item_id, tx);
    const enrolled = await this.service.enrollPayer(tx, course, p.user_id, payment);
    if (!enrolled)
      ctx.log.info(
        { paymentId: p.payment_id, courseId: p.item_id },
        'payment recorded; no enrollment made (already enrolled, own course or course gone)',
      );
  }
}
