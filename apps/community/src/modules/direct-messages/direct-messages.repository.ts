import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { queryOne, queryRows } from '@lp/service-kit';
import { DirectMessageEntity } from '../../entities/direct-message.entity.js';

/** A conversation of the inbox: the other person, the latest message either way, the other's messages unread. */
export interface ConversationRow {
  otherId: string;
  last: DirectMessageEntity;
  unread: number;
}

interface RawMessage {
  id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  context: string | null;
  read_at: Date | null;
  created_at: Date;
}

const fromRaw = (r: RawMessage): DirectMessageEntity =>
  Object.assign(new DirectMessageEntity(), {
    id: r.id,
    senderId: r.sender_id,
    recipientId: r.recipient_id,
    content: r.content,
    context: r.context,
    readAt: r.read_at,
    createdAt: r.created_at,
  });

/** The two directions of one conversation, for a query builder aliased `m`. */
const BETWEEN = '((m.sender_id = :me AND m.recipient_id = :other) OR (m.sender_id = :other AND m.recipient_id = :me))';

/** Data access for `direct_messages`; no rules here. */
@Injectable()
export class DirectMessagesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(DirectMessageEntity);
  }

  async insert(
    tx: EntityManager,
    row: Pick<DirectMessageEntity, 'senderId' | 'recipientId' | 'content' | 'context'>,
    now: Date,
  ): Promise<DirectMessageEntity> {
    const m = this.repo(tx).create({ ...row, readAt: null, createdAt: now });
    await this.repo(tx).insert(m);
    return m;
  }

  /** The user's sent and received messages, newest first. */
  ofUser(userId: string, limit?: number): Promise<DirectMessageEntity[]> {
    return this.repo().find({
      where: [{ senderId: userId }, { recipientId: userId }],
      order: { createdAt: 'DESC', id: 'ASC' },
      ...(limit ? { take: limit } : {}),
    });
  }

  /**
   * One page of the inbox in one statement: DISTINCT ON keeps each other person's latest
   * message (both directions walk the sender and recipient indexes), the unread counts come
   * from the partial unread index grouped once, not a query per conversation.
   */
  async conversations(userId: string, limit: number, offset: number): Promise<ConversationRow[]> {
    const rows = await queryRows<RawMessage & { other_id: string; unread: number }>(
      this.ds,
      `WITH latest AS (
         SELECT DISTINCT ON (other_id) *
         FROM (SELECT m.*, CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS other_id
               FROM direct_messages m WHERE m.sender_id = $1 OR m.recipient_id = $1) mine
         ORDER BY other_id, created_at DESC, id DESC
       ), unread AS (
         SELECT sender_id, count(*)::int AS unread FROM direct_messages
         WHERE recipient_id = $1 AND read_at IS NULL GROUP BY sender_id
       )
       SELECT l.*, COALESCE(u.unread, 0) AS unread
       FROM latest l LEFT JOIN unread u ON u.sender_id = l.other_id
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return rows.map((r) => ({ otherId: r.other_id, last: fromRaw(r), unread: r.unread }));
  }

  /** How many people the user has written with or heard from. */
  async conversationCount(userId: string): Promise<number> {
    const row = await queryOne<{ n: number }>(
      this.ds,
      `SELECT count(DISTINCT CASE WHEN sender_id = $1 THEN recipient_id ELSE sender_id END)::int AS n
       FROM direct_messages WHERE sender_id = $1 OR recipient_id = $1`,
      [userId],
    );
    return row?.n ?? 0;
  }

  async unreadCount(userId: string, tx?: EntityManager): Promise<number> {
    return this.repo(tx).count({ where: { recipientId: userId, readAt: IsNull() } });
  }

  /**
   * The newest `limit` messages between the two older than `before` (a message of this
   * conversation: one of another is no cursor here, so it matches nothing), oldest first,
   * and whether older ones remain. (created_at, id) orders ties, so pages neither skip nor repeat.
   */
  async thread(me: string, other: string, limit: number, before?: string): Promise<{ rows: DirectMessageEntity[]; hasOlder: boolean }> {
    const q = this.repo().createQueryBuilder('m').where(BETWEEN, { me, other });
    if (before) {
      q.andWhere(
        `(m.created_at, m.id) < (SELECT b.created_at, b.id FROM direct_messages b WHERE b.id = :before AND ${BETWEEN.replaceAll('m.', 'b.')})`,
        { before },
      );
    }
    const rows = await q
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(limit + 1)
      .getMany();
    return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
  }

  /** The oldest message from `sender` that `recipient` has not read (the unread index answers it). */
  async oldestUnread(tx: EntityManager, recipient: string, sender: string): Promise<string | null> {
    const row = await queryOne<{ id: string }>(
      tx,
      `SELECT id FROM direct_messages WHERE recipient_id = $1 AND sender_id = $2 AND read_at IS NULL
       ORDER BY created_at, id LIMIT 1`,
      [recipient, sender],
    );
    return row?.id ?? null;
  }

  /** Marks what `sender` sent `recipient` and is unread as read at `now`; the rows marked, newest first. */
  async markRead(tx: EntityManager, recipient: string, sender: string, now: Date): Promise<Array<{ id: string; createdAt: Date }>> {
    const rows = await queryRows<{ id: string; created_at: Date }>(
      tx,
      `UPDATE direct_messages SET read_at = $3
       WHERE recipient_id = $1 AND sender_id = $2 AND read_at IS NULL
       RETURNING id, created_at`,
      [recipient, sender, now],
    );
    return rows
      .map((r) => ({ id: r.id, createdAt: r.created_at }))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  }
}
