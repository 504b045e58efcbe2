import { Inject, Injectable } from '@nestjs/common';
import { identityEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { XpLedgerService } from './xp-ledger.service.js';

/**
 * Who may appear on a board depends on the users read model (a name, not staff, not deleted),
 * and identity's events come on their own stream: a new account's first XP can be applied
 * before its registration arrives, when the board leaves it off. So every user event has the
 * user's rows written again once the read model's change (the same inbox transaction) commits.
 */
@Injectable()
export class BoardEligibilityConsumer {
  constructor(@Inject(XpLedgerService) private readonly xp: XpLedgerService) {}

  @OnEvent(identityEvents.userRegistered)
  async registered(p: EventPayload<typeof identityEvents.userRegistered>, ctx: EventContext): Promise<void> {
    this.xp.refreshBoardsAfterCommit(entityManager(ctx.tx), p.user_id);
  }

  @OnEvent(identityEvents.userUpdated)
  async updated(p: EventPayload<typeof identityEvents.userUpdated>, ctx: EventContext): Promise<void> {
    this.xp.refreshBoardsAfterCommit(entityManager(ctx.tx), p.user_id);
  }

  @OnEvent(identityEvents.userDeletionScheduled)
  async deletionScheduled(p: EventPayload<typeof identityEvents.userDeletionScheduled>, ctx: EventContext): Promise<void> {
    this.xp.refreshBoardsAfterCommit(entityManager(ctx.tx), p.user_id);
  }
}
