import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { InvitationStatus } from '@lp/contracts';
import { GroupInvitationEntity } from '../../entities/group-invitation.entity.js';

/** Data access for `group_invitations`; no rules here. */
@Injectable()
export class InvitationsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<GroupInvitationEntity> {
    return (tx ?? this.ds.manager).getRepository(GroupInvitationEntity);
  }

  find(id: string, tx?: EntityManager): Promise<GroupInvitationEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  lock(tx: EntityManager, id: string): Promise<GroupInvitationEntity | null> {
    return this.repo(tx).createQueryBuilder('i').setLock('pessimistic_write').where('i.id = :id', { id }).getOne();
  }

  /**
   * A new pending invitation, or null when the e-mail already holds a pending one for the
   * group (the partial unique index group_invitations_pending_key decides, also for two
   * invitations sent at once).
   */
  async insertPending(
    tx: EntityManager,
    row: Pick<GroupInvitationEntity, 'groupId' | 'email' | 'message' | 'invitedBy' | 'expiresAt'>,
    now: Date,
  ): Promise<string | null> {
    const r = await this.repo(tx)
      .createQueryBuilder()
      .insert()
      .into(GroupInvitationEntity)
      .values({ ...row, status: 'pending', sending: 1, createdAt: now, sentAt: now })
      .orIgnore()
      .returning(['id'])
      .updateEntity(false)
      .execute();
    return (r.raw as Array<{ id: string }>)[0]?.id ?? null;
  }

  /** The e-mail's pending invitation to the group, locked. */
  lockPending(tx: EntityManager, groupId: string, email: string): Promise<GroupInvitationEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where(`i.group_id = :groupId AND i.email = :email AND i.status = 'pending'`, { groupId, email })
      .getOne();
  }

  /** A new sending: a fresh expiry (the old links stop verifying), the sending count up by one. */
  async resend(tx: EntityManager, id: string, expiresAt: Date, message: string | null | undefined, now: Date): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update()
      .set({ expiresAt, sentAt: now, sending: () => 'sending + 1', ...(message !== undefined ? { message } : {}) })
      .where('id = :id', { id })
      .execute();
  }

  async respond(tx: EntityManager, id: string, status: InvitationStatus, userId: string, now: Date): Promise<void> {
    await this.repo(tx).update({ id }, { status, respondedAt: now, respondedBy: userId });
  }

  /** A group's invitations, the most recent first. */
  listForGroup(groupId: string, limit: number): Promise<GroupInvitationEntity[]> {
    return this.repo().find({ where: { groupId }, order: { createdAt: 'DESC', id: 'ASC' }, take: limit });
  }

  sentBy(userId: string): Promise<GroupInvitationEntity[]> {
    return this.repo().find({ where: { invitedBy: userId }, order: { createdAt: 'ASC' } });
  }
}
