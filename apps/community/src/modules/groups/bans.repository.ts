import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager, type Repository } from 'typeorm';
import type { GroupBanKind, GroupBanLift } from '@lp/contracts';
import { GroupBanEntity } from '../../entities/group-ban.entity.js';

/** Data access for `group_bans`; no rules here. */
@Injectable()
export class BansRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<GroupBanEntity> {
    return (tx ?? this.ds.manager).getRepository(GroupBanEntity);
  }

  find(groupId: string, id: string, tx?: EntityManager): Promise<GroupBanEntity | null> {
    return this.repo(tx).findOneBy({ id, groupId });
  }

  /** The ban of this kind that holds on the user in the group, if any (one at most: group_bans_active_key). */
  active(groupId: string, userId: string, kind: GroupBanKind, tx?: EntityManager): Promise<GroupBanEntity | null> {
    return this.repo(tx).findOneBy({ groupId, userId, kind, liftedAt: IsNull() });
  }

  /** The bans that hold on the user among these groups: per group, each kind with when it was placed. */
  async activeOf(userId: string, groupIds: string[], tx?: EntityManager): Promise<Map<string, Map<GroupBanKind, Date>>> {
    const out = new Map<string, Map<GroupBanKind, Date>>();
    if (!groupIds.length) return out;
    const rows = await this.repo(tx).find({
      select: { groupId: true, kind: true, bannedAt: true },
      where: { userId, groupId: In(groupIds), liftedAt: IsNull() },
    });
    for (const r of rows) out.set(r.groupId, (out.get(r.groupId) ?? new Map<GroupBanKind, Date>()).set(r.kind, r.bannedAt));
    return out;
  }

  /** The users a ban of this kind holds on in the group. */
  async activeUsers(groupId: string, kind: GroupBanKind, tx?: EntityManager): Promise<Set<string>> {
    const rows = await this.repo(tx).find({ select: { userId: true }, where: { groupId, kind, liftedAt: IsNull() } });
    return new Set(rows.map((r) => r.userId));
  }

  /** A group's bans, the newest first; only those that hold unless `all`. */
  list(groupId: string, all: boolean, limit: number, tx?: EntityManager): Promise<GroupBanEntity[]> {
    return this.repo(tx).find({
      where: all ? { groupId } : { groupId, liftedAt: IsNull() },
      order: { bannedAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** A user's bans in every group (the data export). */
  ofUser(userId: string): Promise<GroupBanEntity[]> {
    return this.repo().find({ where: { userId }, order: { bannedAt: 'ASC' } });
  }

  async insert(
    tx: EntityManager,
    row: { groupId: string; userId: string; kind: GroupBanKind; reason: string | null; bannedBy: string },
    now: Date,
  ): Promise<GroupBanEntity> {
    const ban = this.repo(tx).create({ ...row, bannedAt: now, liftedAt: null, liftedBy: null, liftedVia: null, invitationId: null });
    await this.repo(tx).insert(ban);
    return ban;
  }

  /** Ends a ban that holds; answers whether it held (a lifted one stays as it was). */
  async lift(tx: EntityManager, id: string, by: string, via: GroupBanLift, invitationId: string | null, now: Date): Promise<boolean> {
    const r = await this.repo(tx).update({ id, liftedAt: IsNull() }, { liftedAt: now, liftedBy: by, liftedVia: via, invitationId });
    return (r.affected ?? 0) > 0;
  }
}
