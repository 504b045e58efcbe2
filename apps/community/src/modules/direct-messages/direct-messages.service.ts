import { Inject, Injectable } from '@nestjs/common';
import { communityEvents, communityRoutes, type Conversation, type DirectMessage, type RouteInput, type RouteOutput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, Handles, UnitOfWork, currentCaller, iso } from '@lp/service-kit';
import type { DirectMessageEntity } from '../../entities/direct-message.entity.js';
import { groupErrors } from '../groups/group-errors.js';
import { People } from '../groups/people.js';
import { DirectMessagesRepository } from './direct-messages.repository.js';

type R = typeof communityRoutes;

const toDirectMessage = (m: DirectMessageEntity, name: (id: string) => string): DirectMessage => ({
  id: m.id,
  sender_id: m.senderId,
  sender_name: name(m.senderId),
  recipient_id: m.recipientId,
  recipient_name: name(m.recipientId),
  content: m.content,
  context: m.context,
  created_at: iso(m.createdAt),
  read_at: m.readAt ? iso(m.readAt) : null,
});

/**
 * Direct messages between two people known to the users read model (not to oneself, not to a
 * deleted account), and the inbox over them: a conversation is everything between the caller
 * and one other person, so a thread is only ever the caller's own (nobody reads another pair's).
 */
@Injectable()
export class DirectMessagesService {
  constructor(
    @Inject(DirectMessagesRepository) private readonly messages: DirectMessagesRepository,
    @Inject(People) private readonly people: People,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The message and community.direct-message.sent together: the recipient sees it arrive live and is notified. */
  @Handles(communityRoutes.sendDirectMessage)
  async send({ body }: RouteInput<R['sendDirectMessage']>): Promise<DirectMessage> {
    const caller = currentCaller();
    if (body.recipient_id === caller.userId) throw groupErrors.messageToSelf();
    const recipient = await this.people.find(body.recipient_id);
    if (!recipient || recipient.deleted) throw groupErrors.recipientNotFound();
    const senderName = await this.people.name(caller.userId);
    const m = await this.uow.run(async (tx) => {
      const row = await this.messages.insert(
        tx,
        { senderId: caller.userId, recipientId: recipient.id, content: body.content, context: body.context || null },
        this.clock.now(),
      );
      await writeEvent(tx, communityEvents.directMessageSent, {
        v: 1,
        message_id: row.id,
        user_id: row.recipientId,
        sender_id: row.senderId,
        sender_name: senderName,
        content: row.content,
        context: row.context,
        unread_since_id: (await this.messages.oldestUnread(tx, row.recipientId, row.senderId)) ?? row.id,
        sent_at: row.createdAt.toISOString(),
      });
      return row;
    });
    return toDirectMessage(m, (id) => (id === m.senderId ? senderName : recipient.name));
  }

  @Handles(communityRoutes.directMessages)
  async list({ query }: RouteInput<R['directMessages']>): Promise<DirectMessage[]> {
    const rows = await this.messages.ofUser(currentCaller().userId, query.limit);
    const names = await this.people.names(rows.flatMap((m) => [m.senderId, m.recipientId]));
    return rows.map((m) => toDirectMessage(m, names));
  }

  @Handles(communityRoutes.conversations)
  async conversations({ query }: RouteInput<R['conversations']>): Promise<RouteOutput<R['conversations']>> {
    const me = currentCaller().userId;
    const [rows, total, unread] = await Promise.all([
      this.messages.conversations(me, query.limit, query.offset),
      this.messages.conversationCount(me),
      this.messages.unreadCount(me),
    ]);
    const names = await this.people.names([me, ...rows.map((c) => c.otherId)]);
    const conversations: Conversation[] = rows.map((c) => ({
      user_id: c.otherId,
      user_name: names(c.otherId),
      last_message: toDirectMessage(c.last, names),
      unread: c.unread,
    }));
    return { conversations, total, unread };
  }

  @Handles(communityRoutes.directMessagesUnread)
  async unread(): Promise<RouteOutput<R['directMessagesUnread']>> {
    return { unread: await this.messages.unreadCount(currentCaller().userId) };
  }

  @Handles(communityRoutes.conversation)
  async thread({ params, query }: RouteInput<R['conversation']>): Promise<RouteOutput<R['conversation']>> {
    const me = currentCaller().userId;
    const other = await this.correspondent(me, params.userId);
    const { rows, hasOlder } = await this.messages.thread(me, other.id, query.limit, query.before);
    const names = await this.people.names([me, other.id]);
    return {
      user_id: other.id,
      user_name: names(other.id),
      can_reply: !other.deleted,
      messages: rows.map((m) => toDirectMessage(m, names)),
      has_older: hasOlder,
    };
  }

  /** Read receipts: the other person's unread messages to the caller, and community.direct-messages.read for their "Seen". */
  @Handles(communityRoutes.markConversationRead)
  async markRead({ params }: RouteInput<R['markConversationRead']>): Promise<RouteOutput<R['markConversationRead']>> {
    const me = currentCaller().userId;
    const other = await this.correspondent(me, params.userId);
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const marked = await this.messages.markRead(tx, me, other.id, now);
      const [newest] = marked;
      // nothing new read is nothing to tell: opening a read conversation again stays quiet
      if (newest) {
        await writeEvent(tx, communityEvents.directMessagesRead, {
          v: 1,
          user_id: other.id,
          reader_id: me,
          last_message_id: newest.id,
          count: marked.length,
          read_at: now.toISOString(),
        });
      }
      return { marked: marked.length, unread: await this.messages.unreadCount(me, tx) };
    });
  }

  /** The other person of a conversation: someone the read model knows (a deleted account too: its history stays readable). */
  private async correspondent(me: string, userId: string) {
    if (userId === me) throw groupErrors.ownConversation();
    const other = await this.people.find(userId);
    if (!other) throw groupErrors.correspondentNotFound();
    return other;
  }
}
