import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LEAGUE_SIZE, gamificationInternal, gamificationRoutes, type LeagueResponse, type LeagueTier } from '@lp/contracts';
import type { z } from 'zod';
import { Clock, Handles, HandlesInternal, LOGGER, UnitOfWork, currentCaller, type Logger } from '@lp/service-kit';
import { addDays, periodBounds, startOfLocalDay, weekStartOf } from '../leaderboard/periods.js';
import { activityBand, nextTier, outcomeOf, zoneOf } from './league-rules.js';
import { LeaguesRepository } from './leagues.repository.js';

type CloseWeekReply = z.infer<typeof gamificationInternal.closeWeek.response>;

/**
 * Weekly leagues (Duolingo's): a learner's first XP of a week places them in a cohort of up to
 * LEAGUE_SIZE of their tier and activity band; the worker closes each finished week, promoting
 * the top and demoting the bottom of every league. Each league closes in its own transaction, so
 * a close that stops half-way is continued by the next call and a closed league is never closed
 * twice; the week is marked closed last, and its figures are counted from the stored outcomes.
 */
@Injectable()
export class LeaguesService {
  constructor(
    @Inject(LeaguesRepository) private readonly repo: LeaguesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** The tier a learner starts `weekStart` in: where their last league left them (bronze at first). */
  private async tierFor(tx: EntityManager, userId: string, weekStart: string): Promise<LeagueTier> {
    const last = await this.repo.lastPlacement(tx, userId, weekStart);
    return last ? nextTier(last.tier, last.outcome) : 'bronze';
  }

  /**
   * Places users in leagues of `weekStart`, inside their awards' transaction (their first XP of
   * the week), in a fixed number of statements per tier and band: each joins the fullest open
   * league of their tier and band with room, and new leagues open for the rest.
   */
  async placeMany(tx: EntityManager, userIds: readonly string[], weekStart: string): Promise<void> {
    if (!userIds.length) return;
    const groups = new Map<string, { tier: LeagueTier; band: number; userIds: string[] }>();
    for (const n of await this.repo.newcomers(tx, userIds, weekStart)) {
      if (!n.mayCompete) continue;
      const tier = n.lastTier ? nextTier(n.lastTier, n.lastOutcome) : 'bronze';
      const band = activityBand(n.recentXp);
      const k = `${tier}|${band}`;
      const g = groups.get(k) ?? { tier, band, userIds: [] };
      g.userIds.push(n.userId);
      groups.set(k, g);
    }
    if (!groups.size) return;
    await this.repo.ensureWeek(tx, weekStart);
    const members: Array<{ userId: string; leagueId: string }> = [];
    // in a fixed order of tier and band, so two transactions lock leagues in the same order
    for (const k of [...groups.keys()].sort()) {
      const g = groups.get(k)!;
      const open = await this.repo.openLeaguesWithRoom(tx, weekStart, g.tier, g.band, LEAGUE_SIZE);
      let next = 0;
      for (const league of open) {
        const room = LEAGUE_SIZE - league.memberCount;
        for (const userId of g.userIds.slice(next, next + room)) members.push({ userId, leagueId: league.id });
        next += room;
        if (next >= g.userIds.length) break;
      }
      while (next < g.userIds.length) {
        const leagueId = await this.repo.createLeague(tx, weekStart, g.tier, g.band);
        for (const userId of g.userIds.slice(next, next + LEAGUE_SIZE)) members.push({ userId, leagueId });
        next += LEAGUE_SIZE;
      }
    }
    await this.repo.addMembers(tx, weekStart, members);
  }

  @Handles(gamificationRoutes.league)
  async league(): Promise<LeagueResponse> {
    const me = currentCaller().userId;
    const now = this.clock.now();
    const weekStart = weekStartOf(now);
    const league = await this.repo.leagueOf(me, weekStart);
    if (!league) {
      const tier = await this.uow.run((tx) => this.tierFor(tx, me, weekStart));
      return { league: null, tier };
    }
    const table = await this.repo.standings(league.id);
    const bounds = periodBounds('week', now);
    return {
      league: {
        id: league.id,
        tier: league.tier,
        week_start: bounds.startsAt!.toISOString(),
        week_end: bounds.endsAt!.toISOString(),
        members: table.map((m, i) => ({
          rank: i + 1,
          user_id: m.userId,
          name: m.name || 'Learner',
          xp: m.xp,
          is_me: m.userId === me,
          zone: zoneOf(i + 1, table.length, league.tier, m.xp),
        })),
      },
      tier: league.tier,
    };
  }

  /**
   * Closes every finished week still open, oldest first (a week the job missed is closed before
   * the next), and answers the figures of the week that ended last. Called again, it changes
   * nothing and answers the same.
   */
  @HandlesInternal(gamificationInternal.closeWeek)
  async closeWeek(req: { now?: string | undefined }): Promise<CloseWeekReply> {
    const now = req.now ? new Date(req.now) : this.clock.now();
    const current = weekStartOf(now);
    for (const week of await this.repo.openWeeksBefore(current)) {
      for (const leagueId of await this.repo.openLeagueIds(week)) await this.closeLeague(leagueId, now);
      await this.repo.finishWeek(week, now);
      this.log.info({ week }, 'leagues: week closed');
    }
    const lastWeek = addDays(current, -7);
    const figures = await this.repo.weekFigures(lastWeek);
    return {
      week_start: startOfLocalDay(lastWeek).toISOString(),
      leagues_closed: figures?.leaguesClosed ?? 0,
      promoted: figures?.promoted ?? 0,
      demoted: figures?.demoted ?? 0,
    };
  }

  /** One league's table settled in one transaction: final ranks, outcomes, the league closed. */
  async closeLeague(leagueId: string, now: Date): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const league = await this.repo.lockOpenLeague(tx, leagueId);
      if (!league) return false;
      const table = await this.repo.standings(league.id, tx);
      const results = table.map((m, i) => ({
        userId: m.userId,
        rank: i + 1,
        outcome: outcomeOf(zoneOf(i + 1, table.length, league.tier, m.xp)),
      }));
      await this.repo.closeLeague(tx, league.id, results, now);
      return true;
    });
  }
}
