import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { CheckedJson, type WithCheckedParts } from '@lp/bus';
import {
  LEADERBOARD_NEIGHBOURS,
  LEADERBOARD_SIZE,
  LeaderboardResponse as LeaderboardResponseSchema,
  gamificationInternal,
  gamificationRoutes,
  type BotReadRequest,
  type LeaderboardEntry,
  type LeaderboardResponse,
  type LeaderboardTimeframe,
  type RouteInput,
} from '@lp/contracts';
import {
  Clock,
  ENV,
  Handles,
  HandlesInternal,
  LOGGER,
  REDIS,
  asBotReader,
  currentCaller,
  type BaseEnv,
  type Logger,
} from '@lp/service-kit';
import { LeaguesService } from '../leagues/leagues.service.js';
import { PortalMembers } from '../members/portal-members.service.js';
import { boardKey, readyKey } from './board-keys.js';
import { BoardScripts, pairs, versionKey } from './board-scripts.js';
import { LeaderboardRepository, type BoardPerson, type PeriodRef, type PeriodXp, type RankedRow } from './leaderboard.repository.js';
import { periodBounds, periodsOf } from './periods.js';
import { competitionRanks, medalFor, neighbourWindow, rankFromCountAbove } from './ranking.js';

type R = typeof gamificationRoutes;

/** rows read from PostgreSQL per round trip when a board is rebuilt */
const REBUILD_PAGE = 5_000;
/** a finished period's board stays readable this long after it ends, then Redis forgets it */
const KEEP_AFTER_END_SECONDS = 35 * 86_400;
/** rounds of removing people who may no longer stand on a board before the read gives up cleaning */
const CLEAN_ROUNDS = 3;
/**
 * How long a process keeps a board's top page while its version stands still, answered as it
 * is. Until twice that age it is still answered while one read builds the next copy in the
 * background; older, the read waits for the new copy. What a badge earned without XP (a capped
 * award) waits at most before the top page shows it: 2 x this.
 */
const TOP_PAGE_MAX_AGE_MS = 5_000;

interface Board {
  rows: RankedRow[];
  participants: number;
}

/** What the rows show of their people, by user id. */
type People = ReadonlyMap<string, BoardPerson>;

/** people whose board rows this process keeps (name, level, streak, badges), the oldest forgotten first */
const PEOPLE_KEPT_MAX = 50_000;

/** A board's top rows and their people, as of one top-page version (board-scripts.ts). */
interface TopPage {
  version: string;
  builtAt: number;
  rows: RankedRow[];
  people: People;
  /**
   * The rows as the answer's `entries` for a caller who is not among them, checked and encoded
   * once (checked-json.ts); null while someone on the page may no longer stand there.
   */
  entries: CheckedJson<LeaderboardEntry[]> | null;
}

/** A board as one read answers it: its rows, their people, and the top page's encoded entries when they stand as built. */
interface BoardView {
  board: Board;
  people: (userId: string) => BoardPerson | undefined;
  topEntries: CheckedJson<LeaderboardEntry[]> | null;
}

/**
 * The leaderboards. PostgreSQL's xp_period_totals (kept in each award's transaction, itself
 * derivable from the ledger) is the truth; Redis holds one sorted set per platform board and
 * period whose scores are absolute values copied from it, so writing one again is harmless and a
 * lost board is rebuilt from PostgreSQL before it is read. An institution portal's board is the
 * platform board intersected with a Redis set of the institution's members (docs/gamification.md).
 */
/** how many rows of the board the Telegram bot shows */
const BOT_BOARD_SIZE = 5;

@Injectable()
export class LeaderboardService implements OnApplicationBootstrap {
  /** boards being rebuilt in this process, so concurrent reads of a lost board rebuild it once */
  private readonly rebuilding = new Map<string, Promise<void>>();
  /** people whose scores were written while a rebuild ran: written again once it swaps in */
  private readonly touchedDuringRebuild = new Set<string>();
  /** each board's top page as this process last built it */
  private readonly pages = new Map<string, TopPage>();
  /**
   * What a row shows of each person, kept as long as a top page (TOP_PAGE_MAX_AGE_MS) and
   * forgotten at once when this process writes their board rows (an award, a change of who may
   * stand there). A caller outside the top 100 needs the people around them at every read: the
   * query for them was the tail of the route's latency (p99 51.5 ms against 19.1 ms for a caller
   * in the top 100, at 200 requests/s on a 10,000-person board).
   */
  private readonly peopleKept = new Map<string, { at: number; person: BoardPerson }>();
  /** the top page being built, per board key and version: reads that need it at once share one build */
  private readonly pagesBuilding = new Map<string, Promise<TopPage>>();
  private readonly scripts: BoardScripts;

