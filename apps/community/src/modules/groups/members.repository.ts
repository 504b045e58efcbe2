import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { GroupRole } from '@lp/contracts';
import { GroupMemberEntity } from '../../entities/group-member.entity.js';

/** Data access for `group_members`; no rules here. */
@Injectable()
export class MembersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<GroupMemberEntity> {
    return (tx ?? this.ds.manager).getRepository(GroupMemberEntity);
  }

  find(groupId: string, userId: string, tx?: EntityManager): Promise<GroupMemberEntity | null> {
    return this.repo(tx).findOneBy({ groupId, userId });
  }

  /** A group's members: the creator first, then moderators, then members, each by joining date. */
  list(groupId: string, tx?: EntityManager): Promise<GroupMemberEntity[]> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .where('m.group_id = :groupId', { groupId })
      .orderBy(`CASE m.role WHEN 'creator' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END`)
      .addOrderBy('m.joined_at', 'ASC')
      .addOrderBy('m.user_id', 'ASC')
      .getMany();
  }

  /** The user's memberships among these groups, by group id. */
  async ofUserIn(userId: string, groupIds: string[], tx?: EntityManager): Promise<Map<string, GroupMemberEntity>> {
    if (!groupIds.length) return new Map();
    const rows = await this.repo(tx).findBy({ userId, groupId: In(groupIds) });
    return new Map(rows.map((m) => [m.groupId, m]));
  }

  /** Of these users, those who are members of the group. */
  async listIds(groupId: string, userIds: string[], tx?: EntityManager): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await this.repo(tx).find({ select: { userId: true }, where: { groupId, userId: In(userIds) } });
    return new Set(rows.map((m) => m.userId));
  }

  ofUser(userId: string): Promise<GroupMemberEntity[]> {
    return this.repo().find({ where: { userId }, order: { joinedAt: 'ASC' } });
  }

  async insert(
    tx: EntityManager,
    rows: Array<{ groupId: string; userId: string; role: GroupRole; isTestMember?: boolean }>,
    now: Date,
  ): Promise<GroupMemberEntity[]> {
    const entities = rows.map((r) => this.repo(tx).create({ isTestMember: false, ...r, joinedAt: now }));
    await this.repo(tx).insert(entities);
    return entities;
  }

  async delete(tx: EntityManager, groupId: string, userId: string): Promise<number> {
    return (await this.repo(tx).delete({ groupId, userId })).affected ?? 0;
  }

  async update(tx: EntityManager, groupId: string, userId: string, fields: Partial<Pick<GroupMemberEntity, 'role'>>): Promise<void> {
    await this.repo(tx).update({ groupId, userId }, fields);
  }

  /** How many generated members the group has had (their names go on counting). */
  countTestMembers(tx: EntityManager, groupId: string): Promise<number> {
    return this.repo(tx).countBy({ groupId, isTestMember: true });
  }
}
