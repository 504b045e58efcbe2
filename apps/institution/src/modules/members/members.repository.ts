import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { AccessLevel, MemberType, PortalRole } from '@lp/contracts';
import { likePattern, ReadModelUserEntity } from '@lp/service-kit';
import { InstitutionEntity } from '../../entities/institution.entity.js';
import { MemberEntity } from '../../entities/member.entity.js';
import type { MemberRow } from './member-view.js';

export interface MemberFilter {
  institutionId: string;
  types: readonly string[];
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** What institution.member.added says about a member: the row and its institution's name and subdomain. */
export interface MemberEventRow {
  id: string;
  institution_id: string;
  user_id: string;
  member_type: MemberType;
  portal_role: PortalRole;
  access_level: AccessLevel;
  permissions: string[];
  is_suspended: boolean;
  institution_name: string;
  subdomain: string;
}

export interface PortalGrantRow {
  member_id: string;
  user_id: string;
  name: string;
  email: string | null;
  portal_role: PortalRole;
  access_level: AccessLevel;
  permissions: string[];
  institution_id: string;
  institution_name: string;
  added_at: Date;
}

export type NewMember = Pick<MemberEntity, 'id' | 'institutionId' | 'userId' | 'memberType' | 'portalRole'> &
  Partial<Pick<MemberEntity, 'accessLevel' | 'permissions' | 'notes' | 'addedBy' | 'importId' | 'isSuspended'>>;

/** Data access for `members` (with the users read model for names); no rules here. */
@Injectable()
export class MembersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<MemberEntity> {
    return (tx ?? this.ds.manager).getRepository(MemberEntity);
  }

  /** The person's unsuspended admin memberships (row-level security shows a caller their own member rows). */
  async adminRoots(tx: EntityManager, userId: string): Promise<{ institutionId: string; accessLevel: AccessLevel }[]> {
    const rows = await this.repo(tx).find({
      select: { institutionId: true, accessLevel: true },
      where: { userId, memberType: 'admin', isSuspended: false },
    });
    return rows.map((r) => ({ institutionId: r.institutionId, accessLevel: r.accessLevel }));
  }

  find(tx: EntityManager, institutionId: string, id: string): Promise<MemberEntity | null> {
    return this.repo(tx).findOneBy({ institutionId, id });
  }

