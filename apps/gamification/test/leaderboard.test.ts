import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LEADERBOARD_SIZE, gamificationInternal, gamificationRoutes, identityEvents, institutionEvents, type Caller } from '@lp/contracts';
import { Clock, REDIS, UnitOfWork } from '@lp/service-kit';
import { boardKey } from '../src/modules/leaderboard/board-keys.js';
import { LeaderboardRepository } from '../src/modules/leaderboard/leaderboard.repository.js';
import { LeaderboardService } from '../src/modules/leaderboard/leaderboard.service.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

let h: GamificationHarness;
let board: LeaderboardService;
let uow: UnitOfWork;
let redis: Redis;
let clock: Clock;

beforeAll(async () => {
  h = await GamificationHarness.start();
  board = h.svc.app.get(LeaderboardService);
  uow = h.svc.app.get(UnitOfWork);
  redis = h.svc.app.get<Redis>(REDIS);
  clock = h.svc.app.get(Clock);
}, 60_000);
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await h.stop();
}, 30_000);

/** The service's "now" moved to `iso` (every board and league reads it). */
const at = (iso: string) => jest.spyOn(clock, 'now').mockReturnValue(new Date(iso));

/** XP straight into the period totals and the boards, as an award's transaction and its commit do. */
async function credit(userId: string, xp: number, when: string): Promise<void> {
  await uow.run((tx) => board.recordAwards(tx, [{ userId: userId, xp: xp, at: new Date(when) }]));
  await board.afterCommit([userId]);
}

const asCaller = (userId: string, institutionId: string | null = null): Caller => ({
  userId,
  role: 'learner',
  sessionId: randomUUID(),
  institutionId,
});
const get = (caller: Caller, timeframe: 'week' | 'month' | 'all' = 'week') =>
  h.call(gamificationRoutes.leaderboard, { query: { timeframe } }, caller);

/** Competition ranks of a period straight from PostgreSQL (what the board must answer). */
async function sqlRanks(period: string, start: string, among?: readonly string[]): Promise<Map<string, { xp: number; rank: number }>> {
  const rows = (await h.ds.query(
    `SELECT user_id, xp, rank() OVER (ORDER BY xp DESC)::int AS rank FROM xp_period_totals
      WHERE period = $1 AND period_start = $2::date AND xp > 0 AND ($3::uuid[] IS NULL OR user_id = ANY($3::uuid[]))`,
    [period, start, among ?? null],
  )) as Array<{ user_id: string; xp: number; rank: number }>;
  return new Map(rows.map((r) => [r.user_id, { xp: r.xp, rank: r.rank }]));
}

/** Deletes this run's gamification keys only (boards and institution sets; never the shared Redis's other keys). */
async function dropBoards(): Promise<number> {
  let cursor = '0';
  let dropped = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${h.env.BUS_PREFIX!}gamification:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) dropped += await redis.del(...keys);
  } while (cursor !== '0');
  return dropped;
}