  constructor(
    @Inject(LeaderboardRepository) private readonly repo: LeaderboardRepository,
    @Inject(LeaguesService) private readonly leagues: LeaguesService,
    @Inject(PortalMembers) private readonly portal: PortalMembers,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: BaseEnv,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.scripts = new BoardScripts(redis);
  }

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
   * Awards of `xp` (negative for reversals) at their times: added to their users' week, month
   * and all-time totals inside the awards' transaction, in one write. A user's first XP of the
   * current week places them in a weekly league, in the same transaction.
   */
  async recordAwards(tx: EntityManager, awards: ReadonlyArray<{ userId: string; xp: number; at: Date }>): Promise<void> {
    const sums = new Map<string, PeriodXp>();
    for (const a of awards) {
      if (!a.xp) continue;
      for (const p of periodsOf(a.at)) {
        const k = `${a.userId}|${p.period}|${p.start}`;
        const row = sums.get(k);
        if (row) row.xp += a.xp;
        else sums.set(k, { userId: a.userId, period: p.period, start: p.start, xp: a.xp });
      }
    }
    const rows = [...sums.values()].filter((r) => r.xp !== 0);
    const created = await this.repo.addToTotals(tx, rows);
    const thisWeek = periodsOf(this.clock.now())[0]!.start;
    const newcomers = rows
      .filter((r) => r.period === 'week' && r.start === thisWeek && r.xp > 0 && created.has(`${r.userId}|week|${thisWeek}`))
      .map((r) => r.userId)
      .sort();
    await this.leagues.placeMany(tx, newcomers, thisWeek);
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
    for (const id of ids) this.peopleKept.delete(id);
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
    await Promise.all(
      periods.map((p) => {
        const scores = ids.map((id): [string, number | null] => {
          const xp = xpOf.get(`${id}|${p.period}`) ?? 0;
          return [id, eligible.has(id) && xp > 0 ? xp : null];
        });
        return this.scripts.write(this.key(p), LEADERBOARD_SIZE, this.expiry(p.period, now), scores);
      }),
    );
  }

  // ------------------------------------------------------------------ the route

  @Handles(gamificationRoutes.leaderboard)
  async leaderboard({ query }: RouteInput<R['leaderboard']>): Promise<WithCheckedParts<LeaderboardResponse>> {
    const caller = currentCaller();
    const timeframe = query.timeframe;
    const now = this.clock.now();
    const bounds = periodBounds(timeframe, now);
    const period: PeriodRef = { period: timeframe, start: bounds.start };
    const institutionId = caller.institutionId;
    const { board, people, topEntries } = institutionId
      ? await this.institutionBoard(institutionId, period, caller.userId)
      : await this.platformBoard(period, caller.userId);
    const entryOf = (r: RankedRow): LeaderboardEntry => entry(r, caller.userId, people(r.userId));
    const mine = board.rows.find((r) => r.userId === caller.userId);
    const neighbours = mine
      ? board.rows.filter((r) => r !== mine && Math.abs(r.pos - mine.pos) <= LEADERBOARD_NEIGHBOURS).map(entryOf)
      : [];
    // the top page as encoded when it was built, unless the caller stands on it (their row says is_me)
    const onTop = mine !== undefined && mine.pos <= LEADERBOARD_SIZE;
    return {
      timeframe,
      period_start: bounds.startsAt?.toISOString() ?? null,
      period_end: bounds.endsAt?.toISOString() ?? null,
      scope: institutionId ? 'institution' : 'platform',
      participants: board.participants,
      entries: topEntries && !onTop ? topEntries : board.rows.filter((r) => r.pos <= LEADERBOARD_SIZE).map(entryOf),
      me: mine ? entryOf(mine) : null,
      neighbours,
    };
  }

  /** The Telegram bot's /leaderboard: this week's platform board as the route ranks it, its top 5 and the user's row. */
  @HandlesInternal(gamificationInternal.botLeaderboard)
  async botLeaderboard(req: BotReadRequest): Promise<{ top: LeaderboardEntry[]; me: LeaderboardEntry | null; participants: number }> {
    const board = await asBotReader(req, () => this.leaderboard({ query: { timeframe: 'week' } } as RouteInput<R['leaderboard']>));
    // the top page may come encoded once for every reader (checked-json.ts)
    const entries = board.entries instanceof CheckedJson ? (JSON.parse(board.entries.json) as LeaderboardEntry[]) : board.entries;
    const me = board.me instanceof CheckedJson ? (JSON.parse(board.me.json) as LeaderboardEntry | null) : board.me;
    const participants = board.participants instanceof CheckedJson ? (JSON.parse(board.participants.json) as number) : board.participants;
    return { top: entries.slice(0, BOT_BOARD_SIZE), me, participants };
  }

