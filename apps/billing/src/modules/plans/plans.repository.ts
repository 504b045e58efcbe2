import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { PlanUserType } from '@lp/contracts';
import { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import { TransactionEntity } from '../../entities/transaction.entity.js';

/** A plan's columns as the admin writes them. */
export type PlanFields = Pick<
  PricingPlanEntity,
  | 'name'
  | 'userType'
  | 'priceMinor'
  | 'currency'
  | 'billingCycle'
  | 'description'
  | 'features'
  | 'maxStudents'
  | 'maxFaculty'
  | 'maxCourses'
  | 'maxSessionsPerMonth'
  | 'isFeatured'
  | 'isActive'
>;

/** Data access for `pricing_plans`; no rules here. */
@Injectable()
export class PlansRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<PricingPlanEntity> {
    return (tx ?? this.ds.manager).getRepository(PricingPlanEntity);
  }

  find(id: string, tx?: EntityManager): Promise<PricingPlanEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** The plan row, locked until the transaction ends (a delete against a subscriber arriving). */
  lock(tx: EntityManager, id: string): Promise<PricingPlanEntity | null> {
    return this.repo(tx).createQueryBuilder('p').setLock('pessimistic_write').where('p.id = :id', { id }).getOne();
  }

  /** Plans of one user type or all, cheapest first; only the active ones when asked. */
  list(filter: { userType?: PlanUserType | undefined; activeOnly?: boolean }): Promise<PricingPlanEntity[]> {
    return this.repo().find({
      where: { ...(filter.userType ? { userType: filter.userType } : {}), ...(filter.activeOnly ? { isActive: true } : {}) },
      order: { userType: 'ASC', priceMinor: 'ASC', name: 'ASC', id: 'ASC' },
    });
  }

  async insert(tx: EntityManager, fields: PlanFields, now: Date): Promise<PricingPlanEntity> {
    const plan = this.repo(tx).create({ ...fields, createdAt: now, updatedAt: now });
    await this.repo(tx).insert(plan);
    return plan;
  }

  async update(tx: EntityManager, id: string, fields: PlanFields, now: Date): Promise<void> {
    await this.repo(tx).update({ id }, { ...fields, updatedAt: now });
  }

  /** Whether a provider payment for the plan is still on its way (its webhook will start a subscription to it). */
  hasPendingPayments(tx: EntityManager, planId: string): Promise<boolean> {
    return tx.getRepository(TransactionEntity).exists({ where: { itemType: 'subscription', itemId: planId, status: 'pending' } });
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx).delete({ id });
  }
}
