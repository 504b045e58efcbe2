import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { ReadModelUserEntity } from '@lp/service-kit';
import { InstitutionEntity } from '../../entities/institution.entity.js';
import { InvitationEntity } from '../../entities/invitation.entity.js';
import { MemberEntity } from '../../entities/member.entity.js';
import { SubdomainEntity } from '../../entities/subdomain.entity.js';
import type { InvitationRow, MembershipRow, MyInvitationRow } from './invitation-view.js';
import type { InvitationSentRow } from './invitation-events.js';

/** One person to invite, as the upsert takes it (snake case: the JSON the statement reads). */
export interface InvitationInput {
  email: string;
  name: string | null;
  member_type: string;
  portal_role: string;
  access_level: string;
  permissions: string[];
  create_account: boolean;
  notes: string | null;
  course_id: string | null;
  import_id: string | null;
}

const OPEN = `status IN ('held', 'pending')`;

/** Data access for `invitations` (and the invitee's memberships on /profile); no rules here. */
@Injectable()
export class InvitationsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<InvitationEntity> {
    return (tx ?? this.ds.manager).getRepository(InvitationEntity);
  }

  /**
   * Writes the invitations of one institution, renewing an open one of the same e-mail, and
   * leaves out people already members (by their account's e-mail). Answers each row written,
   * `fresh` when it was delivered just now.
   * raw-sql: one atomic upsert for the whole set: the partial unique index (one open invitation
   * per e-mail) decides between insert and renewal, and the renewal's columns depend on the row
   * found (ON CONFLICT ... WHERE ... DO UPDATE with CASE), which the query builder cannot express.
   */
  async upsert(
    tx: EntityManager,
    institutionId: string,
    invitedBy: string | null,
    deliver: boolean,
    people: readonly InvitationInput[],
    ttlDays: number,
    resendAfterHours: number,
  ): Promise<{ id: string; status: string; fresh: boolean | null }[]> {
    return (await tx.query(
      `WITH wanted AS (
         SELECT DISTINCT ON (r.email) r.* FROM jsonb_to_recordset($1::jsonb)
             AS r(email text, name text, member_type text, portal_role text, access_level text, permissions jsonb, create_account boolean, notes text, course_id uuid, import_id uuid)
          WHERE NOT EXISTS (SELECT 1 FROM members m JOIN users u ON u.id = m.user_id WHERE m.institution_id = $2 AND lower(u.email) = r.email)
          ORDER BY r.email)
       INSERT INTO invitations AS v (id, institution_id, email, name, member_type, portal_role, access_level, permissions, create_account, notes, course_id, import_id,
                                     invited_by, status, sending, delivered_at, expires_at)
       SELECT gen_random_uuid(), $2, w.email, w.name, w.member_type, w.portal_role, w.access_level, w.permissions, w.create_account, w.notes, w.course_id, w.import_id,
              $3, CASE WHEN $4 THEN 'pending' ELSE 'held' END, CASE WHEN $4 THEN 1 ELSE 0 END,
              CASE WHEN $4 THEN now() END, CASE WHEN $4 THEN now() + make_interval(days => $5) END
         FROM wanted w ORDER BY w.email
       ON CONFLICT (institution_id, email) WHERE status IN ('held', 'pending') DO UPDATE SET
         name = coalesce(EXCLUDED.name, v.name), member_type = EXCLUDED.member_type, portal_role = EXCLUDED.portal_role,
         access_level = EXCLUDED.access_level, permissions = EXCLUDED.permissions, create_account = v.create_account OR EXCLUDED.create_account,
         notes = coalesce(EXCLUDED.notes, v.notes), course_id = coalesce(EXCLUDED.course_id, v.course_id), invited_by = EXCLUDED.invited_by,
         expires_at = CASE WHEN v.status = 'pending' THEN now() + make_interval(days => $5) END,
         sending = v.sending + CASE WHEN v.status = 'pending' AND v.delivered_at < now() - make_interval(hours => $6) THEN 1 ELSE 0 END,
         delivered_at = CASE WHEN v.status = 'pending' AND v.delivered_at < now() - make_interval(hours => $6) THEN now() ELSE v.delivered_at END,
         updated_at = now()
       RETURNING v.id, v.status, v.delivered_at = now() AS fresh`,
      [JSON.stringify(people), institutionId, invitedBy, deliver, ttlDays, resendAfterHours],
    )) as { id: string; status: string; fresh: boolean | null }[];
  }

  /** Held invitations of the institutions, delivered now with their time starting; answers their ids. */
  async releaseHeld(tx: EntityManager, institutionIds: readonly string[], ttlDays: number): Promise<string[]> {
    const result = await this.repo(tx)
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({
        status: 'pending',
        sending: () => 'sending + 1',
        deliveredAt: () => 'now()',
        expiresAt: () => 'now() + make_interval(days => :ttlDays)',
      })
      .where(`institution_id = ANY (CAST(:ids AS uuid[])) AND status = 'held'`, { ids: institutionIds, ttlDays })
      .returning(['id'])
      .execute();
    return (result.raw as { id: string }[]).map((r) => r.id);
  }

  /** Held invitations of the institutions, withdrawn unsent; answers how many. */
  async revokeHeld(tx: EntityManager, institutionIds: readonly string[]): Promise<number> {
    const result = await this.repo(tx)
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({ status: 'revoked', respondedAt: () => 'now()' })
      .where(`institution_id = ANY (CAST(:ids AS uuid[])) AND status = 'held'`, { ids: institutionIds })
      .execute();
    return result.affected ?? 0;
  }

  /** What institution.invitation.sent says, for the delivered ones among the ids. */
  sentRows(tx: EntityManager, ids: readonly string[]): Promise<InvitationSentRow[]> {
    return this.repo(tx)
      .createQueryBuilder('v')
      .innerJoin(InstitutionEntity, 'i', 'i.id = v.institution_id')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = v.invited_by')
      .select([
        'v.id AS id',
        'v.institution_id AS institution_id',
        'i.name AS institution_name',
        'v.email AS email',
        'v.name AS name',
        'v.member_type AS member_type',
        'v.create_account AS create_account',
        'u.name AS invited_by_name',
        'v.expires_at AS expires_at',
        'v.sending AS sending',
      ])
      .where(`v.id = ANY (CAST(:ids AS uuid[])) AND v.status = 'pending'`, { ids })
      .orderBy('v.id')
      .getRawMany<InvitationSentRow>();
  }

  /** The admin's list: open invitations first (held, pending), then the latest answered ones; 500 at most. */
  list(tx: EntityManager, institutionId: string): Promise<InvitationRow[]> {
    return this.repo(tx)
      .createQueryBuilder('v')
      .select([
        'v.id AS id',
        'v.institution_id AS institution_id',
        'v.email AS email',
        'v.name AS name',
        'v.member_type AS member_type',
        'v.status AS status',
        'v.created_at AS created_at',
        'v.delivered_at AS delivered_at',
        'v.expires_at AS expires_at',
        'v.responded_at AS responded_at',
      ])
      .addSelect(`(v.status = 'pending' AND v.expires_at <= now())`, 'expired')
      .where('v.institution_id = :institutionId', { institutionId })
      .orderBy(`(v.status IN ('held', 'pending'))`, 'DESC')
      .addOrderBy('v.updated_at', 'DESC')
      .addOrderBy('v.id')
      .limit(500)
      .getRawMany<InvitationRow>();
  }

  /**
   * The invitee's open invitations. Their institution's name comes from `subdomains`, the one
   * table outside row-level security (it holds only public names): the invitee administers
   * nothing, so the institutions table shows them no row.
   */
  openFor(tx: EntityManager, email: string): Promise<MyInvitationRow[]> {
    return this.repo(tx)
      .createQueryBuilder('v')
      .innerJoin(SubdomainEntity, 's', 's.institution_id = v.institution_id')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = v.invited_by')
      .select([
        'v.id AS id',
        'v.institution_id AS institution_id',
        's.name AS institution_name',
        'v.member_type AS member_type',
        'u.name AS invited_by_name',
        'v.created_at AS created_at',
        'v.expires_at AS expires_at',
      ])
      .where(`v.email = :email AND v.status = 'pending' AND v.expires_at > now()`, { email: email.toLowerCase() })
      .orderBy('v.delivered_at', 'DESC')
      .addOrderBy('v.id')
      .getRawMany<MyInvitationRow>();
  }

  /** The caller's memberships (row-level security shows a person their own member rows), names from `subdomains`. */
  membershipsOf(tx: EntityManager, userId: string, institutionId?: string): Promise<MembershipRow[]> {
    const q = tx
      .getRepository(MemberEntity)
      .createQueryBuilder('m')
      .innerJoin(SubdomainEntity, 's', 's.institution_id = m.institution_id')
      .select([
        'm.id AS id',
        'm.institution_id AS institution_id',
        's.name AS institution_name',
        'm.member_type AS member_type',
        'm.access_level AS access_level',
        'm.is_suspended AS is_suspended',
        'm.added_at AS added_at',
      ])
      .where('m.user_id = :userId', { userId });
    if (institutionId) q.andWhere('m.institution_id = :institutionId', { institutionId });
    return q.orderBy('s.name').addOrderBy('m.institution_id').getRawMany<MembershipRow>();
  }

  /** An open invitation of the institution withdrawn; false when there was none. */
  async revoke(tx: EntityManager, institutionId: string, id: string): Promise<boolean> {
    const result = await this.repo(tx)
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({ status: 'revoked', respondedAt: () => 'now()' })
      .where(`institution_id = :institutionId AND id = :id AND ${OPEN}`, { institutionId, id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The invitee's delivered, unexpired invitation, locked until the transaction ends. */
  lockDelivered(tx: EntityManager, id: string, email: string): Promise<InvitationEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('v')
      .setLock('pessimistic_write')
      .where(`v.id = :id AND v.email = :email AND v.status = 'pending' AND v.expires_at > now()`, { id, email })
      .getOne();
  }

  async markAccepted(tx: EntityManager, id: string, userId: string): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({ status: 'accepted', userId, respondedAt: () => 'now()' })
      .where('id = :id', { id })
      .execute();
  }

  /** The invitee declines their delivered, unexpired invitation; false when there was none. */
  async decline(tx: EntityManager, id: string, email: string): Promise<boolean> {
    const result = await this.repo(tx)
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({ status: 'declined', respondedAt: () => 'now()' })
      .where(`id = :id AND email = :email AND status = 'pending' AND expires_at > now()`, { id, email })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
