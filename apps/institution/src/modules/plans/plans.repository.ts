import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { SubleasingPlanEntity } from '../../entities/subleasing-plan.entity.js';

/** A plan's columns as the admin writes them. */
export type PlanFields = Pick<
  SubleasingPlanEntity,
  'name' | 'description' | 'priceMinor' | 'currency' | 'billingPeriod' | 'memberType' | 'features' | 'isActive' | 'isFeatured'
>;

/** Data access for `subleasing_plans`; no rules here. */
@Injectable()
export class PlansRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<SubleasingPlanEntity> {
    return (tx ?? this.ds.manager).getRepository(SubleasingPlanEntity);
  }

  list(tx: EntityManager, institutionId: string): Promise<SubleasingPlanEntity[]> {
    return this.repo(tx).find({ where: { institutionId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  find(tx: EntityManager, institutionId: string, id: string): Promise<SubleasingPlanEntity | null> {
    return this.repo(tx).findOneBy({ institutionId, id });
  }

  async insert(tx: EntityManager, institutionId: string, id: string, fields: PlanFields): Promise<SubleasingPlanEntity> {
    await this.repo(tx).insert({ id, institutionId, ...fields });
    return (await this.find(tx, institutionId, id))!;
  }

  /** How many rows changed (0: no such plan in the institution). */
  async update(tx: EntityManager, institutionId: string, id: string, fields: PlanFields): Promise<number> {
    return (await this.repo(tx).update({ institutionId, id }, fields)).affected ?? 0;
  }

  async delete(tx: EntityManager, institutionId: string, id: string): Promise<number> {
    return (await this.repo(tx).delete({ institutionId, id })).affected ?? 0;
  }
}
