import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { communityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, currentCaller, round1 } from '@lp/service-kit';
import { GroupAccess } from '../groups/group-access.js';
import { groupFigures, weeklyActivity } from './analytics.sql.js';

type R = typeof communityRoutes;

/**
 * The members panel's Analytics (the creator and moderators): real figures instead of the
 * old fixed '+12%'. Weeks are calendar weeks from Monday, UTC, the current one last.
 * members_joined counts the people still in the group by their joining date (a member
 * who left is gone from the figures).
 */
@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(communityRoutes.groupAnalytics)
  async analytics({ params }: RouteInput<R['groupAnalytics']>): Promise<RouteOutput<R['groupAnalytics']>> {
    const { group } = await this.access.manager(params.id, currentCaller(), 'see the analytics');
    const now = this.clock.now();
    const weeks = await weeklyActivity(this.ds, group.id, now);
    const figures = await groupFigures(this.ds, group.id, now);
    return {
      member_count: group.memberCount,
      // nothing joined in the 7 days before: no base to compare against
      member_growth_percent: figures.prev7 > 0 ? round1(((figures.last7 - figures.prev7) / figures.prev7) * 100) : null,
      weeks,
      active_members_7d: figures.active,
      pending_invitations: figures.pending,
    };
  }
}