describe('a platform board', () => {
  // a Wednesday of a week no other test uses
  const NOW = '2031-03-05T10:00:00Z';
  const WEEK = '2031-03-03';
  const population: string[] = [];
  let me: string;

  beforeAll(async () => {
    at(NOW);
    // 130 people; XP in steps of 10 with many equal, so ties fall inside and outside the top 100
    for (let i = 0; i < 130; i += 1) {
      const id = randomUUID();
      population.push(id);
      await credit(id, 1000 - Math.floor(i / 3) * 10, '2031-03-04T08:00:00Z');
    }
    // the caller: far below the top 100, with people above and below
    me = population[118]!;
    jest.restoreAllMocks();
  }, 120_000);

  it('answers the top 100 with competition ranks (ties share one: 1, 1, 1, 4, …) and medals for ranks 1 to 3', async () => {
    at(NOW);
    const res = await get(asCaller(population[0]!));
    const truth = await sqlRanks('week', WEEK, population);
    expect(res.scope).toBe('platform');
    expect(res.participants).toBe(130);
    expect(res.entries).toHaveLength(LEADERBOARD_SIZE);
    for (const e of res.entries)
      expect({ id: e.user_id, rank: e.rank, xp: e.total_xp }).toEqual({ id: e.user_id, ...truth.get(e.user_id)! });
    expect(res.entries.slice(0, 4).map((e) => e.rank)).toEqual([1, 1, 1, 4]);
    expect(res.entries.slice(0, 7).map((e) => e.medal)).toEqual(
      [null, null, null, null, null, null, null].map((_, i) => (i < 3 ? 'gold' : null)),
    );
    // the entries are the best 100: nobody left out has more XP than the last one shown
    const shown = new Set(res.entries.map((e) => e.user_id));
    const last = res.entries[res.entries.length - 1]!.total_xp;
    expect([...truth.entries()].filter(([id, t]) => !shown.has(id) && t.xp > last)).toEqual([]);
    expect(res.period_start).toBe('2031-03-02T21:00:00.000Z'); // Monday 00:00 in Addis Ababa
    expect(res.period_end).toBe('2031-03-09T21:00:00.000Z');
  });

  it("gives the caller's own row and rank outside the top 100, with two neighbours each side", async () => {
    at(NOW);
    const res = await get(asCaller(me));
    const truth = await sqlRanks('week', WEEK, population);
    expect(res.me).toMatchObject({ user_id: me, is_me: true, rank: truth.get(me)!.rank, total_xp: truth.get(me)!.xp, medal: null });
    expect(res.me!.rank).toBeGreaterThan(LEADERBOARD_SIZE);
    expect(res.entries.some((e) => e.user_id === me)).toBe(false);
    expect(res.neighbours).toHaveLength(4);
    const above = res.neighbours.filter((n) => n.total_xp >= res.me!.total_xp);
    for (const n of res.neighbours) expect(n.rank).toBe(truth.get(n.user_id)!.rank);
    expect(above.length).toBeGreaterThanOrEqual(2);
    expect(res.neighbours.every((n) => !n.is_me)).toBe(true);
  });

  it('gives the leader two neighbours below only, and a caller without XP no row', async () => {
    at(NOW);
    // the first row of the board (three share rank 1; the board's order among them is stable)
    const first = (await get(asCaller(population[0]!))).entries[0]!.user_id;
    const top = await get(asCaller(first));
    expect(top.me).toMatchObject({ user_id: first, rank: 1, medal: 'gold', is_me: true });
    expect(top.entries[0]!.user_id).toBe(first);
    expect(top.neighbours.map((n) => n.user_id)).toEqual(top.entries.slice(1, 3).map((e) => e.user_id));
    const nobody = await get(asCaller(randomUUID()));
    expect(nobody.me).toBeNull();
    expect(nobody.neighbours).toEqual([]);
  });

  it('starts a new week empty by its key alone: nothing was deleted, the month and all time keep the XP', async () => {
    at('2031-03-09T21:00:30Z'); // Monday 00:00:30 in Addis Ababa
    const week = await get(asCaller(population[0]!));
    expect(week).toMatchObject({ participants: 0, entries: [], me: null, period_start: '2031-03-09T21:00:00.000Z' });
    const month = await get(asCaller(population[0]!), 'month');
    expect(month.me).toMatchObject({ rank: 1, total_xp: 1000 });
    // last week's board is still there, under its own key
    expect(await redis.zcard(boardKey(h.env.BUS_PREFIX!, 'week', WEEK))).toBe(130);
  });
});

