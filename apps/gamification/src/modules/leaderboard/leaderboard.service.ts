import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import {
  LEADERBOARD_NEIGHBOURS,
  LEADERBOARD_SIZE,
  gamificationRoutes,
  type Badge,
  type LeaderboardEntry,
  type LeaderboardResponse,
  type LeaderboardTimeframe,
  type RouteInput,
} from '@lp/contracts';
import { Clock, ENV, Handles, LOGGER, REDIS, currentCaller, type BaseEnv, type Logger } from '@lp/service-kit';
import { LeaguesService } from '../leagues/leagues.service.js';
import { PortalMembers } from '../members/portal-members.service.js';
import { boardKey, readyKey } from './board-keys.js';
import { LeaderboardRepository, type BoardPerson, type PeriodRef, type RankedRow } from './leaderboard.repository.js';
import { periodBounds, periodsOf } from './periods.js';
import { competitionRanks, medalFor, neighbourWindow, rankFromCountAbove } from './ranking.js';

type R = typeof gamificationRoutes;

/** rows read from PostgreSQL per round trip when a board is rebuilt */
const REBUILD_PAGE = 5_000;
/** a finished period's board stays readable this long after it ends, then Redis forgets it */
const KEEP_AFTER_END_SECONDS = 35 * 86_400;
/** rounds of removing people who may no longer stand on a board before the read gives up cleaning */
const CLEAN_ROUNDS = 3;

interface Board {
  rows: RankedRow[];
  participants: number;
}

interface People {
  person: Map<string, BoardPerson>;
  badges: Map<string, Badge[]>;
}

/**
 * The leaderboards. PostgreSQL's xp_period_totals (kept in each award's transaction, itself
 * derivable from the ledger) is the truth; Redis holds one sorted set per platform board and
 * period whose scores are absolute values copied from it, so writing one again is harmless and a
 * lost board is rebuilt from PostgreSQL before it is read. An institution portal's board is the
 * platform board intersected with a Redis set of the institution's members (docs/gamification.md).
 */
@Injectable()
export class LeaderboardService implements OnApplicationBootstrap {
  /** boards being rebuilt in this process, so concurrent reads of a lost board rebuild it once */
  private readonly rebuilding = new Map<string, Promise<void>>();
  /** people whose scores were written while a rebuild ran: written again once it swaps in */
  private readonly touchedDuringRebuild = new Set<string>();

