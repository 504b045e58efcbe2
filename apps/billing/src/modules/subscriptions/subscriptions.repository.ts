import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan, LessThanOrEqual, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { fromRow } from '@lp/service-kit';
import { LIVE_STATUSES, SubscriptionEntity, type SubscriptionStatus } from '../../entities/subscription.entity.js';

export type NewSubscription = Pick<
  SubscriptionEntity,
  | 'userId'
  | 'userType'
  | 'planId'
  | 'status'
  | 'billingCycle'
  | 'priceMinor'
  | 'currency'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'lastPaymentId'
>;

export type SubscriptionPatch = Partial<
  Pick<
    SubscriptionEntity,
    | 'status'
    | 'billingCycle'
    | 'priceMinor'
    | 'currency'
    | 'currentPeriodStart'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
    | 'graceUntil'
    | 'lastPaymentId'
    | 'renewalAttemptedAt'
  >
>;

/** What the renewal job saw of a subscription: a change applies only while it is still so. */
export type SeenSubscription = Pick<SubscriptionEntity, 'id' | 'status' | 'currentPeriodEnd'>;

/** Data access for `subscriptions`; no rules here. */
@Injectable()
export class SubscriptionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<SubscriptionEntity> {
    return (tx ?? this.ds.manager).getRepository(SubscriptionEntity);
  }

  /** The user's live subscription (pending, active or past due) with its plan; at most one (subscriptions_user_live_key). */
  current(userId: string, tx?: EntityManager): Promise<SubscriptionEntity | null> {
    return this.repo(tx).findOne({ where: { userId, status: In([...LIVE_STATUSES]) }, relations: { plan: true } });
  }

  /**
   * Changes of one user's subscriptions wait for each other until the transaction ends (two
   * payments for plans completing at once would otherwise both find no live row and both
   * insert one).
   */
  async lockUser(tx: EntityManager, userId: string): Promise<void> {
    // raw SQL: a transaction-scoped advisory lock, which the query builder cannot take
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`billing.subscription:${userId}`]);
  }

  /** The user's live subscription row, locked until the transaction ends (without its plan: only this row is locked). */
  lockCurrent(tx: EntityManager, userId: string): Promise<SubscriptionEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.userId = :userId AND s.status IN (:...live)', { userId, live: LIVE_STATUSES })
      .getOne();
  }

  async insert(tx: EntityManager, s: NewSubscription, now: Date): Promise<SubscriptionEntity> {
    const row = this.repo(tx).create({
      ...s,
      cancelAtPeriodEnd: false,
      graceUntil: null,
      renewalAttemptedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await this.repo(tx).insert(row);
    return row;
  }

  /** Changes a row this transaction holds (lockCurrent) and answers it as it is now. */
  async update(tx: EntityManager, id: string, patch: SubscriptionPatch, now: Date): Promise<SubscriptionEntity> {
    await this.repo(tx).update({ id }, { ...patch, updatedAt: now });
    return (await this.repo(tx).findOneBy({ id }))!;
  }

  /**
   * Changes a row only while it is still as the renewal job saw it (status and period end);
   * null when another run or a payment got there first.
   */
  async updateIfUnchanged(
    tx: EntityManager,
    seen: SeenSubscription,
    patch: SubscriptionPatch,
    now: Date,
  ): Promise<SubscriptionEntity | null> {
    const result = await tx
      .createQueryBuilder()
      .update(SubscriptionEntity)
      .set({ ...patch, updatedAt: now })
      .where({ id: seen.id, status: seen.status, currentPeriodEnd: seen.currentPeriodEnd })
      .returning('*')
      .execute();
    const raw = (result.raw as Array<Record<string, unknown>>)[0];
    return raw ? fromRow(tx, SubscriptionEntity, raw) : null;
  }

  /**
   * The renewal job takes a subscription for one attempt: true for the one run that moved
   * `renewal_attempted_at` (none took it since `retryBefore`, and it is still as seen).
   */
  async claimRenewal(seen: SeenSubscription, now: Date, retryBefore: Date): Promise<boolean> {
    const result = await this.ds
      .createQueryBuilder()
      .update(SubscriptionEntity)
      .set({ renewalAttemptedAt: now })
      .where({ id: seen.id, status: seen.status, currentPeriodEnd: seen.currentPeriodEnd })
      .andWhere('(renewal_attempted_at IS NULL OR renewal_attempted_at < :retryBefore)', { retryBefore })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Whether any subscription, live or ended, was ever made to the plan. */
  async referencesPlan(planId: string, tx?: EntityManager): Promise<boolean> {
    return this.repo(tx).exists({ where: { planId } });
  }

  /** The subscriptions the plan's limits apply to now (active or in their grace). */
  grantedByPlan(tx: EntityManager, planId: string): Promise<SubscriptionEntity[]> {
    return this.repo(tx).find({ where: { planId, status: In(['active', 'past_due']) } });
  }

  // ---------- the renewal job's sweeps (each served by a partial index), with their plans ----------

  /** Active, cancelled at the period end, and the end has come: they expire. */
  cancelledAndEnded(now: Date, limit: number): Promise<SubscriptionEntity[]> {
    return this.repo().find({
      where: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: LessThanOrEqual(now) },
      relations: { plan: true },
      order: { currentPeriodEnd: 'ASC' },
      take: limit,
    });
  }

  /** Past due and the grace is over: they expire. */
  graceEnded(now: Date, limit: number): Promise<SubscriptionEntity[]> {
    return this.repo().find({
      where: { status: 'past_due', graceUntil: LessThanOrEqual(now) },
      relations: { plan: true },
      order: { graceUntil: 'ASC' },
      take: limit,
    });
  }

  /**
   * To renew: active ones whose period ended (not cancelled), and past due ones still in
   * their grace; either not tried since `retryBefore`.
   */
  async dueForRenewal(now: Date, retryBefore: Date, limit: number): Promise<SubscriptionEntity[]> {
    const notTriedSince = [{ renewalAttemptedAt: IsNull() }, { renewalAttemptedAt: LessThan(retryBefore) }];
    const [ended, pastDue] = await Promise.all([
      this.repo().find({
        where: notTriedSince.map((t) => ({
          status: 'active' as SubscriptionStatus,
          cancelAtPeriodEnd: false,
          currentPeriodEnd: LessThanOrEqual(now),
          ...t,
        })),
        relations: { plan: true },
        order: { currentPeriodEnd: 'ASC' },
        take: limit,
      }),
      this.repo().find({
        where: notTriedSince.map((t) => ({ status: 'past_due' as SubscriptionStatus, graceUntil: MoreThan(now), ...t })),
        relations: { plan: true },
        order: { graceUntil: 'ASC' },
        take: limit,
      }),
    ]);
    return [...ended, ...pastDue];
  }
}
