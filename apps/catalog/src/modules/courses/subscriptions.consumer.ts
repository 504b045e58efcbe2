import { Inject, Injectable } from '@nestjs/common';
import { billingEvents, IdSchema, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { AuthorLimitsRepository } from './author-limits.repository.js';

/**
 * Billing's subscriptions as catalog enforces them: the plan's max_courses per author
 * (null: unlimited; an author billing never told about has no limit either). Events of one
 * author may arrive in any order: the newest changed_at wins.
 */
@Injectable()
export class SubscriptionsConsumer {
  constructor(@Inject(AuthorLimitsRepository) private readonly limits: AuthorLimitsRepository) {}

  @OnEvent(billingEvents.subscriptionChanged)
  async subscriptionChanged(p: EventPayload<typeof billingEvents.subscriptionChanged>, ctx: EventContext): Promise<void> {
    if (!IdSchema.safeParse(p.user_id).success) {
      ctx.log.warn({ subscriptionId: p.subscription_id }, 'subscription change with a malformed user id; ignored');
      return;
    }
    await this.limits.save(entityManager(ctx.tx), {
      userId: p.user_id,
      maxCourses: p.limits.max_courses,
      subscriptionStatus: p.status,
      updatedAt: new Date(p.changed_at),
    });
  }
}
