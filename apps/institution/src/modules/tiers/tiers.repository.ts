import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { InstitutionEntity } from '../../entities/institution.entity.js';
import { MemberEntity } from '../../entities/member.entity.js';
import { TierEntity } from '../../entities/tier.entity.js';
import { TierUpgradeEntity } from '../../entities/tier-upgrade.entity.js';

/** An institution's tier name with the tier's limits (null: the tiers table does not list it, or the measure is unlimited). */
export interface InstitutionTierRow {
  tier_name: string;
  display_name: string | null;
  api_access: boolean | null;
  max_students: number | null;
  max_faculty: number | null;
  max_courses: number | null;
  max_storage_gb: number | null;
  max_api_calls_monthly: number | null;
  max_subsidiaries: number | null;
}

export interface SubtreeUsageRow {
  students: number;
  faculty: number;
  courses: number;
  /** bigint: text from pg */
  api_calls: string | number;
  subsidiaries: number;
}

export interface UpgradePricingRow {
  id: string;
  institution_id: string;
  requested_by: string;
  to_tier: string;
  billing_cycle: 'monthly' | 'yearly';
  amount_minor: number;
  status: 'pending' | 'completed' | 'failed';
  display_name: string;
  institution_name: string;
}

export type NewUpgrade = Pick<
  TierUpgradeEntity,
  'id' | 'institutionId' | 'requestedBy' | 'fromTier' | 'toTier' | 'billingCycle' | 'amountMinor' | 'currency'
>;

