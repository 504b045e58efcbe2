import { Inject, Injectable } from '@nestjs/common';
import { identityEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent } from '@lp/service-kit';
import { UsersRepository } from './users.repository.js';

/**
 * Keeps the users read model in step with identity. Events of one user may arrive in any
 * order: a registration only fills a missing row, an update overwrites, a deletion wins over both.
 */
@Injectable()
export class UsersConsumer {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @OnEvent(identityEvents.userRegistered)
  async registered(p: EventPayload<typeof identityEvents.userRegistered>, ctx: EventContext): Promise<void> {
    await this.users.insertIfMissing(ctx.tx, { id: p.user_id, name: p.name, email: p.email });
  }

  @OnEvent(identityEvents.userUpdated)
  async updated(p: EventPayload<typeof identityEvents.userUpdated>, ctx: EventContext): Promise<void> {
    await this.users.upsert(ctx.tx, { id: p.user_id, name: p.name, email: p.email });
  }

  @OnEvent(identityEvents.userDeletionScheduled)
  async deletionScheduled(p: EventPayload<typeof identityEvents.userDeletionScheduled>, ctx: EventContext): Promise<void> {
    await this.users.forget(ctx.tx, p.user_id);
  }
}
