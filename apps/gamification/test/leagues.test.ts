import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { LEAGUE_SIZE, gamificationInternal, gamificationRoutes, type Caller } from '@lp/contracts';
import { Clock, UnitOfWork } from '@lp/service-kit';
import { LeaderboardService } from '../src/modules/leaderboard/leaderboard.service.js';
import { LeaguesService } from '../src/modules/leagues/leagues.service.js';
import { GamificationHarness } from './support/gamification-harness.js';

let h: GamificationHarness;
let board: LeaderboardService;
let leagues: LeaguesService;
let uow: UnitOfWork;
let clock: Clock;

beforeAll(async () => {
  h = await GamificationHarness.start();
  board = h.svc.app.get(LeaderboardService);
  leagues = h.svc.app.get(LeaguesService);
  uow = h.svc.app.get(UnitOfWork);
  clock = h.svc.app.get(Clock);
}, 60_000);
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await h.stop();
}, 30_000);

const at = (iso: string) => jest.spyOn(clock, 'now').mockReturnValue(new Date(iso));
const caller = (userId: string): Caller => ({ userId, role: 'learner', sessionId: randomUUID(), institutionId: null });
const league = (userId: string) => h.call(gamificationRoutes.league, {}, caller(userId));
const closeWeek = (now: string) => h.internal(gamificationInternal.closeWeek, { now });

/** An award's part of the boards: the period totals in a transaction (which places a first XP of the week). */
async function credit(userId: string, xp: number, when: string): Promise<void> {
  await uow.run((tx) => board.recordAwards(tx, [{ userId: userId, xp: xp, at: new Date(when) }]));
}

interface MemberRow {
  user_id: string;
  tier: string;
  league_id: string;
  final_rank: number | null;
  outcome: string | null;
}
const members = async (week: string): Promise<MemberRow[]> =>
  (await h.ds.query(
    `SELECT m.user_id, l.tier, m.league_id, m.final_rank, m.outcome FROM league_members m JOIN leagues l ON l.id = m.league_id
      WHERE m.week_start = $1::date ORDER BY m.user_id`,
    [week],
  )) as MemberRow[];

