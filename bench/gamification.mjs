// Scenario (i) of `npm run bench` (issue 26): gamification. Alone: `node bench/gamification.mjs`
// after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: identity (the revocation list the
//      gateway checks), gamification and the gateway from their dist/ (NODE_ENV=test,
//      LOG_LEVEL=warn, RATE_LIMIT_SCALE=0)
//   2. ingestion: BENCH_GAMIFICATION_EVENTS XP events (85% catalog.lesson.completed, 7%
//      community.answer.upvoted, 4% community.group.joined, 4% assessment.quiz.passed) of
//      BENCH_GAMIFICATION_USERS users, published to the run's JetStream stream as the emitting
//      service's outbox relay publishes them (envelope, subject, msgID = the event id); timed
//      from the first publish until gamification's ledger holds a row for every event. Then the
//      very ledger rows (the daily bonuses included) are INSERTed again, 1,000 a statement, into
//      a bare table of the same shape and indexes: the ratio is the bare time over the consumer's
//   3. GET /api/gamification/leaderboard?timeframe=week as learners who are on the board (their
//      own rank and neighbours in the answer): open loop at BENCH_GAMIFICATION_RATE (200) req/s
//      through the gateway for its p99, then closed loop at BENCH_CONNECTIONS (10) alternating
//      with a bare Fastify + Redis handler on the same sorted set (bench/baselines/leaderboard.mjs)
//   4. rebuild: the run's board keys removed from Redis, then gamification.seed.rebuild-boards
//      (devOnly: LeaderboardService.rebuildTotalsFromLedger() + rebuildAll()) timed, and every
//      current board (week, month, all) compared member by member with a GROUP BY over the ledger
//   Two ceilings are measured beside the goals, so a goal out of reach shows what stops it: the
//   bus's floor (the same events applied again by a kit consumer whose handlers do nothing) and
//   the hop (gamification stopped, the same requests through the gateway answered from the bus
//   by a responder that sends one real answer back).
//
// Goal: ingestion >= 0.3x of the bare INSERT; the leaderboard's p99 <= 20 ms at the open-loop
// rate with no error and >= 0.5x of the bare handler closed loop; the rebuild <= 10 s and equal
// to the GROUP BY. Env: BENCH_QUICK=1, BENCH_GAMIFICATION_EVENTS (1,000,000),
// BENCH_GAMIFICATION_USERS (100,000), BENCH_GAMIFICATION_RATE (200), BENCH_ROUNDS (3),
// BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_CONNECTIONS (10), BENCH_DB_POOL_SIZE,
// BENCH_LOG_LEVEL, BENCH_PROFILE_DIR, BENCH_KEEP_LOGS (the processes' logs kept after a run that passed).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, tail } from './lib/proc.mjs';
import { jobLoop, median, paced, sleep } from './lib/load.mjs';
import { request } from './lib/http.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench i] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const config = {
  events: num('BENCH_GAMIFICATION_EVENTS', 1_000_000),
  users: num('BENCH_GAMIFICATION_USERS', 100_000),
  rate: num('BENCH_GAMIFICATION_RATE', 200),
  rounds: Math.max(1, num('BENCH_ROUNDS', quick ? 1 : 3)),
  durationS: num('BENCH_DURATION', quick ? 3 : 10),
  warmupS: num('BENCH_WARMUP', quick ? 1 : 2),
  connections: num('BENCH_CONNECTIONS', 10),
  /** publishes in flight at once (JetStream acks each) */
  publishWindow: 1000,
  /** callers of the leaderboard (learners on the board, spread over its ranks) */
  callers: 50,
  goal: { minIngestRatio: 0.3, maxP99Ms: 20, minReadRatio: 0.5, maxRebuildS: 10 },
  stackEnv: {
    NODE_ENV: 'test',
    LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_SCALE: '0',
    DB_POOL_SIZE: env.BENCH_DB_POOL_SIZE || env.DB_POOL_SIZE || '10',
  },
};
/** a ledger row's columns as the bare INSERTs write them, one array parameter each */
const LEDGER_COLUMNS = ['user_id', 'rule_code', 'xp', 'source_event_id', 'source_key', 'course_id', 'occurred_at', 'day'];
const LEDGER_INSERT = `(${LEDGER_COLUMNS.join(', ')})
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::date[])`;
/** rows a bare INSERT statement carries */
const BARE_BATCH = 1000;
/** rows read from the ledger per page when they are copied into the bare table */
const COPY_PAGE = 20_000;
/** a board's own key ends in its period's first day; beside it live its ready mark, its top-page version and rebuild scratch keys */
const isBoard = (key) => /:\d{4}-\d{2}-\d{2}$/.test(key);
/** no new ledger row for this long while events are missing: the consumer is stuck */
const STALL_MS = 120_000;

const run = throwawayRun(root, 'i', say);
const { runId, busPrefix, children } = run;

/**
 * The run's events, made as the emitting services make them (payload per contracts), one
 * window at a time: a million of them held at once would cost the load generator a gigabyte.
 */
