import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { ReadModelUserEntity, queryRows } from '@lp/service-kit';
import type { ReferralRefusal } from '@lp/contracts';
import { ReferralCodeEntity } from '../../entities/referral-code.entity.js';
import { ReferralEntity } from '../../entities/referral.entity.js';
import { XpRuleEntity } from '../../entities/xp-rule.entity.js';

export type NewReferral = Pick<
  ReferralEntity,
  'code' | 'referrerId' | 'referredId' | 'referredEmail' | 'referredEmailNormalized' | 'status' | 'refusal'
>;

export interface ReferralFigures {
  pending: number;
  completed: number;
  rewards_paid: number;
  rewards_paid_minor: number;
  refused: number;
}

export interface RefusedCase {
  referral: ReferralEntity;
  referrerName: string | null;
}

/** Referral codes and referrals; data access only (writes take the caller's transaction). */
@Injectable()
export class ReferralsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private m(tx?: EntityManager): EntityManager {
    return tx ?? this.ds.manager;
  }

  codeOf(userId: string, tx?: EntityManager): Promise<ReferralCodeEntity | null> {
    return this.m(tx).getRepository(ReferralCodeEntity).findOneBy({ userId });
  }

  codeByText(code: string, tx?: EntityManager): Promise<ReferralCodeEntity | null> {
    return this.m(tx).getRepository(ReferralCodeEntity).findOneBy({ code });
  }

  /**
   * Gives the user this code unless they have one or the code is taken (either unique key):
   * true when this insert made it. The caller reads which of the two it was.
   */
  async insertCode(tx: EntityManager, userId: string, code: string): Promise<boolean> {
    const r = await tx
      .createQueryBuilder()
      .insert()
      .into(ReferralCodeEntity)
      .values({ userId, code })
      .orIgnore()
      .returning('user_id')
      .updateEntity(false)
      .execute();
    return (r.raw as unknown[]).length > 0;
  }

  /** Holds the referrer's code row for the transaction: one referrer's completions take turns, so the monthly cap holds. */
  async lockCode(tx: EntityManager, userId: string): Promise<void> {
    await tx
      .getRepository(ReferralCodeEntity)
      .createQueryBuilder('c')
      .where('c.user_id = :userId', { userId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** Another account's referral, not refused, already names this inbox. */
  emailAlreadyReferred(tx: EntityManager, normalized: string): Promise<boolean> {
    return tx.getRepository(ReferralEntity).exists({ where: { referredEmailNormalized: normalized, status: Not('refused') } });
  }

  /** One referral per referred account: a second registration event for it (a replay) adds nothing. */
  async insert(tx: EntityManager, r: NewReferral): Promise<boolean> {
    const res = await tx
      .createQueryBuilder()
      .insert()
      .into(ReferralEntity)
      .values(r)
      .orIgnore()
      .returning('id')
      .updateEntity(false)
      .execute();
    return (res.raw as unknown[]).length > 0;
  }

  /** The referred accounts' referrals still pending (unlocked: the common case, learners nobody referred, costs one index probe each in one query). */
  pendingForMany(
    referredIds: readonly string[],
    tx?: EntityManager,
  ): Promise<Array<{ id: string; referrerId: string | null; referredId: string }>> {
    if (!referredIds.length) return Promise.resolve([]);
    return queryRows(
      this.m(tx),
      `SELECT id, referrer_id AS "referrerId", referred_id AS "referredId" FROM referrals WHERE referred_id = ANY($1::uuid[]) AND status = 'pending'`,
      [referredIds],
    );
  }

  lock(tx: EntityManager, id: string): Promise<ReferralEntity | null> {
    return tx.getRepository(ReferralEntity).createQueryBuilder('r').where('r.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** The referrer's referrals completed with a reward since `since` (the calendar month's start). */
  rewardedSince(tx: EntityManager, referrerId: string, since: Date): Promise<number> {
    return tx
      .getRepository(ReferralEntity)
      .createQueryBuilder('r')
      .where('r.referrer_id = :referrerId', { referrerId })
      .andWhere(`r.status = 'completed' AND r.reward_minor > 0 AND r.completed_at >= :since`, { since })
      .getCount();
  }

  async complete(
    tx: EntityManager,
    id: string,
    c: { rewardMinor: number; refusal: ReferralRefusal | null; completedAt: Date },
  ): Promise<void> {
    await tx.getRepository(ReferralEntity).update({ id, status: 'pending' }, { status: 'completed', ...c });
  }

  ofReferred(referredId: string): Promise<ReferralEntity | null> {
    return this.ds.getRepository(ReferralEntity).findOneBy({ referredId });
  }

  async forgetShownEmail(tx: EntityManager, referredId: string): Promise<void> {
    await tx.getRepository(ReferralEntity).update({ referredId }, { referredEmail: '' });
  }

  findById(id: string, tx?: EntityManager): Promise<ReferralEntity | null> {
    return this.m(tx).getRepository(ReferralEntity).findOneBy({ id });
  }

  /** What the referrer sees: the people who registered with their code, newest first (refused ones are the admin's). */
  listForReferrer(referrerId: string): Promise<ReferralEntity[]> {
    return this.ds.getRepository(ReferralEntity).find({
      where: { referrerId, status: Not('refused') },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** Completed rewards billing has not confirmed yet, oldest first. */
  unclaimed(limit: number): Promise<ReferralEntity[]> {
    return this.ds
      .getRepository(ReferralEntity)
      .createQueryBuilder('r')
      .where(`r.status = 'completed' AND r.reward_minor > 0 AND NOT r.reward_claimed`)
      .orderBy('r.completed_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  async markClaimed(id: string): Promise<void> {
    await this.ds.getRepository(ReferralEntity).update({ id }, { rewardClaimed: true });
  }

  /** The XP a referral rule gives (ENGINE's xp_rules), 0 when the rule is missing or off. */
  async ruleXp(code: string): Promise<number> {
    const rule = await this.ds.getRepository(XpRuleEntity).findOneBy({ code });
    return rule?.active ? rule.xp : 0;
  }

  /**
   * The admin's figures. "refused" counts the referrals refused at registration and those
   * completed past the monthly cap (completed, but refused a reward).
   */
  async figures(): Promise<ReferralFigures> {
    const row = await this.ds
      .getRepository(ReferralEntity)
      .createQueryBuilder('r')
      .select(`count(*) FILTER (WHERE r.status = 'pending')`, 'pending')
      .addSelect(`count(*) FILTER (WHERE r.status = 'completed')`, 'completed')
      .addSelect(`count(*) FILTER (WHERE r.reward_claimed)`, 'rewards_paid')
      .addSelect(`coalesce(sum(r.reward_minor) FILTER (WHERE r.reward_claimed), 0)`, 'rewards_paid_minor')
      .addSelect(`count(*) FILTER (WHERE r.status = 'refused' OR r.refusal IS NOT NULL)`, 'refused')
      .getRawOne<Record<keyof ReferralFigures, number | string>>();
    const n = (v: number | string | undefined): number => Number(v ?? 0);
    return {
      pending: n(row?.pending),
      completed: n(row?.completed),
      rewards_paid: n(row?.rewards_paid),
      rewards_paid_minor: n(row?.rewards_paid_minor),
      refused: n(row?.refused),
    };
  }

  /** The latest refused cases (at registration or by the monthly cap), newest first, with the referrer's name. */
  async latestRefused(limit: number): Promise<RefusedCase[]> {
    const { entities, raw } = await this.ds
      .getRepository(ReferralEntity)
      .createQueryBuilder('r')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = r.referrer_id')
      .addSelect('u.name', 'referrer_name')
      .where('r.refusal IS NOT NULL')
      .orderBy('coalesce(r.completed_at, r.created_at)', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(limit)
      .getRawAndEntities<{ referrer_name: string | null }>();
    return entities.map((referral, i) => ({ referral, referrerName: raw[i]?.referrer_name ?? null }));
  }
}
