import { Inject, Injectable } from '@nestjs/common';
import { billingEvents, IdSchema, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent } from '@lp/service-kit';
import { EnrollmentsRepository } from './enrollments.repository.js';

/** Records completed payments for courses: the payer's enroll call then succeeds. */
@Injectable()
export class PaymentsConsumer {
  constructor(@Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository) {}

  @OnEvent(billingEvents.paymentCompleted)
  async paymentCompleted(p: EventPayload<typeof billingEvents.paymentCompleted>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'course') return;
    if (!IdSchema.safeParse(p.item_id).success || !IdSchema.safeParse(p.user_id).success) {
      ctx.log.warn({ paymentId: p.payment_id }, 'payment for a course with a malformed id; ignored');
      return;
    }
    await this.enrollments.recordPayment(ctx.tx, {
      paymentId: p.payment_id,
      userId: p.user_id,
      courseId: p.item_id,
      amount: p.amount,
      currency: p.currency,
      paidAt: new Date(p.completed_at),
    });
  }
}