function eventMaker(userIds) {
  const courses = Array.from({ length: 200 }, () => randomUUID());
  const now = Date.now();
  return (i) => {
    const userId = userIds[Math.floor(Math.random() * userIds.length)];
    // within the last ten minutes: every award lands in this week's, month's and the all-time board
    const at = new Date(now - Math.floor(Math.random() * 600_000)).toISOString();
    const r = Math.random();
    let name;
    let payload;
    if (r < 0.85) {
      name = 'catalog.lesson.completed';
      payload = {
        v: 1,
        user_id: userId,
        course_id: courses[i % courses.length],
        lesson_id: randomUUID(),
        kind: 'lesson',
        time_spent_minutes: 5 + (i % 30),
        completion_percentage: 50,
        completed_at: at,
      };
    } else if (r < 0.92) {
      // a distinct voter each: one award per voter and answer (the cap then decides its XP)
      name = 'community.answer.upvoted';
      payload = {
        v: 1,
        answer_id: randomUUID(),
        question_id: randomUUID(),
        answer_author_id: userId,
        voter_id: randomUUID(),
        upvoted_at: at,
      };
    } else if (r < 0.96) {
      name = 'community.group.joined';
      payload = { v: 1, group_id: randomUUID(), user_id: userId, role: 'member', via: 'joined', joined_at: at };
    } else {
      name = 'assessment.quiz.passed';
      payload = {
        v: 1,
        attempt_id: randomUUID(),
        quiz_id: randomUUID(),
        quiz_title: 'Bench quiz',
        kind: 'quiz',
        course_id: null,
        user_id: userId,
        score: 80,
        passed_at: at,
      };
    }
    return { id: randomUUID(), name, payload };
  };
}

