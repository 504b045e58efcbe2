// Baseline (i): bare Fastify + Redis answering GET /leaderboard?user=<id> from the very sorted
// set gamification's week board lives in (BOARD_KEY): the top 100 with ZREVRANGE, the board's
// size with ZCARD and the caller's position with ZREVRANK in one pipeline, then the two
// neighbours each side with a second ZREVRANGE, ranks shared by equal scores (ZCOUNT of the
// higher ones). No auth, no bus, no names or badges from PostgreSQL, no validation: the floor
// under what the route does. Env: PORT (0 = any), HOST, REDIS_URL, BOARD_KEY.
import Fastify from 'fastify';
import { Redis } from 'ioredis';

const SIZE = 100;
const NEIGHBOURS = 2;
const key = process.env.BOARD_KEY;
if (!key) throw new Error('BOARD_KEY is required');
const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
const app = Fastify({ logger: false });

const pairs = (flat) => {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ user_id: flat[i], total_xp: Number(flat[i + 1]) });
  return out;
};

app.get('/leaderboard', async (req) => {
  const user = req.query.user ?? '';
  const [[e1, top], [e2, card], [e3, pos]] = await redis
    .pipeline()
    .zrevrange(key, 0, SIZE - 1, 'WITHSCORES')
    .zcard(key)
    .zrevrank(key, user)
    .exec();
  if (e1 || e2 || e3) throw e1 || e2 || e3;
  const entries = pairs(top);
  let rank = 0;
  entries.forEach((e, i) => {
    if (i === 0 || e.total_xp !== entries[i - 1].total_xp) rank = i + 1;
    e.rank = rank;
    e.is_me = e.user_id === user;
  });
  let me = null;
  let neighbours = [];
  if (pos !== null) {
    const from = Math.max(0, pos - NEIGHBOURS);
    const around = pairs(await redis.zrevrange(key, from, pos + NEIGHBOURS, 'WITHSCORES'));
    const above = await redis.zcount(key, `(${around[pos - from].total_xp}`, '+inf');
    me = { ...around[pos - from], rank: above + 1, is_me: true };
    neighbours = around.filter((a) => a.user_id !== user);
  }
  return { timeframe: 'week', participants: card, entries, me, neighbours };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ ready: true, name: 'baseline-leaderboard', url: `http://127.0.0.1:${app.server.address().port}` })}\n`,
);
for (const sig of ['SIGTERM', 'SIGINT'])
  process.once(sig, () =>
    app
      .close()
      .then(() => redis.quit())
      .then(() => process.exit(0)),
  );