  constructor(
    @Inject(LeaderboardRepository) private readonly repo: LeaderboardRepository,
    @Inject(LeaguesService) private readonly leagues: LeaguesService,
    @Inject(PortalMembers) private readonly portal: PortalMembers,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: BaseEnv,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Boards Redis lost while the service was down come back before the first read. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.rebuildMissing();
    } catch (err) {
      // Redis or the database not reachable yet: the first read rebuilds what it needs
      this.log.warn({ err }, 'leaderboard: rebuild on boot failed');
    }
  }

  // ------------------------------------------------------------------ the award's side

  /**
   * An award of `xp` (negative for a reversal) at `occurredAt`: added to the user's week, month
   * and all-time totals inside the award's transaction. The user's first XP of the current week
   * places them in a weekly league, in the same transaction.
   */
  async recordAward(tx: EntityManager, userId: string, xp: number, occurredAt: Date): Promise<void> {
    if (!xp) return;
    const periods = periodsOf(occurredAt);
    const created = await this.repo.addToTotals(tx, userId, xp, periods);
    const thisWeek = periodsOf(this.clock.now())[0]!.start;
    if (xp > 0 && created.has('week') && periods[0]!.start === thisWeek) await this.leagues.place(tx, userId, thisWeek);
  }

  /**
   * After the award committed: each user's absolute scores of the current periods copied from
   * PostgreSQL into the Redis boards, or removed from them when the user may not stand there
   * (hidden, staff, deleted). Also the call to make after anything that changes whether someone
   * may stand on a board (their settings). Never throws: the boards are a copy, and a failed
   * write is repaired by the next award or a rebuild.
   */
  async afterCommit(userIds: readonly string[]): Promise<void> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return;
    try {
      if (this.rebuilding.size) for (const id of ids) this.touchedDuringRebuild.add(id);
      await this.writeScores(ids);
    } catch (err) {
      this.log.warn({ err, users: ids.length }, 'leaderboard: board update failed (the next award or a rebuild repairs it)');
    }
  }

  private async writeScores(ids: readonly string[]): Promise<void> {
    const now = this.clock.now();
    const periods = periodsOf(now);
    const [totals, standings] = await Promise.all([this.repo.totals(ids, periods), this.repo.standings(ids)]);
    const xpOf = new Map(totals.map((t) => [`${t.userId}|${t.period}`, t.xp]));
    const eligible = new Set(standings.filter((s) => s.eligible).map((s) => s.userId));
    const pipe = this.redis.pipeline();
    for (const p of periods) {
      const key = this.key(p);
      for (const id of ids) {
        const xp = xpOf.get(`${id}|${p.period}`) ?? 0;
        if (eligible.has(id) && xp > 0) pipe.zadd(key, xp, id);
        else pipe.zrem(key, id);
      }
      const expireAt = this.expiry(p.period, now);
      if (expireAt) pipe.expireat(key, expireAt);
    }
    const results = await pipe.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  }

  // ------------------------------------------------------------------ the route

  @Handles(gamificationRoutes.leaderboard)
  async leaderboard({ query }: RouteInput<R['leaderboard']>): Promise<LeaderboardResponse> {
    const caller = currentCaller();
    const timeframe = query.timeframe;
    const now = this.clock.now();
    const bounds = periodBounds(timeframe, now);
    const period: PeriodRef = { period: timeframe, start: bounds.start };
    const institutionId = caller.institutionId;
    const { board, people } = institutionId
      ? await this.institutionBoard(institutionId, period, caller.userId)
      : await this.platformBoard(period, caller.userId);
    const entries = this.entries(board.rows, caller.userId, people);
    const byId = new Map(entries.map((e) => [e.user_id, e]));
    const top = board.rows.filter((r) => r.pos <= LEADERBOARD_SIZE).map((r) => byId.get(r.userId)!);
    const mine = board.rows.find((r) => r.userId === caller.userId);
    const neighbours = mine
      ? board.rows
          .filter((r) => r.userId !== caller.userId && Math.abs(r.pos - mine.pos) <= LEADERBOARD_NEIGHBOURS)
          .map((r) => byId.get(r.userId)!)
      : [];
    return {
      timeframe,
      period_start: bounds.startsAt?.toISOString() ?? null,
      period_end: bounds.endsAt?.toISOString() ?? null,
      scope: institutionId ? 'institution' : 'platform',
      participants: board.participants,
      entries: top,
      me: mine ? byId.get(mine.userId)! : null,
      neighbours,
    };
  }

  /**
   * An institution portal's board: the platform board of the period intersected in Redis with
   * the institution's member set (ZINTER, the members' XP as scores), ranked here. The platform
   * board holds only people who may stand on a board; the set only the members who count
   * (not removed, suspended or its admins). Ineligible people met on the way are taken off as
   * on the platform board.
   */
  private async institutionBoard(institutionId: string, period: PeriodRef, userId: string): Promise<{ board: Board; people: People }> {
    const key = this.key(period);
    if (!(await this.redis.exists(readyKey(key)))) await this.rebuildBoard(period);
    const members = await this.portal.ensure(institutionId);
    for (let round = 0; ; round += 1) {
      // ascending by score, ties by member: reversed, the same order as ZREVRANGE gives the platform board
      const flat = (await this.redis.zinter(2, key, members, 'WEIGHTS', 1, 0, 'WITHSCORES')) as string[];
      const all = pairs(flat).reverse();
      const ranks = competitionRanks(all.map((a) => a.score));
      const myPos = all.findIndex((a) => a.member === userId);
      const w = myPos < 0 ? null : neighbourWindow(myPos, all.length, LEADERBOARD_NEIGHBOURS);
      const rows: RankedRow[] = [];
      all.forEach((a, i) => {
        if (i < LEADERBOARD_SIZE || (w && i >= w.from && i <= w.to))
          rows.push({ userId: a.member, xp: a.score, rank: ranks[i]!, pos: i + 1 });
      });
      const board = { rows, participants: all.length };
      const people = await this.people(rows);
      const gone = [...people.person.values()].filter((p) => !p.eligible).map((p) => p.userId);
      if (!gone.length) return { board, people };
      if (round >= CLEAN_ROUNDS) {
        const goneSet = new Set(gone);
        return { board: { rows: rows.filter((r) => !goneSet.has(r.userId)), participants: all.length - gone.length }, people };
      }
      await this.removeEverywhere(gone);
    }
  }

  /**
   * A platform board read from Redis: the top LEADERBOARD_SIZE, the caller's position and the
   * neighbours around it, with competition ranks (ZCOUNT of the strictly higher scores). Anyone
   * found on it who may no longer stand there (deleted, hidden, staff since) is taken off every
   * current board and the read made again, so the answer never shows them and ranks stay exact.
   */
  private async platformBoard(period: PeriodRef, userId: string): Promise<{ board: Board; people: People }> {
    const key = this.key(period);
    if (!(await this.redis.exists(readyKey(key)))) await this.rebuildBoard(period);
    for (let round = 0; ; round += 1) {
      const board = await this.readBoard(key, userId);
      const people = await this.people(board.rows);
      const gone = [...people.person.values()].filter((p) => !p.eligible).map((p) => p.userId);
      if (!gone.length) return { board, people };
      if (round >= CLEAN_ROUNDS) {
        // still finding people to remove (someone keeps writing them back): answer without them rather than loop on
        const goneSet = new Set(gone);
        return {
          board: { rows: board.rows.filter((r) => !goneSet.has(r.userId)), participants: board.participants - gone.length },
          people,
        };
      }
      await this.removeEverywhere(gone);
    }
  }

  private async readBoard(key: string, userId: string): Promise<Board> {
    const [topRes, cardRes, posRes] = (await this.redis
      .pipeline()
      .zrevrange(key, 0, LEADERBOARD_SIZE - 1, 'WITHSCORES')
      .zcard(key)
      .zrevrank(key, userId)
      .exec()) as Array<[Error | null, unknown]>;
    for (const [err] of [topRes!, cardRes!, posRes!]) if (err) throw err;
    const top = pairs(topRes![1] as string[]);
    const participants = Number(cardRes![1]);
    const myPos = posRes![1] === null ? null : Number(posRes![1]);
    const topRanks = competitionRanks(top.map((t) => t.score));
    const rows: RankedRow[] = top.map((t, i) => ({ userId: t.member, xp: t.score, rank: topRanks[i]!, pos: i + 1 }));
    if (myPos === null) return { rows, participants };
    const w = neighbourWindow(myPos, participants, LEADERBOARD_NEIGHBOURS);
    const around = pairs((await this.redis.zrevrange(key, w.from, w.to, 'WITHSCORES')) as string[]);
    const known = new Set(rows.map((r) => r.userId));
    const extra = around.map((a, i) => ({ ...a, pos: w.from + i + 1 })).filter((a) => !known.has(a.member));
    if (!extra.length) return { rows, participants };
    const topRankOf = new Map(top.map((t, i) => [t.score, topRanks[i]!]));
    const scores = [...new Set(extra.map((e) => e.score).filter((s) => !topRankOf.has(s)))];
    const counts = scores.length ? ((await this.redis.pipeline(scores.map((s) => ['zcount', key, `(${s}`, '+inf'])).exec()) ?? []) : [];
    const rankOf = new Map(topRankOf);
    scores.forEach((s, i) => {
      const [err, n] = counts[i]!;
      if (err) throw err;
      rankOf.set(s, rankFromCountAbove(Number(n)));
    });
    for (const e of extra) rows.push({ userId: e.member, xp: e.score, rank: rankOf.get(e.score)!, pos: e.pos });
    return { rows, participants };
  }

  private async removeEverywhere(userIds: readonly string[]): Promise<void> {
    const pipe = this.redis.pipeline();
    for (const p of periodsOf(this.clock.now())) pipe.zrem(this.key(p), ...userIds);
    await pipe.exec();
  }

  /** What the rows show of their people (names and pictures from the users read model, level, streak, badges), in two queries at once. */
  private async people(rows: readonly RankedRow[]): Promise<People> {
    const ids = rows.map((r) => r.userId);
    const [people, badges] = await Promise.all([this.repo.people(ids), this.repo.badges(ids)]);
    const badgesOf = new Map<string, Badge[]>();
    for (const b of badges) {
      const list = badgesOf.get(b.userId) ?? [];
      list.push({ code: b.code, name: b.name, description: b.description, icon: b.icon });
      badgesOf.set(b.userId, list);
    }
    return { person: new Map(people.map((p) => [p.userId, p])), badges: badgesOf };
  }

  /** The board rows as the API shows them. */
  private entries(rows: readonly RankedRow[], me: string, people: People): LeaderboardEntry[] {
    const personOf = people.person;
    const badgesOf = people.badges;
    return rows.map((r) => {
      const p = personOf.get(r.userId);
      return {
        rank: r.rank,
        user_id: r.userId,
        // a person whose registration has not reached the read model yet still has a row
        name: p?.name || 'Learner',
        profile_image: p?.profileImage ?? null,
        level: p?.level ?? 1,
        total_xp: r.xp,
        current_streak: p?.currentStreak ?? 0,
        badges: badgesOf.get(r.userId) ?? [],
        medal: medalFor(r.rank),
        is_me: r.userId === me,
      };
    });
  }

  // ------------------------------------------------------------------ rebuilds

  /** xp_period_totals recomputed from the ledger (one GROUP BY), then every current board rebuilt from it. */
  async rebuildTotalsFromLedger(): Promise<number> {
    return this.repo.rebuildTotalsFromLedger();
  }

  /** Every current board (week, month, all time) rebuilt from xp_period_totals. */
  async rebuildAll(): Promise<void> {
    for (const p of periodsOf(this.clock.now())) await this.rebuildBoard(p);
  }

  /** The current boards whose ready mark is missing (Redis lost them, or the period just began). */
  async rebuildMissing(): Promise<void> {
    for (const p of periodsOf(this.clock.now())) if (!(await this.redis.exists(readyKey(this.key(p))))) await this.rebuildBoard(p);
  }

  /** One board rebuilt once even when many ask at the same time. */
  rebuildBoard(period: PeriodRef): Promise<void> {
    const key = this.key(period);
    const running = this.rebuilding.get(key);
    if (running) return running;
    const job = this.copyBoard(period, key).finally(() => this.rebuilding.delete(key));
    this.rebuilding.set(key, job);
    return job;
  }

  /**
   * The board copied from PostgreSQL into a scratch key and swapped in with RENAME, so readers
   * see the old board or the new one, never half of one. Scores written by awards while the copy
   * ran may be older in the copy: those people are written again once it is swapped in.
   */
  private async copyBoard(period: PeriodRef, key: string): Promise<void> {
    const scratch = `${key}:rebuild:${process.pid}:${Date.now()}`;
    let after: string | null = null;
    let copied = 0;
    try {
      for (;;) {
        const page = await this.repo.boardPage(period, after, REBUILD_PAGE);
        if (!page.length) break;
        await this.redis.zadd(scratch, ...page.flatMap((r) => [r.xp, r.userId]));
        copied += page.length;
        after = page[page.length - 1]!.userId;
        if (page.length < REBUILD_PAGE) break;
      }
      const expireAt = this.expiry(period.period, this.clock.now());
      const swap = this.redis.multi();
      if (copied) swap.rename(scratch, key);
      else swap.del(key);
      swap.set(readyKey(key), '1');
      if (expireAt) swap.expireat(key, expireAt).expireat(readyKey(key), expireAt);
      await swap.exec();
    } finally {
      await this.redis.del(scratch).catch(() => undefined);
    }
    const touched = [...this.touchedDuringRebuild];
    if (this.rebuilding.size <= 1) this.touchedDuringRebuild.clear();
    if (touched.length) await this.writeScores(touched);
  }

  // ------------------------------------------------------------------ keys

  private key(p: PeriodRef): string {
    return boardKey(this.env.BUS_PREFIX, p.period, p.start);
  }

  /** When Redis may forget a board: some weeks after its period ended (all time: never). */
  private expiry(period: LeaderboardTimeframe, now: Date): number | null {
    const { endsAt } = periodBounds(period, now);
    return endsAt ? Math.floor(endsAt.getTime() / 1000) + KEEP_AFTER_END_SECONDS : null;
  }
}

/** ZRANGE … WITHSCORES answers [member, score, member, score, …]. */
function pairs(flat: readonly string[]): Array<{ member: string; score: number }> {
  const out: Array<{ member: string; score: number }> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ member: flat[i]!, score: Number(flat[i + 1]) });
  return out;
}
