import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Handles } from '@lp/service-kit';
import { institutionRoutes, toMinor, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Tenancy } from '../../common/tenancy.js';
import { planErrors } from './plan-errors.js';
import { PLAN_COLUMNS, toPlan, type PlanRow } from './plan-view.js';

type R = typeof institutionRoutes;
type PlanBody = RouteInput<R['createPlan']>['body'];

/** a plan's values in the order of the INSERT and UPDATE below ($3 onwards) */
const planValues = (b: PlanBody): unknown[] => [
  b.name,
  b.description ?? null,
  toMinor(b.price, b.currency),
  b.currency,
  b.billing_period,
  b.member_type,
  JSON.stringify(b.features),
  b.is_active,
  b.is_featured,
];

/**
 * Sub-leasing plans: what an institution offers its members, kept per institution of the
 * subtree. Readers of the institution see them; changes need write access. A plan id of
 * another institution answers 'Plan not found', as an unknown one does (row-level security
 * hides it as well). A plan a cascade copied down stays linked to its source (cascaded_from)
 * even after it is edited here, so the next cascade updates it rather than adding another.
 */
@Injectable()
export class PlansService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  @Handles(institutionRoutes.listPlans)
  async list({ params }: RouteInput<R['listPlans']>): Promise<RouteOutput<R['listPlans']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const rows = (await tx.query(`SELECT ${PLAN_COLUMNS} FROM subleasing_plans WHERE institution_id = $1 ORDER BY created_at, id`, [
        params.id,
      ])) as PlanRow[];
      return { plans: rows.map(toPlan) };
    });
  }

  @Handles(institutionRoutes.createPlan)
  async create({ params, body }: RouteInput<R['createPlan']>): Promise<RouteOutput<R['createPlan']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO subleasing_plans (id, institution_id, name, description, price_minor, currency, billing_period, member_type, features, is_active, is_featured)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)
         RETURNING ${PLAN_COLUMNS}`,
        [randomUUID(), params.id, ...planValues(body)],
      )) as PlanRow[];
      return toPlan(row!);
    });
  }

  /** A PUT replaces every field the form has (the contract's defaults fill what it leaves out). */
  @Handles(institutionRoutes.updatePlan)
  async update({ params, body }: RouteInput<R['updatePlan']>): Promise<RouteOutput<R['updatePlan']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const [rows] = (await tx.query(
        `UPDATE subleasing_plans
            SET name = $3, description = $4, price_minor = $5, currency = $6, billing_period = $7, member_type = $8, features = $9::jsonb,
                is_active = $10, is_featured = $11, updated_at = now()
          WHERE institution_id = $1 AND id = $2
          RETURNING ${PLAN_COLUMNS}`,
        [params.id, params.planId, ...planValues(body)],
      )) as [PlanRow[], number];
      const row = rows?.[0];
      if (!row) throw planErrors.notFound();
      return toPlan(row);
    });
  }

  @Handles(institutionRoutes.deletePlan)
  async remove({ params }: RouteInput<R['deletePlan']>): Promise<RouteOutput<R['deletePlan']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const [, deleted] = (await tx.query(`DELETE FROM subleasing_plans WHERE institution_id = $1 AND id = $2`, [
        params.id,
        params.planId,
      ])) as [unknown, number];
      if (!deleted) throw planErrors.notFound();
      return { message: 'Plan deleted' };
    });
  }
}
