// The chaos run's XP: no load of its own, the steady load's learners complete a lesson each
// (catalog.lesson.completed, which gamification turns into XP) while gamification and Redis are
// killed. chaos.mjs hands over every completion a client was told about (answered 200).
//
// The books, afterwards: every acknowledged completion has exactly one lesson_completed row in
// gamification's ledger (none lost to a kill, none doubled by a redelivery) and no (user,
// lesson) has two; user_stats.total_xp equals the ledger's sum for every user; the leaderboard
// answers (week, month and all time, which rebuilds a board Redis lost), and each Redis board
// holds exactly what a GROUP BY over the ledger says: every eligible user with XP in the period,
// at that XP.
import { PLATFORM_TIME_ZONE } from '@lp/contracts';

const PERIODS = ['week', 'month', 'all'];

export function xpLoad(ctx, { completions }) {
  const { api, sql, db, redisCall } = ctx;

  /** the Redis board of each current period (BUS_PREFIX is empty in the chaos stack), member -> score */
  async function redisBoards() {
    // a board's own key ends in its period's first day (beside it: its ready mark, top-page version, rebuild scratch)
    const keys = (await redisCall('keys', '*gamification:lb:*')).filter((k) => /:\d{4}-\d{2}-\d{2}$/.test(k));
    const out = {};
    for (const period of PERIODS) {
      // the newest period's key (a board of a period just ended may linger until it expires)
      const key = keys
        .filter((k) => k.includes(`:lb:${period}:`))
        .sort()
        .pop();
      const flat = key ? await redisCall('zrange', key, '0', '-1', 'WITHSCORES') : [];
      const m = new Map();
      for (let i = 0; i + 1 < flat.length; i += 2) m.set(flat[i], Number(flat[i + 1]));
      out[period] = m;
    }
    return out;
  }

  /** what each board should hold: the eligible users' XP in the current period, from the ledger alone */
  async function groupBy(period) {
    const since =
      period === 'all' ? '' : `AND date_trunc('${period}', l.occurred_at AT TIME ZONE $1) = date_trunc('${period}', now() AT TIME ZONE $1)`;
    return sql(
      db('gamification'),
      `SELECT l.user_id::text AS id, sum(l.xp)::int AS xp
         FROM xp_ledger l
         LEFT JOIN users u ON u.id = l.user_id
         LEFT JOIN user_stats s ON s.user_id = l.user_id
        WHERE NOT coalesce(u.deleted OR u.role = 'admin' OR coalesce(s.hide_from_leaderboards, false), false) ${since}
        GROUP BY l.user_id HAVING sum(l.xp) > 0`,
      period === 'all' ? [] : [PLATFORM_TIME_ZONE],
    );
  }

  return {
    name: 'xp',
    async books() {
      const g = db('gamification');
      // awards only: a refund's reversal (a row of its own, `reverses` set) is not a second award
      const rows = await sql(
        g,
        `SELECT user_id::text AS user_id, source_key, count(*)::int AS n FROM xp_ledger WHERE rule_code = 'lesson_completed' AND reverses IS NULL GROUP BY 1, 2`,
      );
      const count = new Map(rows.map((r) => [`${r.user_id}|${r.source_key}`, r.n]));
      const acked = completions.map((c) => count.get(`${c.user_id}|${c.lesson_id}`) ?? 0);
      const [totals] = await sql(
        g,
        `SELECT count(*)::int AS n FROM user_stats s
           LEFT JOIN (SELECT user_id, sum(xp)::int AS xp FROM xp_ledger GROUP BY user_id) l ON l.user_id = s.user_id
          WHERE s.total_xp <> coalesce(l.xp, 0)`,
      );
      const [noStats] = await sql(
        g,
        'SELECT count(DISTINCT l.user_id)::int AS n FROM xp_ledger l LEFT JOIN user_stats s ON s.user_id = l.user_id WHERE s.user_id IS NULL',
      );
      // the leaderboard as a learner asks for it; a board Redis lost is rebuilt by this read
      const reader = completions[completions.length - 1];
      const answers = {};
      for (const period of PERIODS) {
        const r = reader ? await api('leaderboard', 'GET', `/gamification/leaderboard?timeframe=${period}`, { token: reader.token }) : null;
        answers[period] = r?.status ?? 'no learner';
      }
      const inRedis = await redisBoards();
      const boards = {};
      for (const period of PERIODS) {
        const want = await groupBy(period);
        const have = inRedis[period];
        boards[period] = {
          members: have.size,
          expected: want.length,
          differing: want.filter((w) => have.get(w.id) !== w.xp).length + Math.max(0, have.size - want.length),
        };
      }
      return {
        acknowledged: completions.length,
        lost: acked.filter((n) => n === 0).length,
        doubled: rows.filter((r) => r.n > 1).length,
        ledgerRows: rows.reduce((s, r) => s + r.n, 0),
        totalsOff: totals.n + noStats.n,
        answers,
        boards,
      };
    },
    settled: (b) =>
      b.lost === 0 &&
      b.totalsOff === 0 &&
      Object.values(b.answers).every((s) => s === 200) &&
      Object.values(b.boards).every((x) => x.differing === 0 && x.members === x.expected),
    checks: (b) => [
      ['xp: every acknowledged lesson completion has exactly one ledger row', b.acknowledged > 0 && b.lost === 0 && b.doubled === 0],
      ["xp: every user's total equals the ledger's sum", b.totalsOff === 0],
      [
        'xp: the leaderboard answers, its Redis boards equal a GROUP BY over the ledger',
        Object.values(b.answers).every((s) => s === 200) &&
          Object.values(b.boards).every((x) => x.differing === 0 && x.members === x.expected),
      ],
    ],
    report: (b, say) => {
      say(
        `xp: ${b.acknowledged} lesson completions acknowledged, ${b.ledgerRows} lesson_completed ledger rows; lost ${b.lost}, doubled ${b.doubled}; users whose total is not the ledger's sum ${b.totalsOff}`,
      );
      say(
        `xp: leaderboard ${Object.entries(b.answers)
          .map(([p, s]) => `${p} ${s}`)
          .join(', ')}; Redis vs GROUP BY: ${Object.entries(b.boards)
          .map(([p, x]) => `${p} ${x.members}/${x.expected} members, ${x.differing} differing`)
          .join('; ')}`,
      );
    },
  };
}
