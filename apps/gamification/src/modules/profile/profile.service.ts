import { Inject, Injectable } from '@nestjs/common';
import {
  PLATFORM_TIME_ZONE,
  STUDY_REMINDER_DEFAULT_HOUR,
  gamificationRoutes,
  localDate,
  levelProgress,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { Clock, ExportsUserData, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import { BadgesService } from '../badges/badges.service.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { startOfLocalDay, weekStartOf } from '../leaderboard/periods.js';
import { currentStreakOn } from '../xp/streaks.js';
import { XpRepository, type StatsRow } from '../xp/xp.repository.js';

type R = typeof gamificationRoutes;

const settingsOf = (s: StatsRow | null) => ({
  hide_from_leaderboards: s?.hide_from_leaderboards ?? false,
  time_zone: s?.time_zone ?? PLATFORM_TIME_ZONE,
  time_zone_set: s?.time_zone != null,
  study_reminder_hour: s?.study_reminder_hour ?? STUDY_REMINDER_DEFAULT_HOUR,
});

/** The caller's own standing (the header, /profile) and settings; their part of the data export. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(XpRepository) private readonly repo: XpRepository,
    @Inject(BadgesService) private readonly badges: BadgesService,
    @Inject(LeaderboardService) private readonly leaderboard: LeaderboardService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** A user without any XP yet answers level 1 and zeros, not 404: everyone has a standing. */
  @Handles(gamificationRoutes.me)
  async me(): Promise<RouteOutput<R['me']>> {
    const userId = currentCaller().userId;
    const now = this.clock.now();
    const [stats, badges, week] = await Promise.all([
      this.repo.stats(userId),
      this.badges.earnedBy(userId),
      this.repo.xpSince(userId, startOfLocalDay(weekStartOf(now))),
    ]);
    const total = stats?.total_xp ?? 0;
    const today = localDate(now, stats?.time_zone ?? PLATFORM_TIME_ZONE);
    return {
      user_id: userId,
      total_xp: total,
      xp_this_week: week,
      level: levelProgress(total),
      // the stored run is as of the last active day: a day missed since then ends it
      current_streak: stats
        ? currentStreakOn(
            { currentStreak: stats.current_streak, longestStreak: stats.longest_streak, lastActiveDay: stats.last_active_day },
            today,
          )
        : 0,
      longest_streak: stats?.longest_streak ?? 0,
      last_active_day: stats?.last_active_day ?? null,
      badges,
      settings: settingsOf(stats),
    };
  }

  /**
   * Hiding takes the caller off every board at once (the boards are told after the commit). A
   * new time zone counts the days from now on; days already counted keep the zone they were
   * counted in (re-dating the past would rewrite streaks and caps already given).
   */
  @Handles(gamificationRoutes.updateSettings)
  async updateSettings({ body }: RouteInput<R['updateSettings']>): Promise<RouteOutput<R['updateSettings']>> {
    const userId = currentCaller().userId;
    const saved = await this.uow.run((tx) =>
      this.repo.saveSettings(tx, userId, {
        ...(body.hide_from_leaderboards !== undefined ? { hideFromLeaderboards: body.hide_from_leaderboards } : {}),
        ...(body.time_zone !== undefined ? { timeZone: body.time_zone } : {}),
        ...(body.study_reminder_hour !== undefined ? { studyReminderHour: body.study_reminder_hour } : {}),
      }),
    );
    if (body.hide_from_leaderboards !== undefined) await this.leaderboard.afterCommit([userId]);
    return settingsOf(saved);
  }

  /** Gamification's part of "Download my data": the standing, the badges and every ledger row. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [stats, badges, ledger] = await Promise.all([this.repo.stats(userId), this.badges.earnedBy(userId), this.repo.ledgerOf(userId)]);
    return {
      stats,
      badges,
      xp_ledger: ledger.map((l) => ({
        rule: l.rule_code,
        xp: l.xp,
        for: l.source_key,
        occurred_at: l.occurred_at.toISOString(),
        day: l.day,
        reverses: l.reverses,
      })),
    };
  }
}
