import { Inject, Injectable } from '@nestjs/common';
import { institutionEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent } from '@lp/service-kit';
import { MembersRepository } from './members.repository.js';
import { PortalMembers } from './portal-members.service.js';

/**
 * Keeps institution_members in step with institution: an institution portal's leaderboard ranks
 * these members only (its admins and suspended members left out). Through the kit's inbox, so a
 * redelivered event is applied once.
 */
@Injectable()
export class MembersConsumer {
  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(PortalMembers) private readonly portal: PortalMembers,
  ) {}

  @OnEvent(institutionEvents.memberAdded)
  async added(p: EventPayload<typeof institutionEvents.memberAdded>, ctx: EventContext): Promise<void> {
    await this.members.upsert(ctx.tx, {
      institutionId: p.institution_id,
      userId: p.user_id,
      memberId: p.member_id,
      memberType: p.member_type,
      isSuspended: p.is_suspended,
      changedAt: p.changed_at,
    });
    await this.portal.sync(ctx.tx, p.institution_id, p.user_id);
  }

  @OnEvent(institutionEvents.memberRemoved)
  async removed(p: EventPayload<typeof institutionEvents.memberRemoved>, ctx: EventContext): Promise<void> {
    await this.members.remove(ctx.tx, {
      institutionId: p.institution_id,
      userId: p.user_id,
      memberId: p.member_id,
      removedAt: p.removed_at,
    });
    await this.portal.sync(ctx.tx, p.institution_id, p.user_id);
  }
}
