import { Inject, Injectable } from '@nestjs/common';
import { Handles } from '@lp/service-kit';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Tenancy } from '../../common/tenancy.js';
import { TierLimits } from './tier-limits.js';
import { toTier } from './tier-view.js';
import { TiersRepository } from './tiers.repository.js';

type R = typeof institutionRoutes;

/** The SaaS tiers on offer, and what an institution uses of its own. */
@Injectable()
export class TiersService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(TiersRepository) private readonly tiersRepo: TiersRepository,
    @Inject(TierLimits) private readonly limits: TierLimits,
  ) {}

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
      const { display_name: _shown, ...usage } = await this.limits.usage(tx, access.pathIds[0]!);
      return usage;
    });
  }

  private list(activeOnly: boolean): Promise<RouteOutput<R['tiers']>> {
    return this.tenancy.asSystem(async (tx) => ({ tiers: (await this.tiersRepo.list(tx, activeOnly)).map(toTier) }));
  }
}