/** Data access for `tiers`, `tier_upgrades` and what a tier counts; no rules here. */
@Injectable()
export class TiersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<TierEntity> {
    return (tx ?? this.ds.manager).getRepository(TierEntity);
  }

  private upgrades(tx: EntityManager): Repository<TierUpgradeEntity> {
    return tx.getRepository(TierUpgradeEntity);
  }

  /** The tiers (only those offered now when asked), in their display order. */
  list(tx: EntityManager, activeOnly: boolean): Promise<TierEntity[]> {
    return this.repo(tx).find({
      where: activeOnly ? { isActive: true } : {},
      order: { displayOrder: 'ASC', priceMonthlyMinor: 'ASC', tierName: 'ASC' },
    });
  }

  findActive(tx: EntityManager, id: string): Promise<TierEntity | null> {
    return this.repo(tx).findOneBy({ id, isActive: true });
  }

  /** The institution's tier and that tier's limits; `lock`: the institution's row is locked until the transaction ends. */
  async tierOf(tx: EntityManager, institutionId: string, lock = false): Promise<InstitutionTierRow | null> {
    const q = tx
      .getRepository(InstitutionEntity)
      .createQueryBuilder('i')
      .leftJoin(TierEntity, 't', 't.tier_name = i.tier_name')
      .select([
        'i.tier_name AS tier_name',
        't.display_name AS display_name',
        't.api_access AS api_access',
        't.max_students AS max_students',
        't.max_faculty AS max_faculty',
        't.max_courses AS max_courses',
        't.max_storage_gb AS max_storage_gb',
        't.max_api_calls_monthly AS max_api_calls_monthly',
        't.max_subsidiaries AS max_subsidiaries',
      ])
      .where('i.id = :institutionId', { institutionId });
    if (lock) q.setLock('pessimistic_write', undefined, ['i']);
    return (await q.getRawOne<InstitutionTierRow>()) ?? null;
  }

  /**
   * What the subtree of a top institution uses: distinct students and faculty, its courses, its
   * keys' calls this month, and the subsidiaries below the top.
   * raw-sql: aggregates over four tables in one statement (a consistent snapshot of the whole subtree's use).
   */
  async subtreeUsage(tx: EntityManager, topInstitutionId: string): Promise<SubtreeUsageRow> {
    const [u] = (await tx.query(
      `WITH sub AS (SELECT id FROM institutions WHERE path_ids @> ARRAY[$1]::uuid[])
       SELECT (SELECT count(DISTINCT user_id) FROM members WHERE member_type = 'student' AND institution_id IN (SELECT id FROM sub))::int AS students,
              (SELECT count(DISTINCT user_id) FROM members WHERE member_type = 'faculty' AND institution_id IN (SELECT id FROM sub))::int AS faculty,
              (SELECT count(*) FROM courses WHERE institution_id IN (SELECT id FROM sub))::int AS courses,
              (SELECT coalesce(sum(total_calls), 0) FROM api_keys WHERE institution_id IN (SELECT id FROM sub) AND last_used_at >= date_trunc('month', now()))::bigint AS api_calls,
              (SELECT count(*) FROM sub)::int - 1 AS subsidiaries`,
      [topInstitutionId],
    )) as SubtreeUsageRow[];
    return u!;
  }

  /** The people of the subtree among the ids: their member rows' types, and whether the row is the institution's own. */
  subtreeMembers(
    tx: EntityManager,
    topInstitutionId: string,
    institutionId: string,
    userIds: readonly string[],
  ): Promise<{ user_id: string; member_type: string; here: boolean }[]> {
    return tx
      .getRepository(MemberEntity)
      .createQueryBuilder('m')
      .innerJoin(InstitutionEntity, 'i', 'i.id = m.institution_id')
      .select(['m.user_id AS user_id', 'm.member_type AS member_type'])
      .addSelect('m.institution_id = :institutionId', 'here')
      .where('CAST(:top AS uuid) = ANY (i.path_ids) AND m.user_id = ANY (CAST(:userIds AS uuid[]))', {
        top: topInstitutionId,
        institutionId,
        userIds,
      })
      .getRawMany();
  }

  /** Whether the person is an unsuspended admin, at access level admin, of the institution itself. */
  isFullAdmin(tx: EntityManager, institutionId: string, userId: string): Promise<boolean> {
    return tx
      .getRepository(MemberEntity)
      .exists({ where: { institutionId, userId, memberType: 'admin', accessLevel: 'admin', isSuspended: false } });
  }

  async setInstitutionTier(tx: EntityManager, institutionId: string, tierName: string): Promise<void> {
    await tx.getRepository(InstitutionEntity).update({ id: institutionId }, { tierName });
  }

  // ---------------------------------------------------------------- upgrades

  async insertUpgrade(tx: EntityManager, row: NewUpgrade): Promise<void> {
    await this.upgrades(tx).insert(row);
  }

  /** The upgrade, locked until the transaction ends. */
  lockUpgrade(tx: EntityManager, id: string): Promise<TierUpgradeEntity | null> {
    return this.upgrades(tx).createQueryBuilder('u').setLock('pessimistic_write').where('u.id = :id', { id }).getOne();
  }

  /** A pending upgrade fails; `paymentId`: only when it is not tied to another payment. */
  async failPending(tx: EntityManager, id: string, paymentId?: string): Promise<void> {
    const q = this.upgrades(tx)
      .createQueryBuilder()
      .update(TierUpgradeEntity)
      .set({ status: 'failed' })
      .where(`id = :id AND status = 'pending'`, { id });
    if (paymentId !== undefined) q.andWhere('(payment_id IS NULL OR payment_id = :paymentId)', { paymentId });
    await q.execute();
  }

  /** The payment that pays the upgrade, unless one is recorded already. */
  async recordPayment(tx: EntityManager, id: string, paymentId: string): Promise<void> {
    await this.upgrades(tx)
      .createQueryBuilder()
      .update(TierUpgradeEntity)
      .set({ paymentId })
      .where('id = :id AND payment_id IS NULL', { id })
      .execute();
  }

  async complete(tx: EntityManager, id: string, paymentId: string | null, at: Date): Promise<void> {
    await this.upgrades(tx).update({ id }, { status: 'completed', completedAt: at, ...(paymentId !== null ? { paymentId } : {}) });
  }

  /** An upgrade with its tier's display name and its institution's name, for billing's pricing question. */
  async pricingRow(tx: EntityManager, id: string): Promise<UpgradePricingRow | null> {
    return (
      (await this.upgrades(tx)
        .createQueryBuilder('u')
        .innerJoin(InstitutionEntity, 'i', 'i.id = u.institution_id')
        .leftJoin(TierEntity, 't', 't.tier_name = u.to_tier')
        .select([
          'u.id AS id',
          'u.institution_id AS institution_id',
          'u.requested_by AS requested_by',
          'u.to_tier AS to_tier',
          'u.billing_cycle AS billing_cycle',
          'u.amount_minor AS amount_minor',
          'u.status AS status',
          'i.name AS institution_name',
        ])
        .addSelect('coalesce(t.display_name, u.to_tier)', 'display_name')
        .where('u.id = :id', { id })
        .getRawOne<UpgradePricingRow>()) ?? null
    );
  }
}
