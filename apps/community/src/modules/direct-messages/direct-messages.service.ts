import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { communityRoutes, type DirectMessageSchema, type RouteInput } from '@lp/contracts';
import { Clock, Handles, UnitOfWork, currentCaller, iso } from '@lp/service-kit';
import type { DirectMessageEntity } from '../../entities/direct-message.entity.js';
import { groupErrors } from '../groups/group-errors.js';
import { People } from '../groups/people.js';
import { DirectMessagesRepository } from './direct-messages.repository.js';

type R = typeof communityRoutes;
type DirectMessage = z.infer<typeof DirectMessageSchema>;

const toDirectMessage = (m: DirectMessageEntity, name: (id: string) => string): DirectMessage => ({
  id: m.id,
  sender_id: m.senderId,
  sender_name: name(m.senderId),
  recipient_id: m.recipientId,
  recipient_name: name(m.recipientId),
  content: m.content,
  context: m.context,
  created_at: iso(m.createdAt),
});

/** Direct messages between two people known to the users read model (not to oneself, not to a deleted account). */
@Injectable()
export class DirectMessagesService {
  constructor(
    @Inject(DirectMessagesRepository) private readonly messages: DirectMessagesRepository,
    @Inject(People) private readonly people: People,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(communityRoutes.sendDirectMessage)
  async send({ body }: RouteInput<R['sendDirectMessage']>): Promise<DirectMessage> {
    const caller = currentCaller();
    if (body.recipient_id === caller.userId) throw groupErrors.messageToSelf();
    const recipient = await this.people.find(body.recipient_id);
    if (!recipient || recipient.deleted) throw groupErrors.recipientNotFound();
    const m = await this.uow.run((tx) =>
      this.messages.insert(
        tx,
        { senderId: caller.userId, recipientId: recipient.id, content: body.content, context: body.context || null },
        this.clock.now(),
      ),
    );
    return toDirectMessage(m, await this.people.names([m.senderId, m.recipientId]));
  }

  @Handles(communityRoutes.directMessages)
  async list({ query }: RouteInput<R['directMessages']>): Promise<DirectMessage[]> {
    const rows = await this.messages.ofUser(currentCaller().userId, query.limit);
    const names = await this.people.names(rows.flatMap((m) => [m.senderId, m.recipientId]));
    return rows.map((m) => toDirectMessage(m, names));
  }
}
