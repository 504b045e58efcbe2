import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { StudyGroupCategory } from '@lp/contracts';
import { likePattern } from '@lp/service-kit';
import { GroupFileEntity } from '../../entities/group-file.entity.js';
import { GroupInvitationEntity } from '../../entities/group-invitation.entity.js';
import { GroupMemberEntity } from '../../entities/group-member.entity.js';
import { StudyGroupEntity } from '../../entities/study-group.entity.js';

export type GroupFields = Pick<StudyGroupEntity, 'name' | 'description' | 'category' | 'maxMembers' | 'privacy'>;

export interface BrowseFilter {
  category?: StudyGroupCategory | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
  /** private groups shown besides the public ones: the caller's and those the caller is invited to */
  userId: string;
  email: string | null;
  now: Date;
}

/** Data access for `study_groups` (and the membership and invitation facts a group's card needs); no rules here. */
@Injectable()
export class GroupsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<StudyGroupEntity> {
    return (tx ?? this.ds.manager).getRepository(StudyGroupEntity);
  }

  find(id: string, tx?: EntityManager): Promise<StudyGroupEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** The group row locked until the transaction ends (settings against joins, test members against joins). */
  lock(tx: EntityManager, id: string): Promise<StudyGroupEntity | null> {
    return this.repo(tx).createQueryBuilder('g').setLock('pessimistic_write').where('g.id = :id', { id }).getOne();
  }

  async insert(tx: EntityManager, fields: GroupFields & { creatorId: string; memberCount: number }, now: Date): Promise<StudyGroupEntity> {
    const g = this.repo(tx).create({ ...fields, createdAt: now, updatedAt: now });
    await this.repo(tx).insert(g);
    return g;
  }

  async update(tx: EntityManager, id: string, fields: GroupFields, now: Date): Promise<void> {
    await this.repo(tx).update({ id }, { ...fields, updatedAt: now });
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx).delete({ id });
  }

  /**
   * Moves member_count by `delta` in the membership change's transaction. The row lock makes
   * concurrent joins wait for each other, and the CHECK member_count <= max_members refuses
   * the one that would overfill the group (23514, study_groups_member_count_check).
   */
  async changeCount(tx: EntityManager, id: string, delta: number): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update()
      .set({ memberCount: () => `member_count + ${Math.trunc(delta)}` })
      .where('id = :id', { id })
      .execute();
  }

  /** The groups a user created or belongs to, newest first, with the user's membership. */
  async ofMember(userId: string): Promise<StudyGroupEntity[]> {
    return this.repo()
      .createQueryBuilder('g')
      .innerJoin(GroupMemberEntity, 'm', 'm.group_id = g.id AND m.user_id = :userId', { userId })
      .orderBy('g.created_at', 'DESC')
      .addOrderBy('g.id', 'ASC')
      .getMany();
  }

  async browse(f: BrowseFilter): Promise<{ groups: StudyGroupEntity[]; total: number }> {
    const q = this.repo()
      .createQueryBuilder('g')
      .where(
        `(g.privacy = 'public'
          OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = :userId)
          OR (CAST(:email AS text) IS NOT NULL AND EXISTS (
            SELECT 1 FROM group_invitations i
            WHERE i.group_id = g.id AND i.email = :email AND i.status = 'pending' AND i.expires_at > :now)))`,
        { userId: f.userId, email: f.email, now: f.now },
      );
    if (f.category) q.andWhere('g.category = :category', { category: f.category });
    if (f.search) q.andWhere('(g.name ILIKE :pattern OR g.description ILIKE :pattern)', { pattern: likePattern(f.search) });
    const [groups, total] = await q
      .orderBy('g.created_at', 'DESC')
      .addOrderBy('g.id', 'ASC')
      .skip(f.offset)
      .take(f.limit)
      .getManyAndCount();
    return { groups, total };
  }

  /** Of these groups, those holding a pending, unexpired invitation for the e-mail, with its latest sending. */
  async invitedTo(email: string | null, groupIds: string[], now: Date, tx?: EntityManager): Promise<Map<string, Date>> {
    if (!email || !groupIds.length) return new Map();
    const rows = await (tx ?? this.ds.manager)
      .getRepository(GroupInvitationEntity)
      .createQueryBuilder('i')
      .select('i.group_id', 'group_id')
      .addSelect('i.sent_at', 'sent_at')
      .where('i.group_id IN (:...groupIds)', { groupIds })
      .andWhere('i.email = :email', { email })
      .andWhere(`i.status = 'pending'`)
      .andWhere('i.expires_at > :now', { now })
      .getRawMany<{ group_id: string; sent_at: Date }>();
    return new Map(rows.map((r) => [r.group_id, r.sent_at]));
  }

  /** The e-mail's pending, unexpired invitation to the group, locked (after the group's row: the order every join takes). */
  pendingInvitation(tx: EntityManager, groupId: string, email: string, now: Date): Promise<GroupInvitationEntity | null> {
    return tx
      .getRepository(GroupInvitationEntity)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where(`i.group_id = :groupId AND i.email = :email AND i.status = 'pending' AND i.expires_at > :now`, { groupId, email, now })
      .getOne();
  }

  /** Marks an invitation accepted by the user (joining a group it invited to counts as accepting it). */
  async acceptInvitation(tx: EntityManager, id: string, userId: string, now: Date): Promise<void> {
    await tx.getRepository(GroupInvitationEntity).update({ id }, { status: 'accepted', respondedAt: now, respondedBy: userId });
  }

  /** The stored files of a group (removed from storage once the group's deletion committed). */
  async storageKeys(tx: EntityManager, groupId: string): Promise<string[]> {
    const files = await tx.getRepository(GroupFileEntity).find({ select: { storageKey: true }, where: { groupId } });
    return files.map((f) => f.storageKey);
  }

  /** Groups a user created (for the data export). */
  createdBy(userId: string): Promise<StudyGroupEntity[]> {
    return this.repo().find({ where: { creatorId: userId }, order: { createdAt: 'ASC' } });
  }
}
