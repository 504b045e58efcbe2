import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DirectMessageEntity } from '../../entities/direct-message.entity.js';

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
}