/** Seconds for a second durable consumer of the kit's, with handlers that do nothing, to apply `total` events of the stream (its inbox rows counted). */
async function busFloor(nc, busPrefix, databaseUrl, total, eventNames) {
  const { EventConsumer, poolDb } = await import('@lp/bus');
  const contracts = await import('@lp/contracts');
  const { default: pino } = await import('pino');
  const { default: pg } = await import('pg');
  const defs = [contracts.catalogEvents, contracts.communityEvents, contracts.assessmentEvents].flatMap((group) =>
    Object.values(group).filter((d) => eventNames.includes(d.name)),
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = poolDb(pool);
  const consumer = new EventConsumer(nc, db, busPrefix, 'bench-floor', pino({ level: 'silent' }));
  for (const def of defs) consumer.on(def, async () => undefined);
  const t0 = performance.now();
  try {
    await consumer.start();
    for (;;) {
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM inbox WHERE consumer = 'bench-floor'`);
      if (rows[0].n >= total) break;
      if (performance.now() - t0 > STALL_MS * 5) throw new Error(`the floor consumer applied ${rows[0].n} of ${total} events`);
      await sleep(100);
    }
    return (performance.now() - t0) / 1000;
  } finally {
    await consumer.stop();
    await pool.end();
  }
}

/** events in one consumer transaction (libs/bus event-consumer.ts BATCH_MAX) */
const CONSUMER_BATCH = 64;

/**
 * Seconds for gamification's own writes as bare set-based SQL, with no service code and no bus:
 * the run's awards (the ledger's rows but the daily bonuses) replayed in the consumer's batches
 * of 64 events, each batch one transaction of the statements an award batch cannot do without,
 * two transactions at a time (the machine's cores), on empty copies of the tables with their
 * indexes: the events' inbox rows; the users' stats rows made and locked (one user's awards take
 * turns: caps and streaks); the ledger rows; the active days with their day bonuses; the stats
 * updated; the week, month and all-time totals. The ceiling of any consumer keeping the same
 * records, beside the bus's floor.
 */
async function writesCeiling(databaseUrl, timeZone) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const tables = ['inbox', 'user_stats', 'xp_ledger', 'activity_days', 'xp_period_totals'];
  const w = (t) => `bench_w_${t}`;
  try {
    for (const t of tables) await pool.query(`CREATE TABLE ${w(t)} (LIKE ${t} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
    // the awards, in pages by id (a random order, as the events arrived)
    const pages = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await pool.query(
        `SELECT id, user_id, rule_code, xp, source_event_id, source_key, course_id, occurred_at, day::text AS day
           FROM xp_ledger WHERE rule_code <> 'daily_activity' AND reverses IS NULL AND id > $1 ORDER BY id LIMIT ${COPY_PAGE}`,
        [after],
      );
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      pages.push(rows);
    }
    const batches = pages.flatMap((rows) =>
      Array.from({ length: Math.ceil(rows.length / CONSUMER_BATCH) }, (_, i) => rows.slice(i * CONSUMER_BATCH, (i + 1) * CONSUMER_BATCH)),
    );
    const events = batches.reduce((n, b) => n + b.length, 0);
    const applyBatch = async (c, b) => {
      const col = (k) => b.map((r) => r[k]);
      const users = [...new Set(col('user_id'))].sort();
      await c.query('BEGIN');
      try {
        await c.query(`INSERT INTO ${w('inbox')} (event_id, consumer) SELECT gen_random_uuid(), 'bench-w' FROM generate_series(1, $1)`, [
          b.length,
        ]);
        await c.query(`INSERT INTO ${w('user_stats')} (user_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, [users]);
        await c.query(`SELECT * FROM ${w('user_stats')} WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR UPDATE`, [users]);
        await c.query(`INSERT INTO ${w('xp_ledger')} ${LEDGER_INSERT} ON CONFLICT DO NOTHING RETURNING id`, LEDGER_COLUMNS.map(col));
        await c.query(
          `WITH d AS (INSERT INTO ${w('activity_days')} (user_id, day)
                      SELECT DISTINCT * FROM unnest($1::uuid[], $2::date[]) ON CONFLICT DO NOTHING RETURNING user_id, day)
           INSERT INTO ${w('xp_ledger')} (user_id, rule_code, xp, source_event_id, source_key, occurred_at, day)
           SELECT user_id, 'daily_activity', 10, 'daily:' || day, day::text, day::timestamptz, day FROM d ON CONFLICT DO NOTHING`,
          [col('user_id'), col('day')],
        );
        await c.query(
          `UPDATE ${w('user_stats')} s SET total_xp = s.total_xp + v.xp, last_active_day = greatest(s.last_active_day, v.day), updated_at = now()
             FROM (SELECT user_id, sum(xp) AS xp, max(day) AS day FROM unnest($1::uuid[], $2::int[], $3::date[]) AS u(user_id, xp, day) GROUP BY 1) v
            WHERE s.user_id = v.user_id`,
          [col('user_id'), col('xp'), col('day')],
        );
        await c.query(
          `INSERT INTO ${w('xp_period_totals')} (user_id, period, period_start, xp)
           SELECT v.user_id, p.period, p.start, sum(v.xp)
             FROM unnest($1::uuid[], $2::int[], $3::timestamptz[]) AS v(user_id, xp, at)
             CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', v.at AT TIME ZONE $4)::date),
                                        ('month', date_trunc('month', v.at AT TIME ZONE $4)::date),
                                        ('all', DATE '1970-01-01')) AS p(period, start)
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
           ON CONFLICT (user_id, period, period_start) DO UPDATE SET xp = ${w('xp_period_totals')}.xp + EXCLUDED.xp`,
          [col('user_id'), col('xp'), col('occurred_at'), timeZone],
        );
        await c.query('COMMIT');
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    };
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      [0, 1].map(async () => {
        const c = await pool.connect();
        try {
          while (next < batches.length) await applyBatch(c, batches[next++]);
        } finally {
          c.release();
        }
      }),
    );
    return { seconds: (performance.now() - t0) / 1000, events };
  } finally {
    for (const t of tables) await pool.query(`DROP TABLE IF EXISTS ${w(t)}`).catch(() => undefined);
    await pool.end();
  }
}

/**
 * Lets the machine settle before an open loop: the ingestion and the two ceilings just wrote
 * millions of rows, and PostgreSQL's autovacuum of them and the checkpoint that flushes them ran
 * during the route's open loop but not the hop's or the bare handler's, measured minutes later.
 * Vacuumed, analysed and checkpointed here (what an operator does after a bulk load), then
 * waited on until no autovacuum worker runs; answers the seconds it took.
 */
async function settle(db) {
  const t0 = performance.now();
  await db.query('VACUUM (ANALYZE)');
  await db.query('CHECKPOINT');
  for (let i = 0; i < 120; i++) {
    const { rows } = await db.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'");
    if (rows[0].n === 0) break;
    await sleep(1000);
  }
  await sleep(2000);
  return (performance.now() - t0) / 1000;
}

/** Runs `measure` while `subject` is answered by a responder that sends `answer` back as a service's OK reply. */
async function hopCeiling(nc, subject, answer, measure) {
  const { REPLY_HEADER } = await import('@lp/bus');
  const { headers: natsHeaders } = await import('@nats-io/transport-node');
  const bytes = new TextEncoder().encode(answer);
  const sub = nc.subscribe(subject, {
    queue: 'bench-hop',
    callback: (err, msg) => {
      if (err || !msg.reply) return;
      const h = natsHeaders();
      h.set(REPLY_HEADER, 'ok');
      msg.respond(bytes, { headers: h });
    },
  });
  try {
    return await measure();
  } finally {
    sub.unsubscribe();
  }
}

async function main() {
  say(
    `run ${runId}: ${config.events.toLocaleString('en-US')} XP events of ${config.users.toLocaleString('en-US')} users; leaderboard at ${config.rate} req/s and closed loop at ${config.connections} connections, ${config.rounds} round(s) of ${config.durationS} s${quick ? ' (QUICK)' : ''}`,
  );
  const services = await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  const { connectBus, ensureEventStream, RpcClient, encode, eventSubject } = await import('@lp/bus');
  const { jetstream } = await import('@nats-io/jetstream');
  const { gamificationInternal, gamificationRoutes, PLATFORM_TIME_ZONE } = await import('@lp/contracts');
  const { TokenService } = await import('@lp/auth');
  const { Redis } = await import('ioredis');
  const { default: pg } = await import('pg');
  const nc = await connectBus({ url: services.NATS_URL, prefix: busPrefix, name: 'lp-bench-i' });
  await ensureEventStream(nc, busPrefix);
  const rpc = new RpcClient(nc, busPrefix, 120_000);
  const identity = children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, { cwd: root });
  // BENCH_PROFILE_DIR: gamification and the gateway write a V8 CPU profile there when they stop (where their time goes)
  const profile = env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', env.BENCH_PROFILE_DIR] : [];
  const gamification = children.spawnNode('gamification', join(root, 'apps', 'gamification', 'dist', 'main.js'), stackEnv, {
    cwd: root,
    nodeArgs: profile,
  });
  const port = await freePort();
  const gateway = children.spawnNode(
    'gateway',
    join(root, 'apps', 'gateway', 'dist', 'main.js'),
    { ...stackEnv, PORT: String(port) },
    { cwd: root, nodeArgs: profile },
  );
  const gw = `http://127.0.0.1:${port}`;
  await children.waitFor(
    gateway,
    async () => {
      for (const c of [identity, gamification]) if (!children.isRunning(c)) throw new Error(`${c.name} exited:\n${tail(c.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return ['identity', 'gamification'].every((s) => h.json?.services?.[s]?.status === 'ok');
    },
    { timeoutMs: 90_000, what: 'reporting identity and gamification ok on /api/health' },
  );
  const db = new pg.Client({ connectionString: run.databaseUrl('gamification') });
  await db.connect();
  const redis = new Redis(services.REDIS_URL);
  try {
    // ---- ingestion
    const userIds = Array.from({ length: config.users }, () => randomUUID());
    const makeEvent = eventMaker(userIds);
    const total = config.events;
    const byName = {};
    const js = jetstream(nc);
    // one backend for the progress count: a parallel scan of a growing ledger every few seconds took
    // two more cores' worth of PostgreSQL from the consumer it measures
    await db.query('SET max_parallel_workers_per_gather = 0');
    const ledgerRows = async () =>
      Number((await db.query(`SELECT count(*)::int AS n FROM xp_ledger WHERE rule_code <> 'daily_activity'`)).rows[0].n);
    const t0 = performance.now();
    let published = 0;
    let publishS = 0;
    const publishing = (async () => {
      for (let i = 0; i < total; i += config.publishWindow) {
        const batch = Array.from({ length: Math.min(config.publishWindow, total - i) }, (_, j) => makeEvent(i + j));
        for (const e of batch) byName[e.name] = (byName[e.name] ?? 0) + 1;
        await Promise.all(
          batch.map((e) => {
            const envelope = { id: e.id, name: e.name, occurred_at: new Date().toISOString(), payload: e.payload };
            return js.publish(eventSubject(busPrefix, e.name), encode(envelope), { msgID: e.id });
          }),
        );
        published = Math.min(total, i + config.publishWindow);
      }
      publishS = (performance.now() - t0) / 1000;
    })();
    let applied = 0;
    let lastProgress = performance.now();
    let lastSay = performance.now();
    // the count is a scan of the ledger: asked less often as it grows, so the poll does not slow the consumer down
    const pollMs = Math.min(5000, Math.max(250, total / 200));
    while (applied < total) {
      await sleep(pollMs);
      if (!children.isRunning(gamification)) throw new Error(`gamification exited:\n${tail(gamification.logPath)}`);
      const n = await ledgerRows();
      if (n > applied) lastProgress = performance.now();
      applied = n;
      if (performance.now() - lastProgress > STALL_MS)
        throw new Error(`the ledger holds ${applied} of ${total} events and has not grown for ${STALL_MS / 1000} s`);
      if (performance.now() - lastSay > 10_000) {
        lastSay = performance.now();
        say(`  ${published.toLocaleString('en-US')} published, ${applied.toLocaleString('en-US')} applied`);
      }
    }
    const consumerS = (performance.now() - t0) / 1000;
    await publishing;
    const totalRows = Number((await db.query('SELECT count(*)::int AS n FROM xp_ledger')).rows[0].n);
    say(
      `ingestion: ${total.toLocaleString('en-US')} events (${JSON.stringify(byName)}) applied in ${consumerS.toFixed(1)} s (${(total / consumerS).toFixed(0)} events/s; published in ${publishS.toFixed(1)} s); ledger ${totalRows.toLocaleString('en-US')} rows with the daily bonuses`,
    );

    // the same rows into a bare table of the ledger's shape, 1,000 a statement; only the INSERTs timed
    await db.query(`CREATE TABLE bench_bare_ledger (LIKE xp_ledger INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
    let bareS = 0;
    let copied = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await db.query(
        `SELECT id, user_id, rule_code, xp, source_event_id, source_key, course_id, occurred_at, day::text AS day
           FROM xp_ledger WHERE id > $1 ORDER BY id LIMIT ${COPY_PAGE}`,
        [after],
      );
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      for (let i = 0; i < rows.length; i += BARE_BATCH) {
        const b = rows.slice(i, i + BARE_BATCH);
        const col = (k) => b.map((r) => r[k]);
        const s = performance.now();
        await db.query(`INSERT INTO bench_bare_ledger ${LEDGER_INSERT}`, LEDGER_COLUMNS.map(col));
        bareS += (performance.now() - s) / 1000;
      }
      copied += rows.length;
    }
    // the bus's own floor: the very events in the stream applied again by a second durable consumer
    // of the kit's (pull, decode, schema check, inbox row, commit, ack) whose handlers do nothing
    const floorS = await busFloor(nc, busPrefix, run.databaseUrl('gamification'), total, Object.keys(byName));
    const writes = await writesCeiling(run.databaseUrl('gamification'), PLATFORM_TIME_ZONE);
    const ingestion = {
      events: total,
      byName,
      users: config.users,
      ledgerRows: totalRows,
      consumerS,
      publishS,
      eventsPerS: total / consumerS,
      bareS,
      bareRowsPerS: copied / bareS,
      ratio: bareS / consumerS,
      floorS,
      floorEventsPerS: total / floorS,
      floorRatio: bareS / floorS,
      writesS: writes.seconds,
      writesEventsPerS: writes.events / writes.seconds,
      writesRatio: (bareS / writes.seconds) * (writes.events / total),
    };
    say(
      `bare INSERT of the same ${copied.toLocaleString('en-US')} rows: ${bareS.toFixed(1)} s (${ingestion.bareRowsPerS.toFixed(0)} rows/s); ratio ${ingestion.ratio.toFixed(2)}x`,
    );
    say(
      `the bus's floor (the kit's consumer with handlers that do nothing): ${floorS.toFixed(1)} s (${ingestion.floorEventsPerS.toFixed(0)} events/s) = ${ingestion.floorRatio.toFixed(2)}x of the bare INSERT; gamification applies at ${(floorS / consumerS).toFixed(2)}x of it`,
    );

    say(
      `gamification's own writes as bare SQL (no service code, no bus; batches of ${CONSUMER_BATCH}, two at a time): ${writes.seconds.toFixed(1)} s for ${writes.events.toLocaleString('en-US')} awards (${ingestion.writesEventsPerS.toFixed(0)}/s) = ${ingestion.writesRatio.toFixed(2)}x of the bare INSERT; gamification applies at ${(writes.seconds / consumerS).toFixed(2)}x of it`,
    );

    // ---- the leaderboard
    const weekKey = (await redis.keys(`${busPrefix}gamification:lb:week:*`)).find(isBoard);
    if (!weekKey) throw new Error('no week board in Redis after the ingestion');
    const participants = await redis.zcard(weekKey);
    const step = Math.max(1, Math.floor(participants / config.callers));
    const onBoard = [];
    for (let pos = 0; pos < participants && onBoard.length < config.callers; pos += step)
      onBoard.push((await redis.zrevrange(weekKey, pos, pos))[0]);
    const tokens = new TokenService(run.jwtSecret);
    const callers = onBoard.map((userId) => ({
      userId,
      token: tokens.sign({ userId, role: 'learner', sessionId: randomUUID(), institutionId: null }),
    }));
    const baselineUrl = await run.startBaseline('baseline-leaderboard', 'leaderboard.mjs', {
      REDIS_URL: services.REDIS_URL,
      BOARD_KEY: weekKey,
    });
    const path = '/api/gamification/leaderboard?timeframe=week';
    for (const c of callers.slice(0, 5)) {
      const t = await request(gw, 'GET', path, { token: c.token });
      const b = await request(baselineUrl, 'GET', `/leaderboard?user=${c.userId}`);
      if (t.status !== 200) throw new Error(`GET ${path}: ${t.status} ${t.text.slice(0, 300)}`);
      if (
        t.json.me?.rank !== b.json?.me?.rank ||
        t.json.participants !== b.json?.participants ||
        JSON.stringify(t.json.entries.map((e) => e.user_id)) !== JSON.stringify(b.json?.entries.map((e) => e.user_id))
      )
        throw new Error(`the gateway and the baseline disagree for ${c.userId}: rank ${t.json.me?.rank} vs ${b.json?.me?.rank}`);
    }
    const mid = callers[Math.floor(callers.length / 2)];
    const openLoop = {
      url: `${gw}${path}`,
      headers: { authorization: `Bearer ${mid.token}` },
      rate: config.rate,
      durationS: config.durationS,
      warmupS: config.warmupS,
      sockets: 32,
      expectStatus: 200,
    };
    const settledS = await settle(db);
    say(`settled (VACUUM ANALYZE, CHECKPOINT, no autovacuum running) in ${settledS.toFixed(1)} s`);
    const open = await paced(openLoop);
    say(
      `open loop at ${config.rate} req/s through the gateway: achieved ${open.achievedRate.toFixed(0)}/s, p50 ${open.p50.toFixed(1)} ms, p99 ${open.p99.toFixed(1)} ms, ${open.unexpected + open.errors} failed`,
    );
    let ti = 0;
    let bi = 0;
    const target = () => {
      const c = callers[ti++ % callers.length];
      return () => request(gw, 'GET', path, { token: c.token });
    };
    const baseline = () => {
      const c = callers[bi++ % callers.length];
      return () => request(baselineUrl, 'GET', `/leaderboard?user=${c.userId}`);
    };
    const rounds = [];
    for (let r = 0; r < config.rounds; r++) {
      const order = r % 2 === 0 ? ['baseline', 'target'] : ['target', 'baseline'];
      const m = {};
      for (const side of order) {
        const job = side === 'target' ? target : baseline;
        if (config.warmupS) await jobLoop(job, config.connections, config.warmupS);
        m[side] = await jobLoop(job, config.connections, config.durationS);
      }
      rounds.push({ ...m, ratio: m.target.perS / m.baseline.perS });
      say(
        `round ${r + 1}: target ${m.target.perS.toFixed(0)}/s p50 ${m.target.p50.toFixed(1)} ms p99 ${m.target.p99.toFixed(1)} ms errors ${m.target.errors}; baseline ${m.baseline.perS.toFixed(0)}/s p99 ${m.baseline.p99.toFixed(1)} ms; ratio ${(m.target.perS / m.baseline.perS).toFixed(2)}x`,
      );
      for (const e of [...m.target.errorSamples, ...m.baseline.errorSamples]) say(`  error: ${e}`);
      await sleep(500);
    }
    const med = (f) => median(rounds.map(f));
    const read = {
      participants,
      open: {
        rate: config.rate,
        achieved: open.achievedRate,
        p50: open.p50,
        p99: open.p99,
        failed: open.unexpected + open.errors,
        settledS,
      },
      target: { perS: med((r) => r.target.perS), p50: med((r) => r.target.p50), p99: med((r) => r.target.p99) },
      baseline: { perS: med((r) => r.baseline.perS), p50: med((r) => r.baseline.p50), p99: med((r) => r.baseline.p99) },
      errors: rounds.reduce((s, r) => s + r.target.errors, 0),
      ratio: med((r) => r.ratio),
    };

    // ---- rebuild after the boards are lost
    const boardKeys = await redis.keys(`${busPrefix}gamification:lb:*`);
    if (boardKeys.length) await redis.del(...boardKeys);
    const rs = performance.now();
    const reply = await rpc.request(gamificationInternal.rebuildBoards.subject, {});
    const rebuildS = (performance.now() - rs) / 1000;
    const boards = {};
    for (const period of ['week', 'month', 'all']) {
      const key = (await redis.keys(`${busPrefix}gamification:lb:${period}:*`)).find(isBoard);
      const flat = key ? await redis.zrange(key, 0, -1, 'WITHSCORES') : [];
      const inRedis = new Map();
      for (let i = 0; i < flat.length; i += 2) inRedis.set(flat[i], Number(flat[i + 1]));
      const since =
        period === 'all'
          ? ''
          : `WHERE date_trunc('${period}', occurred_at AT TIME ZONE $1) = date_trunc('${period}', now() AT TIME ZONE $1)`;
      const { rows } = await db.query(
        `SELECT user_id::text AS id, sum(xp)::int AS xp FROM xp_ledger ${since} GROUP BY user_id HAVING sum(xp) > 0`,
        period === 'all' ? [] : [PLATFORM_TIME_ZONE],
      );
      const differing = rows.filter((row) => inRedis.get(row.id) !== row.xp).length + Math.max(0, inRedis.size - rows.length);
      boards[period] = { members: inRedis.size, groupBy: rows.length, differing };
    }
    const equal = Object.values(boards).every((b) => b.differing === 0 && b.members === b.groupBy);
    const rebuild = { seconds: rebuildS, reply, boards, equal };
    say(
      `rebuild after the board keys were removed: ${rebuildS.toFixed(2)} s (totals ${(reply.totals_ms / 1000).toFixed(2)} s for ${reply.totals} rows, boards ${(reply.boards_ms / 1000).toFixed(2)} s); ${Object.entries(
        boards,
      )
        .map(([p, b]) => `${p} ${b.members} members vs ${b.groupBy} in the GROUP BY, ${b.differing} differing`)
        .join('; ')}: ${equal ? 'equal' : 'NOT EQUAL'}`,
    );

    // the route's own ceiling: gamification stopped, the same requests through the gateway answered
    // from the bus by a responder that sends one real answer's bytes back and does nothing else
    const sample = await request(gw, 'GET', path, { token: mid.token });
    process.kill(gamification.child.pid, 'SIGTERM');
    await Promise.race([gamification.exited, sleep(15_000)]);
    const { hopRounds, hopOpen } = await hopCeiling(nc, `${busPrefix}${gamificationRoutes.leaderboard.subject}`, sample.text, async () => {
      const out = [];
      for (let r = 0; r < config.rounds; r++) {
        if (config.warmupS) await jobLoop(target, config.connections, config.warmupS);
        out.push(await jobLoop(target, config.connections, config.durationS));
      }
      // the p99 goal's own ceiling: the same open loop as the route's, through the hop alone
      await settle(db);
      const paced1 = await paced({ ...openLoop, url: `${gw}${path}` });
      return { hopRounds: out, hopOpen: paced1 };
    });
    // the kit's own route: the same requests answered by the service kit's RPC server (caller,
    // guard, schemas, the contract's check) with a handler that returns the stored answer
    const answerFile = join(run.tmpDir, 'leaderboard-answer.json');
    writeFileSync(answerFile, sample.text);
    const kitProc = children.spawnNode(
      'kit-route',
      join(root, 'bench', 'baselines', 'kit-route.mjs'),
      { PATH: env.PATH, NODE_ENV: 'test', NATS_URL: services.NATS_URL, BUS_PREFIX: busPrefix, ANSWER_FILE: answerFile },
      { cwd: root },
    );
    await children.waitFor(kitProc, async () => readFileSync(kitProc.logPath, 'utf8').includes('{"url"'), {
      timeoutMs: 30_000,
      what: "serving the leaderboard's subject",
    });
    const kitRounds = [];
    for (let r = 0; r < config.rounds; r++) {
      if (config.warmupS) await jobLoop(target, config.connections, config.warmupS);
      kitRounds.push(await jobLoop(target, config.connections, config.durationS));
    }
    await settle(db);
    const kitOpen = await paced({ ...openLoop, url: `${gw}${path}` });
    process.kill(kitProc.child.pid, 'SIGTERM');
    await Promise.race([kitProc.exited, sleep(5000)]);
    // and the bare handler at the same rate: what the machine's own load generator and Redis leave
    await settle(db);
    const bareOpen = await paced({ ...openLoop, url: `${baselineUrl}/leaderboard?user=${mid.userId}`, headers: {} });
    const hop = {
      perS: median(hopRounds.map((h) => h.perS)),
      p50: median(hopRounds.map((h) => h.p50)),
      p99: median(hopRounds.map((h) => h.p99)),
      errors: hopRounds.reduce((t, h) => t + h.errors, 0),
    };
    read.hop = { ...hop, ofBaseline: hop.perS / read.baseline.perS, targetOfHop: read.target.perS / hop.perS };
    const kit = {
      perS: median(kitRounds.map((h) => h.perS)),
      p50: median(kitRounds.map((h) => h.p50)),
      p99: median(kitRounds.map((h) => h.p99)),
      errors: kitRounds.reduce((t, h) => t + h.errors, 0),
    };
    read.kit = { ...kit, ofBaseline: kit.perS / read.baseline.perS, ofHop: kit.perS / hop.perS, targetOfKit: read.target.perS / kit.perS };
    const openOf = (o) => ({ achieved: o.achievedRate, p50: o.p50, p99: o.p99, failed: o.unexpected + o.errors });
    read.kitOpen = openOf(kitOpen);
    read.hopOpen = openOf(hopOpen);
    read.bareOpen = openOf(bareOpen);
    say(
      `open loop at ${config.rate} req/s: the hop alone p50 ${hopOpen.p50.toFixed(1)} ms p99 ${hopOpen.p99.toFixed(1)} ms; the bare handler p50 ${bareOpen.p50.toFixed(1)} ms p99 ${bareOpen.p99.toFixed(1)} ms (the route: p99 ${read.open.p99.toFixed(1)} ms)`,
    );
    say(
      `the hop alone (gateway and bus, a responder that does nothing): ${hop.perS.toFixed(0)}/s p99 ${hop.p99.toFixed(1)} ms, ${hop.errors} errors = ${read.hop.ofBaseline.toFixed(2)}x of the bare handler; the route reaches ${read.hop.targetOfHop.toFixed(2)}x of the hop`,
    );

    say(
      `the kit's own route (the service kit's RPC server answering a stored answer, nothing else): ${kit.perS.toFixed(0)}/s p99 ${kit.p99.toFixed(1)} ms, ${kit.errors} errors = ${read.kit.ofBaseline.toFixed(2)}x of the bare handler, ${read.kit.ofHop.toFixed(2)}x of the hop; the route reaches ${read.kit.targetOfKit.toFixed(2)}x of it; open loop p50 ${kitOpen.p50.toFixed(1)} ms p99 ${kitOpen.p99.toFixed(1)} ms`,
    );

    const checks = {
      ingestRatio: ingestion.ratio >= config.goal.minIngestRatio,
      openP99: read.open.p99 <= config.goal.maxP99Ms && read.open.failed === 0,
      readRatio: read.ratio >= config.goal.minReadRatio && read.errors === 0,
      rebuildTime: rebuildS <= config.goal.maxRebuildS,
      rebuildEqual: equal,
    };
    const met = Object.values(checks).every(Boolean);
    say(
      `goal (ingestion >= ${config.goal.minIngestRatio}x, p99 <= ${config.goal.maxP99Ms} ms at ${config.rate} req/s, reads >= ${config.goal.minReadRatio}x, rebuild <= ${config.goal.maxRebuildS} s and equal): ${met ? 'MET' : 'NOT MET'} (${Object.entries(
        checks,
      )
        .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
        .join(', ')})`,
    );

    const startedAt = new Date();
    const stamp = startedAt
      .toISOString()
      .replace(/[:]/g, '-')
      .replace(/\.\d+Z$/, 'Z');
    const reduced = config.events < 1_000_000 || config.users < 100_000;
    const result = {
      scenario: 'i',
      startedAt: startedAt.toISOString(),
      quick,
      reducedScale: reduced,
      machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
      config,
      ingestion,
      read,
      rounds,
      rebuild,
      checks,
      goalMet: met,
    };
    const write = (name, text) => writeResult(resultsDir, name, text);
    write(`${stamp}${quick ? '-quick' : ''}-gamification.json`, `${JSON.stringify(result, null, 2)}\n`);
    const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
    const n = (v) => Math.round(v).toLocaleString('en-US');
    write(
      `latest-gamification${quick ? '-quick' : ''}.md`,
      [
        `# Benchmark (i): gamification, ${result.startedAt}${quick ? ' (quick)' : ''}${reduced ? ` (reduced scale: ${n(config.events)} events, ${n(config.users)} users)` : ''}`,
        '',
        `**Ingestion**: ${n(ingestion.events)} XP events (${Object.entries(byName)
          .map(([k, v]) => `${n(v)} ${k}`)
          .join(
            ', ',
          )}) of ${n(config.users)} users published to JetStream as an outbox relay does, applied by gamification's consumer in ${f(consumerS)} s: **${n(ingestion.eventsPerS)} events/s** (the ledger then held ${n(totalRows)} rows with the daily bonuses). The same rows INSERTed ${BARE_BATCH} a statement into a bare table of the ledger's shape and indexes: ${f(bareS)} s (${n(ingestion.bareRowsPerS)} rows/s). Ratio **${f(ingestion.ratio, 2)}x** (goal >= ${config.goal.minIngestRatio}x).`,
        '',
        `The bus's floor: the same events applied again by a second consumer of the kit's (pull, decode, schema check, inbox row, commit, ack) whose handlers do nothing: ${f(ingestion.floorS)} s, **${n(ingestion.floorEventsPerS)} events/s = ${f(ingestion.floorRatio, 2)}x** of the bare INSERT: no consumer of the bus can pass that ratio here. Gamification applies at ${f(ingestion.floorS / consumerS, 2)}x of the floor.`,
        '',
        `Gamification's own writes, as bare set-based SQL with no service code and no bus: the run's ${n(writes.events)} awards replayed in batches of ${CONSUMER_BATCH} events, one transaction each, two at a time, on empty copies of its tables (the events' inbox rows; the users' stats rows made, locked and updated; the ledger rows; the active days with their bonus rows; the week, month and all-time totals): ${f(writes.seconds)} s, **${n(ingestion.writesEventsPerS)} events/s = ${f(ingestion.writesRatio, 2)}x** of the bare INSERT: a consumer keeping these records cannot pass that ratio here, before its bus and its own code. Gamification applies at ${f(writes.seconds / consumerS, 2)}x of it.`,
        '',
        `**Leaderboard**: GET /api/gamification/leaderboard?timeframe=week as learners on the board (${n(participants)} participants): at ${config.rate} req/s open loop through the gateway p50 ${f(read.open.p50)} ms, **p99 ${f(read.open.p99)} ms** (goal <= ${config.goal.maxP99Ms} ms), ${read.open.failed} failed. Closed loop at ${config.connections} connections, ${rounds.length} round(s) of ${config.durationS} s alternating with a bare Fastify + Redis ZREVRANGE/ZREVRANK handler on the same sorted set:`,
        '',
        '| | requests/s | p50 ms | p99 ms |',
        '|---|---|---|---|',
        `| through the gateway | ${f(read.target.perS, 0)} | ${f(read.target.p50)} | ${f(read.target.p99)} |`,
        `| bare Fastify + Redis | ${f(read.baseline.perS, 0)} | ${f(read.baseline.p50)} | ${f(read.baseline.p99)} |`,
        `| the hop alone: gateway and bus, a responder sending one real answer back | ${f(read.hop.perS, 0)} | ${f(read.hop.p50)} | ${f(read.hop.p99)} |`,
        `| the kit's own route: gateway, bus and the service kit's RPC server answering a stored answer | ${f(read.kit.perS, 0)} | ${f(read.kit.p50)} | ${f(read.kit.p99)} |`,
        '',
        `Open loop at ${config.rate} req/s, the same request: the route p50 ${f(read.open.p50)} / p99 ${f(read.open.p99)} ms; the hop alone p50 ${f(read.hopOpen.p50)} / **p99 ${f(read.hopOpen.p99)} ms**, ${read.hopOpen.failed} failed (the ceiling of the p99 goal: no route through the gateway answers faster than its hop); the bare Fastify + Redis handler p50 ${f(read.bareOpen.p50)} / p99 ${f(read.bareOpen.p99)} ms. Each open loop starts on a settled machine: the databases vacuumed, analysed and checkpointed, and no autovacuum worker running (${f(read.open.settledS)} s before the route's).`,
        '',
        `Ratio **${f(read.ratio, 2)}x** (goal >= ${config.goal.minReadRatio}x), ${read.errors} errors. The hop alone (gamification stopped, the same requests answered from the bus by a responder that does nothing) reaches ${f(read.hop.ofBaseline, 2)}x of the bare handler, the ceiling of this ratio; the route reaches ${f(read.hop.targetOfHop, 2)}x of the hop. The kit's own route (gamification stopped, the same requests answered by the service kit's RPC server: the signed caller verified, the guard, params and query parsed, the answer checked against its contract with the top 100 rows checked once, encoded; no Redis, no PostgreSQL) reaches ${f(read.kit.ofBaseline, 2)}x of the bare handler and ${f(read.kit.ofHop, 2)}x of the hop: the ceiling of any route of a kit service here. The route reaches ${f(read.kit.targetOfKit, 2)}x of it. Open loop through it: p50 ${f(read.kitOpen.p50)} / p99 ${f(read.kitOpen.p99)} ms.`,
        '',
        `**Rebuild**: the run's board keys removed from Redis, then the period totals recomputed from the ledger (${f(reply.totals_ms / 1000, 2)} s, ${n(reply.totals)} rows) and the week, month and all-time boards rebuilt (${f(reply.boards_ms / 1000, 2)} s): **${f(rebuildS, 2)} s** over the bus (goal <= ${config.goal.maxRebuildS} s). Against a GROUP BY over the ledger: ${Object.entries(
          boards,
        )
          .map(([p, b]) => `${p} ${n(b.members)} members / ${n(b.groupBy)}, ${b.differing} differing`)
          .join('; ')}: ${equal ? 'equal' : 'NOT equal'}.`,
        '',
        `${os.cpus().length}-core machine, load generator on the same machine, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} at the end (1 / 5 / 15 min). Goal: ${met ? 'met' : 'NOT met'} (${Object.entries(checks)
          .map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`)
          .join(', ')}).`,
        '',
      ].join('\n'),
    );
    if (!met) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    redis.disconnect();
    await nc.close().catch(() => undefined);
  }
}

await runScript(run, 'i', main);