describe('weekly leagues', () => {
  // week 1 starts Monday 2031-09-01 (Addis Ababa), week 2 on the 8th
  const W1 = '2031-09-03T10:00:00Z';
  const W1_START = '2031-09-01';
  const W2 = '2031-09-10T10:00:00Z';
  const W3 = '2031-09-17T10:00:00Z';
  const casual: string[] = Array.from({ length: 12 }, () => randomUUID());
  const keen: string[] = Array.from({ length: 3 }, () => randomUUID());

  it('places a learner on the first XP of the week, once, with others of similar recent activity', async () => {
    at(W1);
    // the keen ones were active in the weeks before (no league then: placement is for the current week only)
    for (const id of keen) await credit(id, 400, '2031-08-20T09:00:00Z');
    expect(await members('2031-08-18')).toEqual([]);
    for (const [i, id] of casual.entries()) await credit(id, 10 * (i + 1), '2031-09-02T09:00:00Z');
    for (const id of keen) await credit(id, 50, '2031-09-02T09:00:00Z');
    // a second award this week places nobody again
    await credit(casual[0]!, 10, '2031-09-02T11:00:00Z');
    const placed = await members(W1_START);
    expect(placed).toHaveLength(15);
    expect(new Set(placed.map((m) => m.tier))).toEqual(new Set(['bronze']));
    const leagueOf = new Map(placed.map((m) => [m.user_id, m.league_id]));
    // casual learners share one league, the keen ones (busier lately) another
    expect(new Set(casual.map((id) => leagueOf.get(id))).size).toBe(1);
    expect(new Set(keen.map((id) => leagueOf.get(id))).size).toBe(1);
    expect(leagueOf.get(casual[0]!)).not.toBe(leagueOf.get(keen[0]!));
  });

  it('answers the league tab: members by XP this week, the promotion zone, and no league before the first XP', async () => {
    at(W1);
    const res = await league(casual[11]!);
    expect(res.tier).toBe('bronze');
    expect(res.league).toMatchObject({ tier: 'bronze', week_start: '2031-08-31T21:00:00.000Z', week_end: '2031-09-07T21:00:00.000Z' });
    const table = res.league!.members;
    expect(table).toHaveLength(12);
    expect(table[0]).toMatchObject({ rank: 1, user_id: casual[11], xp: 120, is_me: true, zone: 'promotion' });
    expect(table.map((m) => m.xp)).toEqual([...table.map((m) => m.xp)].sort((a, b) => b - a));
    expect(table.filter((m) => m.zone === 'promotion')).toHaveLength(7);
    // bronze is the lowest tier: nobody is demoted from it
    expect(table.filter((m) => m.zone === 'demotion')).toHaveLength(0);
    expect(await league(randomUUID())).toEqual({ league: null, tier: 'bronze' });
  });

  it('fills a league up to 30 and opens another for the 31st', async () => {
    at(W1);
    const crowd = Array.from({ length: LEAGUE_SIZE + 1 }, () => randomUUID());
    // nobody of the crowd was active before: the casual learners' band, whose league already holds 12
    for (const id of crowd) await credit(id, 5, '2031-09-03T08:00:00Z');
    const counts = (await h.ds.query(
      `SELECT member_count FROM leagues WHERE week_start = $1::date AND band = 0 ORDER BY member_count DESC`,
      [W1_START],
    )) as Array<{ member_count: number }>;
    expect(counts.map((c) => c.member_count)).toEqual([30, 13]);
  });

  it('places the newcomers of one transaction together: the open league with room filled first, then new leagues of 30', async () => {
    at('2031-12-03T10:00:00Z');
    const first = randomUUID();
    await credit(first, 5, '2031-12-02T08:00:00Z');
    const batch = Array.from({ length: 65 }, () => randomUUID());
    await uow.run((tx) =>
      board.recordAwards(
        tx,
        batch.map((userId) => ({ userId, xp: 5, at: new Date('2031-12-02T09:00:00Z') })),
      ),
    );
    const counts = (await h.ds.query(
      `SELECT member_count FROM leagues WHERE week_start = '2031-12-01' ORDER BY member_count DESC`,
    )) as Array<{
      member_count: number;
    }>;
    expect(counts.map((c) => c.member_count)).toEqual([LEAGUE_SIZE, LEAGUE_SIZE, 66 - 2 * LEAGUE_SIZE]);
    const placed = await members('2031-12-01');
    expect(placed.map((m) => m.user_id).sort()).toEqual([first, ...batch].sort());
    // the league the first newcomer opened was filled before any other opened
    const firstLeague = placed.find((m) => m.user_id === first)!.league_id;
    expect(placed.filter((m) => m.league_id === firstLeague)).toHaveLength(LEAGUE_SIZE);
  });

  it('closes a finished week once: the top 7 of each league promoted, the rest staying; a second close changes nothing and answers the same', async () => {
    const first = await closeWeek(W2);
    // leagues of 30, 13 and 3: 7 + 7 + all 3
    expect(first).toEqual({ week_start: '2031-08-31T21:00:00.000Z', leagues_closed: 3, promoted: 17, demoted: 0 });
    const after = await members(W1_START);
    expect(await closeWeek(W2)).toEqual(first);
    expect(await members(W1_START)).toEqual(after);
    expect(after.filter((m) => m.outcome === 'promoted')).toHaveLength(17);
    expect(after.every((m) => m.outcome !== null && m.final_rank !== null)).toBe(true);
    const winner = after.find((m) => m.user_id === casual[11])!;
    expect(winner).toMatchObject({ final_rank: 1, outcome: 'promoted' });
  });

  it('starts the promoted in the next tier the week after, and the others where they were', async () => {
    at(W2);
    await credit(casual[11]!, 10, '2031-09-09T09:00:00Z');
    await credit(casual[0]!, 10, '2031-09-09T09:00:00Z');
    expect((await league(casual[11]!)).tier).toBe('silver');
    expect((await league(casual[0]!)).tier).toBe('bronze');
  });

  it('continues a close that stopped half-way without closing a league twice', async () => {
    at(W2);
    // more people in week 2, in silver and bronze leagues
    for (let i = 0; i < 10; i += 1) await credit(randomUUID(), 10 + i, '2031-09-09T10:00:00Z');
    const open = (await h.ds.query(`SELECT id FROM leagues WHERE week_start = '2031-09-08' ORDER BY id`)) as Array<{ id: string }>;
    expect(open.length).toBeGreaterThanOrEqual(2);
    // the crash: one league closed, the week not marked, then a change to its outcome that a second close must not redo
    expect(await leagues.closeLeague(open[0]!.id, new Date(W3))).toBe(true);
    await h.ds.query(`UPDATE league_members SET final_rank = final_rank + 100 WHERE league_id = $1`, [open[0]!.id]);
    const reply = await closeWeek(W3);
    expect(reply.leagues_closed).toBe(open.length);
    const ranks = (await h.ds.query(`SELECT min(final_rank)::int AS r FROM league_members WHERE league_id = $1`, [open[0]!.id])) as Array<{
      r: number;
    }>;
    expect(ranks[0]!.r).toBeGreaterThan(100);
    expect(await h.ds.query(`SELECT 1 FROM leagues WHERE week_start = '2031-09-08' AND closed_at IS NULL`)).toEqual([]);
    expect(await closeWeek(W3)).toEqual(reply);
  });

  it('demotes the bottom of a league above bronze and starts them a tier lower', async () => {
    // ten learners who ended a gold week (closed long ago) staying in gold
    const golds = Array.from({ length: 10 }, () => randomUUID());
    const [old] = (await h.ds.query(
      `INSERT INTO leagues (week_start, tier, band, member_count, closed_at) VALUES ('2031-06-02', 'gold', 0, 10, now()) RETURNING id`,
    )) as Array<{ id: string }>;
    for (const id of golds)
      await h.ds.query(
        `INSERT INTO league_members (week_start, user_id, league_id, final_rank, outcome) VALUES ('2031-06-02', $1, $2, 1, 'stayed')`,
        [id, old!.id],
      );
    at('2031-10-08T10:00:00Z');
    for (const [i, id] of golds.entries()) await credit(id, 10 * (i + 1), '2031-10-07T09:00:00Z');
    const table = (await league(golds[9]!)).league!;
    expect(table.tier).toBe('gold');
    expect(table.members.map((m) => m.zone)).toEqual([...Array(7).fill('promotion'), 'demotion', 'demotion', 'demotion']);
    expect(await closeWeek('2031-10-15T10:00:00Z')).toMatchObject({ leagues_closed: 1, promoted: 7, demoted: 3 });
    at('2031-10-15T10:00:00Z');
    await credit(golds[0]!, 10, '2031-10-14T09:00:00Z');
    await credit(golds[9]!, 10, '2031-10-14T09:00:00Z');
    expect((await league(golds[0]!)).tier).toBe('silver');
    expect((await league(golds[9]!)).tier).toBe('platinum');
  });
});