describe("a reader's top page", () => {
  // a week of its own: the first Wednesday of August 2031
  const NOW = '2031-08-06T10:00:00Z';
  const WHEN = '2031-08-05T08:00:00Z';
  const WEEK = '2031-08-04';
  const population: string[] = [];
  const version = async () => Number((await redis.get(`${boardKey(h.env.BUS_PREFIX!, 'week', WEEK)}:v`)) ?? 0);

  beforeAll(async () => {
    at(NOW);
    // 110 people with distinct XP: 2000, 1990, …, 910
    for (let i = 0; i < 110; i += 1) {
      const id = randomUUID();
      population.push(id);
      await credit(id, 2000 - i * 10, WHEN);
    }
    jest.restoreAllMocks();
  }, 120_000);

  it('stays the same while people below the top 100 earn, and moves as soon as one of them climbs into it', async () => {
    at(NOW);
    const before = await get(asCaller(population[0]!));
    const v0 = await version();
    // the last person, far below the top, earns a little: the top page does not change
    const last = population[109]!;
    await credit(last, 5, WHEN);
    expect(await version()).toBe(v0);
    const mine = await get(asCaller(last));
    expect(mine.me).toMatchObject({ user_id: last, total_xp: 915, rank: 110 });
    expect(mine.entries).toEqual(before.entries.map((e) => ({ ...e, is_me: false })));
    // then climbs to the top: every reader sees it at once, with the ranks below moved down
    await credit(last, 5000, WHEN);
    expect(await version()).toBeGreaterThan(v0);
    const after = await get(asCaller(population[0]!));
    expect(after.entries[0]).toMatchObject({ user_id: last, rank: 1, total_xp: 5915, medal: 'gold' });
    expect(after.entries[1]).toMatchObject({ user_id: population[0], rank: 2, medal: 'silver' });
    const truth = await sqlRanks('week', WEEK, population);
    for (const e of after.entries) expect({ rank: e.rank, xp: e.total_xp }).toEqual(truth.get(e.user_id));
  });

  it('gives a caller at the foot of the top 100 neighbours from both sides of it, ranked as the whole board ranks them', async () => {
    at(NOW);
    const truth = await sqlRanks('week', WEEK, population);
    const byRank = [...truth.entries()].sort((a, b) => a[1].rank - b[1].rank).map(([id]) => id);
    const caller = byRank[98]!; // rank 99: neighbours at 97, 98, 100 and 101
    const res = await get(asCaller(caller));
    expect(res.me).toMatchObject({ user_id: caller, rank: 99 });
    expect(res.entries.some((e) => e.user_id === caller && e.is_me)).toBe(true);
    expect(res.neighbours.map((n) => [n.user_id, n.rank])).toEqual([96, 97, 99, 100].map((i) => [byRank[i], i + 1]));
  });

  it('answers a top page a little past its age at once while one build makes the next; older, the read waits for the new one', async () => {
    const leader = population[0]!;
    const rename = (name: string) =>
      h.ds.query(`INSERT INTO users (id, name, role) VALUES ($1, $2, 'learner') ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`, [
        leader,
        name,
      ]);
    const nameOf = async (iso: string) => {
      at(iso);
      return (await get(asCaller(population[1]!))).entries.find((e) => e.user_id === leader)?.name;
    };
    await rename('Abebe');
    // well past any copy kept by the tests above: this read builds the page and shows the name
    expect(await nameOf('2031-08-06T11:00:00Z')).toBe('Abebe');
    // the name changes (nothing on the board moves, so its version stands still)
    await rename('Abebe Bikila');
    // 6 s later (past the 5 s age, within twice it): five reads at once answer the kept page, one build runs for them
    const people = jest.spyOn(h.svc.app.get(LeaderboardRepository), 'people');
    at('2031-08-06T11:00:06Z');
    const names = await Promise.all(
      Array.from({ length: 5 }, async () => (await get(asCaller(population[1]!))).entries.find((e) => e.user_id === leader)?.name),
    );
    expect(names).toEqual(Array(5).fill('Abebe'));
    expect(people).toHaveBeenCalledTimes(1);
    // the next read has the new copy
    await new Promise((r) => setTimeout(r, 100));
    expect(await nameOf('2031-08-06T11:00:06Z')).toBe('Abebe Bikila');
    // 20 s on (twice the age and more): the read waits for a new copy rather than answer one that old
    await rename('Abebe B.');
    expect(await nameOf('2031-08-06T11:00:26Z')).toBe('Abebe B.');
  });

  it('keeps the people around a caller outside the top 100 as long as a top page, and forgets one at once when its board rows are written', async () => {
    at('2031-08-06T12:00:00Z');
    const truth = await sqlRanks('week', WEEK, population);
    const byRank = [...truth.entries()].sort((a, b) => a[1].rank - b[1].rank).map(([id]) => id);
    const caller = byRank[106]!; // rank 107: the caller and the neighbours at 105, 106, 108 and 109, none in the top 100
    const around = [104, 105, 106, 107, 108].map((i) => byRank[i]!);
    await get(asCaller(caller));
    const people = jest.spyOn(h.svc.app.get(LeaderboardRepository), 'people');
    const again = await get(asCaller(caller));
    expect(again.neighbours.map((n) => n.user_id)).toEqual(around.filter((id) => id !== caller));
    expect(people).not.toHaveBeenCalled();
    // a neighbour earns (1 XP: no rank moves): this process wrote its rows, so it is read again, alone
    await credit(byRank[105]!, 1, WHEN);
    await get(asCaller(caller));
    expect(people.mock.calls.map((c) => c[0])).toEqual([[byRank[105]]]);
    // past the age of a top page, every one of them is read again
    people.mockClear();
    at('2031-08-06T12:00:06Z');
    await get(asCaller(caller));
    expect(people.mock.calls.flatMap((c) => c[0])).toEqual(expect.arrayContaining(around));
  });

  it('is read again after Redis lost the boards, even when the rebuilt board counts its versions from the start again', async () => {
    at('2031-08-13T10:00:00Z');
    const [a, b] = [randomUUID(), randomUUID()];
    // XP in PostgreSQL only: the read builds the board from there (its version counter at 1)
    await uow.run((tx) => board.recordAwards(tx, [{ userId: a, xp: 100, at: new Date('2031-08-12T08:00:00Z') }]));
    expect((await get(asCaller(a))).entries.map((e) => e.user_id)).toEqual([a]);
    await dropBoards();
    await uow.run((tx) => board.recordAwards(tx, [{ userId: b, xp: 200, at: new Date('2031-08-12T09:00:00Z') }]));
    // rebuilt with its counter at 1 again: the page kept from the lost board must not pass for it
    expect((await get(asCaller(a))).entries.map((e) => [e.user_id, e.rank])).toEqual([
      [b, 1],
      [a, 2],
    ]);
  });
});