  /**
   * An institution portal's board: the platform board of the period intersected in Redis with
   * the institution's member set (ZINTER, the members' XP as scores), ranked here. The platform
   * board holds only people who may stand on a board; the set only the members who count
   * (not removed, suspended or its admins). Ineligible people met on the way are taken off as
   * on the platform board.
   */
  private async institutionBoard(institutionId: string, period: PeriodRef, userId: string): Promise<BoardView> {
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
      const people = await this.people(rows.map((r) => r.userId));
      const view = { people: (id: string) => people.get(id), topEntries: null };
      const gone = ineligible(people);
      if (!gone.length) return { board, ...view };
      if (round >= CLEAN_ROUNDS) {
        const goneSet = new Set(gone);
        return { board: { rows: rows.filter((r) => !goneSet.has(r.userId)), participants: all.length - gone.length }, ...view };
      }
      await this.removeEverywhere(gone);
    }
  }

  /**
   * A platform board read from Redis in one round trip (the caller's position and neighbours,
   * with their ranks), its top page from this process's copy while the board's top-page version
   * has not moved (board-scripts.ts), and what the rows show of their people from PostgreSQL for
   * the few rows the copy lacks. Anyone found on it who may no longer stand there (deleted,
   * hidden, staff since) is taken off every current board and the read made again, so the answer
   * never shows them and ranks stay exact.
   */
  private async platformBoard(period: PeriodRef, userId: string): Promise<BoardView> {
    const key = this.key(period);
    for (let round = 0; ; round += 1) {
      const state = await this.scripts.read(key, readyKey(key), userId, LEADERBOARD_NEIGHBOURS);
      if (!state) {
        if (round >= CLEAN_ROUNDS) throw new Error(`leaderboard ${key} could not be built`);
        await this.rebuildBoard(period);
        continue;
      }
      const page = await this.topPage(key, state.version);
      const rows = [...page.rows];
      // the page's people are shared by every read: the few rows below it are looked up beside them
      let more: People = new Map();
      if (state.window && state.pos !== null && state.pos >= LEADERBOARD_SIZE - LEADERBOARD_NEIGHBOURS) {
        const w = state.window;
        let rank = rankFromCountAbove(w.above);
        const around = w.members.map((m, i) => {
          if (i > 0 && m.score !== w.members[i - 1]!.score) rank = w.from + i + 1;
          return { userId: m.member, xp: m.score, rank, pos: w.from + i + 1 };
        });
        const known = new Set(rows.map((r) => r.userId));
        const extra = around.filter((r) => !known.has(r.userId));
        rows.push(...extra);
        more = await this.people(extra.map((r) => r.userId));
      }
      const board: Board = { rows, participants: state.size };
      const people = (id: string): BoardPerson | undefined => more.get(id) ?? page.people.get(id);
      const gone = [...(page.entries ? [] : ineligible(page.people)), ...ineligible(more)];
      if (!gone.length) return { board, people, topEntries: page.entries };
      if (round >= CLEAN_ROUNDS) {
        // still finding people to remove (someone keeps writing them back): answer without them rather than loop on
        const goneSet = new Set(gone);
        return {
          board: { rows: board.rows.filter((r) => !goneSet.has(r.userId)), participants: board.participants - gone.length },
          people,
          topEntries: null,
        };
      }
      await this.removeEverywhere(gone);
    }
  }

  /**
   * The board's top LEADERBOARD_SIZE rows with their people, as of top-page version `version`:
   * this process's copy when it was built at that version (and is not too old), else read again.
   * A copy is built after reading the version, so it is never older than the version it carries.
   */
  private async topPage(key: string, version: string): Promise<TopPage> {
    const kept = this.pages.get(key);
    const age = kept && kept.version === version ? this.clock.now().getTime() - kept.builtAt : Infinity;
    if (age < TOP_PAGE_MAX_AGE_MS) return kept!;
    // one build per board and version, whoever asks meanwhile: under a steady load every read
    // arriving while a copy was built built its own (a queue of slow reads every few seconds)
    const k = `${key}|${version}`;
    let building = this.pagesBuilding.get(k);
    if (!building) {
      building = this.buildTopPage(key, version).finally(() => this.pagesBuilding.delete(k));
      this.pagesBuilding.set(k, building);
    }
    if (age < 2 * TOP_PAGE_MAX_AGE_MS) {
      // the same version a little older: answered now, the new copy built for the next reads
      building.catch((err: unknown) => this.log.warn({ err, key }, 'leaderboard: the top page could not be built again'));
      return kept!;
    }
    return building;
  }

  private async buildTopPage(key: string, version: string): Promise<TopPage> {
    const top = pairs((await this.redis.zrevrange(key, 0, LEADERBOARD_SIZE - 1, 'WITHSCORES')) as string[]);
    const ranks = competitionRanks(top.map((t) => t.score));
    const rows = top.map((t, i) => ({ userId: t.member, xp: t.score, rank: ranks[i]!, pos: i + 1 }));
    const builtAt = this.clock.now().getTime();
    const people = await this.people(
      rows.map((r) => r.userId),
      true,
    );
    // a page with people to take off is not kept (the removal moves the version), nor encoded
    const standing = ineligible(people).length === 0;
    const entries = standing
      ? CheckedJson.of(
          LeaderboardResponseSchema.shape.entries,
          rows.map((r) => entry(r, null, people.get(r.userId))),
        )
      : null;
    const page: TopPage = { version, builtAt, rows, people, entries };
    if (standing) this.pages.set(key, page);
    return page;
  }

  /** Takes people off every current board; the boards' top-page versions move, so no reader keeps showing them. */
  private async removeEverywhere(userIds: readonly string[]): Promise<void> {
    const now = this.clock.now();
    await Promise.all(
      periodsOf(now).map((p) =>
        this.scripts.write(
          this.key(p),
          Number.MAX_SAFE_INTEGER,
          this.expiry(p.period, now),
          userIds.map((id): [string, null] => [id, null]),
        ),
      ),
    );
  }

  /**
   * What the rows show of their people (names and pictures from the users read model, level,
   * streak, badges): those kept recently, the rest in one query. `fresh`: all read again (a
   * top page, itself kept for a while, is built from fresh rows).
   */
  private async people(ids: readonly string[], fresh = false): Promise<Map<string, BoardPerson>> {
    if (!ids.length) return new Map();
    const now = this.clock.now().getTime();
    const found: BoardPerson[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const kept = fresh ? undefined : this.peopleKept.get(id);
      if (kept && now - kept.at < TOP_PAGE_MAX_AGE_MS) found.push(kept.person);
      else missing.push(id);
    }
    if (missing.length) {
      const rows = await this.repo.people(missing);
      for (const p of rows) {
        this.peopleKept.delete(p.userId); // re-inserted last: the Map's order is the age order
        this.peopleKept.set(p.userId, { at: now, person: p });
      }
      for (const id of this.peopleKept.keys()) {
        if (this.peopleKept.size <= PEOPLE_KEPT_MAX) break;
        this.peopleKept.delete(id);
      }
      found.push(...rows);
    }
    return new Map(found.map((p) => [p.userId, p]));
  }

  // ------------------------------------------------------------------ rebuilds

  /** xp_period_totals recomputed from the ledger (one GROUP BY), then every current board rebuilt from it. */
  async rebuildTotalsFromLedger(): Promise<number> {
    return this.repo.rebuildTotalsFromLedger();
  }

  /**
   * Every current board (week, month, all time) rebuilt from xp_period_totals, the three side by
   * side: each one's time is mostly waiting on its pages from PostgreSQL and its ZADDs to Redis.
   */
  async rebuildAll(): Promise<void> {
    await Promise.all(periodsOf(this.clock.now()).map((p) => this.rebuildBoard(p)));
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
      // the build's own id: a reader's top page of an earlier build never passes for this one's (board-scripts.ts)
      swap.set(readyKey(key), `${process.pid}-${Date.now()}-${randomUUID()}`);
      swap.incr(versionKey(key));
      if (expireAt) swap.expireat(key, expireAt).expireat(readyKey(key), expireAt).expireat(versionKey(key), expireAt);
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

/** A board row as the API shows it; `me`: the caller (null: the row is shown to anyone). */
function entry(r: RankedRow, me: string | null, p: BoardPerson | undefined): LeaderboardEntry {
  return {
    rank: r.rank,
    user_id: r.userId,
    // a person whose registration has not reached the read model yet still has a row
    name: p?.name || 'Learner',
    profile_image: p?.profileImage ?? null,
    level: p?.level ?? 1,
    total_xp: r.xp,
    current_streak: p?.currentStreak ?? 0,
    badges: p?.badges ?? [],
    medal: medalFor(r.rank),
    is_me: r.userId === me,
  };
}

/** The people found who may no longer stand on a board. */
function ineligible(people: People): string[] {
  const out: string[] = [];
  for (const p of people.values()) if (!p.eligible) out.push(p.userId);
  return out;
}