  /** The member row, locked until the transaction ends. */
  lock(tx: EntityManager, institutionId: string, id: string): Promise<MemberEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .setLock('pessimistic_write')
      .where('m.institution_id = :institutionId AND m.id = :id', { institutionId, id })
      .getOne();
  }

  /** A person's own membership of an institution, locked. */
  lockOwn(tx: EntityManager, userId: string, institutionId: string): Promise<MemberEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .setLock('pessimistic_write')
      .where('m.user_id = :userId AND m.institution_id = :institutionId', { userId, institutionId })
      .getOne();
  }

  /** Unsuspended admins of the institution other than the person. */
  otherActiveAdmins(tx: EntityManager, institutionId: string, userId: string): Promise<number> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .where(`m.institution_id = :institutionId AND m.member_type = 'admin' AND NOT m.is_suspended AND m.user_id <> :userId`, {
        institutionId,
        userId,
      })
      .getCount();
  }

  async insert(tx: EntityManager, row: NewMember): Promise<void> {
    await this.repo(tx).insert(row);
  }

  /** Adds the member unless the person is one of the institution already; answers the new row's id, or null. */
  async insertIfAbsent(tx: EntityManager, row: NewMember): Promise<string | null> {
    const result = await this.repo(tx).createQueryBuilder().insert().into(MemberEntity).values(row).orIgnore().returning(['id']).execute();
    const [made] = result.raw as { id: string }[];
    return made?.id ?? null;
  }

  /** How many rows changed (0: no such member in the institution). */
  async update(
    tx: EntityManager,
    institutionId: string,
    id: string,
    fields: Partial<Pick<MemberEntity, 'notes' | 'isSuspended'>>,
  ): Promise<number> {
    return (await this.repo(tx).update({ institutionId, id }, fields)).affected ?? 0;
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx).delete({ id });
  }

  /** Which of the people are members of the institution already. */
  async memberUserIds(tx: EntityManager, institutionId: string, userIds: readonly string[], importId?: string): Promise<string[]> {
    if (!userIds.length) return [];
    const rows = await this.repo(tx).find({
      select: { userId: true },
      where: { institutionId, userId: In([...userIds]), ...(importId ? { importId } : {}) },
    });
    return rows.map((r) => r.userId);
  }

  /** The members of the institution whose account has the e-mail (lower case). */
  async idsByEmail(tx: EntityManager, institutionId: string, email: string): Promise<string[]> {
    const rows = await this.repo(tx)
      .createQueryBuilder('m')
      .innerJoin(ReadModelUserEntity, 'u', 'u.id = m.user_id')
      .select('m.id', 'id')
      .where('m.institution_id = :institutionId AND lower(u.email) = :email', { institutionId, email })
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** A portal grant's standing for members already in: type, role, level and permissions, no longer suspended. */
  async applyGrant(
    tx: EntityManager,
    ids: readonly string[],
    grant: Pick<MemberEntity, 'memberType' | 'portalRole' | 'accessLevel' | 'permissions'>,
  ): Promise<void> {
    if (!ids.length) return;
    await this.repo(tx).update({ id: In([...ids]) }, { ...grant, isSuspended: false });
  }

  eventRows(tx: EntityManager, ids: readonly string[]): Promise<MemberEventRow[]> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .innerJoin(InstitutionEntity, 'i', 'i.id = m.institution_id')
      .select([
        'm.id AS id',
        'm.institution_id AS institution_id',
        'm.user_id AS user_id',
        'm.member_type AS member_type',
        'm.portal_role AS portal_role',
        'm.access_level AS access_level',
        'm.permissions AS permissions',
        'm.is_suspended AS is_suspended',
        'i.name AS institution_name',
        'i.subdomain AS subdomain',
      ])
      .where('m.id = ANY (CAST(:ids AS uuid[]))', { ids })
      .orderBy('m.id')
      .getRawMany<MemberEventRow>();
  }

  private withUser(tx: EntityManager): SelectQueryBuilder<MemberEntity> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = m.user_id')
      .select([
        'm.id AS id',
        'm.institution_id AS institution_id',
        'm.member_type AS member_type',
        'm.portal_role AS portal_role',
        'm.access_level AS access_level',
        'm.permissions AS permissions',
        'm.is_suspended AS is_suspended',
        'm.notes AS notes',
        'm.added_at AS added_at',
        'u.id AS user_id',
        'u.email AS user_email',
      ])
      .addSelect(`coalesce(u.name, 'Unknown user')`, 'user_name')
      .addSelect(`coalesce(u.role, 'learner')`, 'user_role');
  }

  async view(tx: EntityManager, institutionId: string, id: string): Promise<MemberRow | null> {
    return (
      (await this.withUser(tx).where('m.institution_id = :institutionId AND m.id = :id', { institutionId, id }).getRawOne<MemberRow>()) ??
      null
    );
  }

  /** A page of an institution's members, newest first, with the total the filter matches. */
  async page(tx: EntityManager, f: MemberFilter): Promise<{ rows: MemberRow[]; total: number }> {
    const q = this.withUser(tx).where('m.institution_id = :institutionId AND m.member_type = ANY (CAST(:types AS text[]))', {
      institutionId: f.institutionId,
      types: f.types,
    });
    if (f.search) q.andWhere('(u.name ILIKE :pattern OR u.email ILIKE :pattern)', { pattern: likePattern(f.search) });
    const total = await q.clone().getCount();
    const rows = await q.orderBy('m.added_at', 'DESC').addOrderBy('m.id').limit(f.limit).offset(f.offset).getRawMany<MemberRow>();
    return { rows, total };
  }

  /** The admins of the institution and of every one below it, and anyone granted explicit permissions. */
  portalGrants(tx: EntityManager, institutionId: string): Promise<PortalGrantRow[]> {
    return this.repo(tx)
      .createQueryBuilder('m')
      .innerJoin(InstitutionEntity, 'i', 'i.id = m.institution_id')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = m.user_id')
      .select([
        'm.id AS member_id',
        'm.user_id AS user_id',
        'u.email AS email',
        'm.portal_role AS portal_role',
        'm.access_level AS access_level',
        'm.permissions AS permissions',
        'm.institution_id AS institution_id',
        'i.name AS institution_name',
        'm.added_at AS added_at',
      ])
      .addSelect(`coalesce(u.name, 'Unknown user')`, 'name')
      .where(`:institutionId = ANY (i.path_ids) AND (m.member_type = 'admin' OR jsonb_array_length(m.permissions) > 0)`, { institutionId })
      .orderBy('i.hierarchy_level')
      .addOrderBy('i.name')
      .addOrderBy('m.added_at')
      .getRawMany<PortalGrantRow>();
  }
}
