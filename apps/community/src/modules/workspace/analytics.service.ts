import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { communityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, currentCaller, queryOne, queryRows, round1 } from '@lp/service-kit';
import { GroupAccess } from '../groups/group-access.js';

type R = typeof communityRoutes;

const WEEKS = 8;

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
    // raw SQL: one aggregate per figure, as the dashboards do
    const weeks = await queryRows<{ week_start: string; members_joined: number; messages: number; posts: number }>(
      this.ds,
      `WITH weeks AS (
         SELECT generate_series(date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC') - interval '${WEEKS - 1} weeks',
                                date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS s
       )
       SELECT to_char(w.s, 'YYYY-MM-DD') AS week_start,
         (SELECT count(*) FROM group_members m WHERE m.group_id = $1
            AND m.joined_at AT TIME ZONE 'UTC' >= w.s AND m.joined_at AT TIME ZONE 'UTC' < w.s + interval '1 week') AS members_joined,
         (SELECT count(*) FROM group_messages g WHERE g.group_id = $1
            AND g.created_at AT TIME ZONE 'UTC' >= w.s AND g.created_at AT TIME ZONE 'UTC' < w.s + interval '1 week') AS messages,
         (SELECT count(*) FROM group_forum_posts p WHERE p.group_id = $1
            AND p.created_at AT TIME ZONE 'UTC' >= w.s AND p.created_at AT TIME ZONE 'UTC' < w.s + interval '1 week') AS posts
       FROM weeks w ORDER BY w.s`,
      [group.id, now],
    );
    const figures = (await queryOne<{ last7: number; prev7: number; active: number; pending: number }>(
      this.ds,
      `SELECT
         (SELECT count(*) FROM group_members WHERE group_id = $1 AND joined_at > $2::timestamptz - interval '7 days' AND joined_at <= $2) AS last7,
         (SELECT count(*) FROM group_members WHERE group_id = $1
            AND joined_at > $2::timestamptz - interval '14 days' AND joined_at <= $2::timestamptz - interval '7 days') AS prev7,
         (SELECT count(*) FROM group_members m WHERE m.group_id = $1 AND (
            EXISTS (SELECT 1 FROM group_messages x WHERE x.group_id = $1 AND x.author_id = m.user_id AND x.created_at > $2::timestamptz - interval '7 days')
            OR EXISTS (SELECT 1 FROM group_forum_posts x WHERE x.group_id = $1 AND x.author_id = m.user_id AND x.created_at > $2::timestamptz - interval '7 days')
            OR EXISTS (SELECT 1 FROM group_files x WHERE x.group_id = $1 AND x.uploader_id = m.user_id AND x.uploaded_at > $2::timestamptz - interval '7 days')
            OR EXISTS (SELECT 1 FROM group_events x WHERE x.group_id = $1 AND x.organizer_id = m.user_id AND x.created_at > $2::timestamptz - interval '7 days'))) AS active,
         (SELECT count(*) FROM group_invitations WHERE group_id = $1 AND status = 'pending' AND expires_at > $2) AS pending`,
      [group.id, now],
    ))!;
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
