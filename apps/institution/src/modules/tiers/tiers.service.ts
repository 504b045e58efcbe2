import { Inject, Injectable } from '@nestjs/common';
import { Handles } from '@lp/service-kit';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Tenancy } from '../../common/tenancy.js';
import { tierUsage } from './tier-limits.js';
import { TIER_COLUMNS, toTier, type TierRow } from './tier-view.js';

type R = typeof institutionRoutes;

/** The SaaS tiers on offer, and what an institution uses of its own. */
@Injectable()
export class TiersService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** Anyone signed in: the tiers offered now. The table is platform-wide (no tenant's rows). */
  @Handles(institutionRoutes.tiers)
  async tiers(): Promise<RouteOutput<R['tiers']>> {
    return this.list(true);
  }

  @Handles(institutionRoutes.adminTiers)
  async adminTiers(): Promise<RouteOutput<R['adminTiers']>> {
    return this.list(false);
  }

  /**
   * The tier's limits and the use of the whole top institution: a subsidiary lives under its
   * top institution's tier, so its page shows the organisation's use of that tier.
   */
  @Handles(institutionRoutes.usage)
  async usage({ params }: RouteInput<R['usage']>): Promise<RouteOutput<R['usage']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => {
      const { display_name: _shown, ...usage } = await tierUsage(tx, access.pathIds[0]!);
      return usage;
    });
  }

  private list(activeOnly: boolean): Promise<RouteOutput<R['tiers']>> {
    return this.tenancy.asSystem(async (tx) => {
      const rows = (await tx.query(
        `SELECT ${TIER_COLUMNS} FROM tiers ${activeOnly ? 'WHERE is_active' : ''} ORDER BY display_order, price_monthly_minor, tier_name`,
      )) as TierRow[];
      return { tiers: rows.map(toTier) };
    });
  }
}
