import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { UsageSchema } from '@lp/contracts';
import { institutionErrors } from '../../common/institution-errors.js';
import { inSystemScope } from '../../common/tenancy.js';
import { tierErrors } from './tier-errors.js';
import { exceededLimit, usagePercentages, type TierMeasure } from './tier-measures.js';
import { TiersRepository, type InstitutionTierRow, type SubtreeUsageRow } from './tiers.repository.js';

type Usage = z.infer<typeof UsageSchema>;

export interface TierUsage extends Usage {
  /** the tier's display name (its tier_name when the tiers table does not list it) */
  display_name: string;
}

/**
 * The tier's figures from its rows: storage is 0 (no service reports it yet), API calls are
 * the calls of the subtree's keys used this month (api_keys keeps a running total per key).
 */
export function tierFigures(t: InstitutionTierRow, u: SubtreeUsageRow): TierUsage {
  const current_usage = {
    students: u.students,
    faculty: u.faculty,
    courses: u.courses,
    storage_gb: 0,
    api_calls_this_month: Number(u.api_calls),
    subsidiaries: u.subsidiaries,
  };
  const limits = {
    students: t.max_students,
    faculty: t.max_faculty,
    courses: t.max_courses,
    storage_gb: t.max_storage_gb,
    api_calls_monthly: t.max_api_calls_monthly,
    subsidiaries: t.max_subsidiaries,
  };
  return {
    tier_name: t.tier_name,
    display_name: t.display_name ?? t.tier_name,
    current_usage,
    limits,
    usage_percentage: usagePercentages(current_usage, limits),
  };
}

/** A top institution's tier, what its whole subtree uses of it, and the refusal when an addition would pass a limit. */
@Injectable()
export class TierLimits {
  constructor(@Inject(TiersRepository) private readonly tiers: TiersRepository) {}

  /**
   * The tier of a top institution, what its whole subtree uses and the percentages (capped at
   * 100, null where unlimited). Students and faculty are distinct people per member type over
   * the subtree; courses are the rows of the courses read model for the subtree; subsidiaries
   * are the subtree less the top itself. Read in the system scope: the limits hold for the
   * whole top institution, whose subtree a subsidiary's admin does not see.
   */
  usage(tx: EntityManager, topInstitutionId: string): Promise<TierUsage> {
    return inSystemScope(tx, async () => {
      const t = await this.tiers.tierOf(tx, topInstitutionId);
      if (!t) throw institutionErrors.notFound();
      return tierFigures(t, await this.tiers.subtreeUsage(tx, topInstitutionId));
    });
  }

  /**
   * Refuses (TIER_LIMIT, 422) to add `adding` more of a measure to the subtree of a top
   * institution when its tier's limit would be passed; an unlimited measure, or a tier the
   * tiers table does not list, passes. Call it inside the transaction that adds, before adding
   * (`assertWithinTier(tx, access.pathIds[0], 'students', 1)`); it works in a tenant's scope.
   */
  async assertWithinTier(tx: EntityManager, topInstitutionId: string, measure: TierMeasure, adding = 1): Promise<void> {
    const usage = await this.usage(tx, topInstitutionId);
    const limit = exceededLimit(usage.current_usage, usage.limits, measure, adding);
    if (limit !== null) throw tierErrors.limit(measure, limit, usage.display_name);
  }
}
