import { Inject, Injectable } from '@nestjs/common';
import { mentoringEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { AdminRepository } from './admin.repository.js';

/** The metric the admin's total_sessions reads (`platform_stats`, period 'all'). */
export const SESSIONS_METRIC = 'sessions';

/**
 * Feeds the admin's total_sessions from mentoring's events, in the event's transaction: a
 * session counts once confirmed (paid and held), and stops counting when it is cancelled
 * after that (a cancellation that carries refunded_minor was a paid one; an unpaid booking
 * released never counted). A no-show stays counted: the time was held.
 */
@Injectable()
export class MentoringSessionsConsumer {
  constructor(@Inject(AdminRepository) private readonly stats: AdminRepository) {}

  @OnEvent(mentoringEvents.sessionConfirmed)
  async confirmed(_p: EventPayload<typeof mentoringEvents.sessionConfirmed>, ctx: EventContext): Promise<void> {
    await this.stats.add(entityManager(ctx.tx), [{ metric: SESSIONS_METRIC, period: 'all', delta: 1 }]);
  }

  @OnEvent(mentoringEvents.sessionCancelled)
  async cancelled(p: EventPayload<typeof mentoringEvents.sessionCancelled>, ctx: EventContext): Promise<void> {
    if (p.status !== 'cancelled' || p.refunded_minor === null) return;
    await this.stats.add(entityManager(ctx.tx), [{ metric: SESSIONS_METRIC, period: 'all', delta: -1 }]);
  }
}
