import { Inject, Injectable } from '@nestjs/common';
import { gamificationRoutes, type RouteOutput } from '@lp/contracts';
import { Handles } from '@lp/service-kit';
import { XpRepository } from './xp.repository.js';

type R = typeof gamificationRoutes;

/** The admin's read-only view of the XP rules (they change by migration). */
@Injectable()
export class XpRulesService {
  constructor(@Inject(XpRepository) private readonly repo: XpRepository) {}

  @Handles(gamificationRoutes.adminRules)
  async list(): Promise<RouteOutput<R['adminRules']>> {
    return (await this.repo.rules()).map((r) => ({
      code: r.code,
      event: r.event,
      description: r.description,
      xp: r.xp,
      daily_cap: r.dailyCap,
      reversed_by: r.reversedBy,
      counts_as_activity: r.countsAsActivity,
      active: r.active,
    }));
  }
}