describe('who stands on a board', () => {
  const NOW = '2031-04-09T10:00:00Z';
  const WHEN = '2031-04-08T09:00:00Z';

  it('never shows staff, hidden or deleted accounts, and ranks the others as if they were not there', async () => {
    at(NOW);
    const learner = await h.user('learner', 'Visible Learner');
    const admin = await h.user('admin', 'Platform Admin');
    const hidden = await h.user('learner', 'Hidden Learner');
    const deleted = await h.user('learner', 'Deleted Learner');
    const instructor = await h.user('instructor', 'Teaching Person');
    await h.call(gamificationRoutes.updateSettings, { body: { hide_from_leaderboards: true } }, hidden.caller);
    await credit(admin.id, 500, WHEN);
    await credit(hidden.id, 400, WHEN);
    await credit(deleted.id, 300, WHEN);
    await credit(instructor.id, 250, WHEN);
    await credit(learner.id, 200, WHEN);
    // on the board first, then deleted: the next read takes them off
    expect((await get(learner.caller)).entries.map((e) => e.name)).toContain('Deleted Learner');
    await h.publish(identityEvents.userDeletionScheduled, {
      v: 1,
      user_id: deleted.id,
      scheduled_at: new Date().toISOString(),
      by: 'self',
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM users WHERE id = $1 AND deleted', [deleted.id])).length > 0);

    const res = await get(learner.caller);
    expect(res.entries.map((e) => [e.name, e.rank])).toEqual([
      ['Teaching Person', 1],
      ['Visible Learner', 2],
    ]);
    expect(res.participants).toBe(2);
    expect(res.me).toMatchObject({ rank: 2, medal: 'silver' });
    // the hidden learner sees the board but has no row on it
    const own = await get(hidden.caller);
    expect(own.me).toBeNull();
    expect(own.entries.map((e) => e.user_id)).not.toContain(hidden.id);
    // showing themselves again puts them back
    await h.call(gamificationRoutes.updateSettings, { body: { hide_from_leaderboards: false } }, hidden.caller);
    expect((await get(hidden.caller)).me).toMatchObject({ rank: 1, total_xp: 400, name: 'Hidden Learner' });
  });
});

describe("identity's events and the Redis boards", () => {
  it('takes an account off the stored board itself when it becomes staff, and puts it back when it no longer is', async () => {
    at('2031-05-07T10:00:00Z');
    const person = await h.user('learner', 'Soon Staff');
    await credit(person.id, 120, '2031-05-06T09:00:00Z');
    const week = boardKey(h.env.BUS_PREFIX!, 'week', '2031-05-05');
    expect(await redis.zscore(week, person.id)).toBe('120');
    const update = (role: 'admin' | 'learner') =>
      h.publish(identityEvents.userUpdated, {
        v: 1,
        user_id: person.id,
        name: 'Soon Staff',
        email: `${person.id.slice(0, 8)}@gamification.test`,
        role,
        profile_image: null,
      });
    // not only filtered when read: the sorted set itself loses the row, so ranks and counts taken from it stay exact
    await update('admin');
    await h.waitFor(async () => (await redis.zscore(week, person.id)) === null);
    await update('learner');
    await h.waitFor(async () => (await redis.zscore(week, person.id)) === '120');
  });
});

describe('an institution portal board', () => {
  const NOW = '2031-05-07T10:00:00Z';
  const WHEN = '2031-05-06T09:00:00Z';
  const inst = { a: randomUUID(), b: randomUUID() };

  async function join(institutionId: string, user: TestUser, memberType: 'student' | 'faculty' | 'admin', suspended = false) {
    await h.publish(institutionEvents.memberAdded, {
      v: 1,
      member_id: randomUUID(),
      institution_id: institutionId,
      institution_name: 'Test Institution',
      subdomain: null,
      user_id: user.id,
      member_type: memberType,
      portal_role: 'learner',
      access_level: 'standard',
      permissions: [],
      is_suspended: suspended,
      changed_at: new Date().toISOString(),
    });
    await h.waitFor(
      async () =>
        (
          await h.ds.query('SELECT 1 FROM institution_members WHERE institution_id = $1 AND user_id = $2 AND is_suspended = $3', [
            institutionId,
            user.id,
            suspended,
          ])
        ).length > 0,
    );
  }

  it("ranks the institution's members only, without its admins or suspended members; another institution's caller never sees them", async () => {
    at(NOW);
    const [a1, a2, aAdmin, aSuspended, b1, outsider] = await Promise.all([
      h.user('learner', 'A One'),
      h.user('learner', 'A Two'),
      h.user('learner', 'A Admin'),
      h.user('learner', 'A Suspended'),
      h.user('learner', 'B One'),
      h.user('learner', 'Outsider'),
    ]);
    await join(inst.a, a1, 'student');
    await join(inst.a, a2, 'faculty');
    await join(inst.a, aAdmin, 'admin');
    await join(inst.a, aSuspended, 'student', true);
    await join(inst.b, b1, 'student');
    for (const [u, xp] of [
      [outsider, 900],
      [aAdmin, 800],
      [aSuspended, 700],
      [b1, 600],
      [a2, 120],
      [a1, 120],
    ] as const)
      await credit(u.id, xp, WHEN);

    const inA = await get(asCaller(a1.id, inst.a));
    expect(inA.scope).toBe('institution');
    expect(inA.participants).toBe(2);
    expect(inA.entries.map((e) => [e.name, e.rank, e.medal])).toEqual(
      expect.arrayContaining([
        ['A One', 1, 'gold'],
        ['A Two', 1, 'gold'],
      ]),
    );
    expect(inA.entries).toHaveLength(2);
    expect(inA.me).toMatchObject({ user_id: a1.id, rank: 1 });
    expect(inA.neighbours.map((n) => n.user_id)).toEqual([a2.id]);

    const inB = await get(asCaller(b1.id, inst.b));
    expect(inB.entries.map((e) => e.user_id)).toEqual([b1.id]);
    for (const other of [a1, a2, aAdmin, aSuspended, outsider]) expect(JSON.stringify(inB)).not.toContain(other.id);

    // the same caller outside the portal sees the platform board, everyone with XP on it
    const platform = await get(asCaller(a1.id));
    expect(platform.scope).toBe('platform');
    expect(platform.entries[0]).toMatchObject({ name: 'Outsider', rank: 1 });

    // a member removed from the institution leaves its board; an older "added" arriving late does not bring them back
    await h.publish(institutionEvents.memberRemoved, {
      v: 1,
      member_id: randomUUID(),
      institution_id: inst.a,
      user_id: a2.id,
      removed_at: new Date().toISOString(),
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM institution_members WHERE user_id = $1 AND removed', [a2.id])).length > 0);
    const late = await h.publish(institutionEvents.memberAdded, {
      v: 1,
      member_id: randomUUID(),
      institution_id: inst.a,
      institution_name: 'Test Institution',
      subdomain: null,
      user_id: a2.id,
      member_type: 'student',
      portal_role: 'learner',
      access_level: 'standard',
      permissions: [],
      is_suspended: false,
      changed_at: '2020-01-01T00:00:00.000Z',
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM inbox WHERE event_id = $1', [late])).length > 0);
    const after = await get(asCaller(a1.id, inst.a));
    expect(after.entries.map((e) => e.user_id)).toEqual([a1.id]);

    // Redis lost everything: the platform board and the institution's member set come back from PostgreSQL
    expect(await dropBoards()).toBeGreaterThan(0);
    expect(await get(asCaller(a1.id, inst.a))).toEqual(after);
    expect((await get(asCaller(b1.id, inst.b))).entries.map((e) => e.user_id)).toEqual([b1.id]);
  });
});

describe('rebuilding the boards', () => {
  const NOW = '2031-06-11T10:00:00Z';

  /** A user's week, month and all-time XP straight from the ledger (the truth). */
  async function ledgerTotals(): Promise<Array<{ period: string; user_id: string; xp: number }>> {
    return (await h.ds.query(
      `SELECT p.period, l.user_id, sum(l.xp)::int AS xp
         FROM xp_ledger l
         CROSS JOIN LATERAL (VALUES
           ('week', date_trunc('week', l.occurred_at AT TIME ZONE 'Africa/Addis_Ababa')::date = DATE '2031-06-09'),
           ('month', date_trunc('month', l.occurred_at AT TIME ZONE 'Africa/Addis_Ababa')::date = DATE '2031-06-01'),
           ('all', true)) AS p(period, current)
         JOIN users u ON u.id = l.user_id AND NOT u.deleted AND u.role <> 'admin'
         LEFT JOIN user_stats s ON s.user_id = l.user_id
        WHERE p.current AND NOT coalesce(s.hide_from_leaderboards, false)
        GROUP BY p.period, l.user_id HAVING sum(l.xp) > 0
        ORDER BY 1, 2`,
    )) as Array<{ period: string; user_id: string; xp: number }>;
  }

  async function redisBoards(): Promise<Array<{ period: string; user_id: string; xp: number }>> {
    const out: Array<{ period: string; user_id: string; xp: number }> = [];
    for (const [period, start] of [
      ['all', '1970-01-01'],
      ['month', '2031-06-01'],
      ['week', '2031-06-09'],
    ] as const) {
      const flat = await redis.zrange(boardKey(h.env.BUS_PREFIX!, period, start), 0, -1, 'WITHSCORES');
      for (let i = 0; i < flat.length; i += 2) out.push({ period, user_id: flat[i]!, xp: Number(flat[i + 1]) });
    }
    return out.sort((x, y) => x.period.localeCompare(y.period) || x.user_id.localeCompare(y.user_id));
  }

  it('after the keys are removed, rebuilds boards equal to a GROUP BY over the ledger, and the period totals from the ledger too', async () => {
    at(NOW);
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => h.user('learner', `Ledger ${i}`)));
    // real awards through the ledger: some this week, some earlier this month, some months ago
    for (const [i, u] of people.entries()) {
      const awards = [
        ...Array.from({ length: i + 1 }, (_, n) => ({ day: '2031-06-10', n })),
        ...Array.from({ length: 6 - i }, (_, n) => ({ day: '2031-06-03', n })),
        ...(i % 2 ? [{ day: '2031-02-14', n: 0 }] : []),
      ].sort((x, y) => x.day.localeCompare(y.day));
      await h.internal(gamificationInternal.seedXp, {
        user_id: u.id,
        awards: awards.map((a) => ({
          rule_code: 'lesson_completed',
          source_id: `seed:test-${u.id}:${a.day}:${a.n}`,
          source_key: `lesson-${a.day}-${a.n}`,
          occurred_at: `${a.day}T0${a.n}:30:00Z`,
        })),
      });
    }
    await board.afterCommit(people.map((p) => p.id));
    // the period totals, written award by award, already equal the ledger's GROUP BY
    const before = await get(people[5]!.caller);

    // everything derived is lost: the totals emptied by hand and this run's Redis keys deleted
    await h.ds.query(`UPDATE xp_period_totals SET xp = 0`);
    expect(await dropBoards()).toBeGreaterThan(0);
    expect(await board.rebuildTotalsFromLedger()).toBeGreaterThan(0);
    await board.rebuildAll();
    const truth = (await ledgerTotals()).sort((x, y) => x.period.localeCompare(y.period) || x.user_id.localeCompare(y.user_id));
    expect(truth.filter((t) => people.some((p) => p.id === t.user_id)).length).toBe(6 + 6 + 6);
    expect(await redisBoards()).toEqual(truth);
    expect(await get(people[5]!.caller)).toEqual(before);
  });

  it('rebuilds a board Redis lost before it answers a read (nobody calls the rebuild)', async () => {
    at(NOW);
    const someone = (await h.ds.query(
      `SELECT user_id FROM xp_period_totals WHERE period = 'week' AND period_start = '2031-06-09' LIMIT 1`,
    )) as Array<{
      user_id: string;
    }>;
    const before = await get(asCaller(someone[0]!.user_id));
    await dropBoards();
    const after = await get(asCaller(someone[0]!.user_id));
    expect(after).toEqual(before);
    expect(after.participants).toBeGreaterThan(0);
  });
});
