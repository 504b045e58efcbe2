import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Handles } from '@lp/service-kit';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Tenancy } from '../../common/tenancy.js';
import { planErrors } from './plan-errors.js';
import { planFields, toPlan } from './plan-view.js';
import { PlansRepository } from './plans.repository.js';

type R = typeof institutionRoutes;

/**
 * Sub-leasing plans: what an institution offers its members, kept per institution of the
 * subtree. Readers of the institution see them; changes need write access. A plan id of
 * another institution answers 'Plan not found', as an unknown one does (row-level security
 * hides it as well). A plan a cascade copied down stays linked to its source (cascaded_from)
 * even after it is edited here, so the next cascade updates it rather than adding another.
 */
@Injectable()
export class PlansService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
  ) {}

  @Handles(institutionRoutes.listPlans)
  async list({ params }: RouteInput<R['listPlans']>): Promise<RouteOutput<R['listPlans']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => ({ plans: (await this.plans.list(tx, params.id)).map(toPlan) }));
  }

  @Handles(institutionRoutes.createPlan)
  async create({ params, body }: RouteInput<R['createPlan']>): Promise<RouteOutput<R['createPlan']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) =>
      toPlan(await this.plans.insert(tx, params.id, randomUUID(), planFields(body))),
    );
  }

  /** A PUT replaces every field the form has (the contract's defaults fill what it leaves out). */
  @Handles(institutionRoutes.updatePlan)
  async update({ params, body }: RouteInput<R['updatePlan']>): Promise<RouteOutput<R['updatePlan']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      if (!(await this.plans.update(tx, params.id, params.planId, planFields(body)))) throw planErrors.notFound();
      return toPlan((await this.plans.find(tx, params.id, params.planId))!);
    });
  }

  @Handles(institutionRoutes.deletePlan)
  async remove({ params }: RouteInput<R['deletePlan']>): Promise<RouteOutput<R['deletePlan']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      if (!(await this.plans.delete(tx, params.id, params.planId))) throw planErrors.notFound();
      return { message: 'Plan deleted' };
    });
  }
}
