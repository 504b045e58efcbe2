// Scenario (f) of `npm run bench` (issue 11): mentoring through the gateway. Alone:
// `node bench/mentoring.mjs` after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: identity (the revocation list the
//      gateway checks), billing, mentoring and the gateway from their dist/ (NODE_ENV=test,
//      LOG_LEVEL=warn, RATE_LIMIT_SCALE=0)
//   2. the race: one mentor open all day, every day (UTC), 200 funded learners; all 200 POST
//      /api/sessions/book at once, learner i for the i % 10-th of 10 free, non-overlapping
//      hours: exactly 10 bookings must succeed (paid from the wallet), every other request a
//      409 SLOT_TAKEN; afterwards the database holds 10 sessions of the mentor, none
//      overlapping, and exactly 10 learners were charged
//   3. discovery: 2,000 published mentors written straight into mentoring's database, then GET
//      /api/mentors with varied filters (none, search, expertise, the price bands, pages) at
//      BENCH_CONNECTIONS (10), closed loop, alternating with a bare Fastify + pg handler running
//      the same SQL (bench/baselines/mentors.mjs imports mentorListQuery from mentoring's dist/)
//
// Goal: the race exact (10 bookings, 190 clear 409s, 0 errors); discovery >= 0.3x of the bare
// handler with p99 under 50 ms. Env: BENCH_QUICK=1, BENCH_ROUNDS (3), BENCH_DURATION (10 s),
// BENCH_WARMUP (2 s), BENCH_CONNECTIONS (10), BENCH_DB_POOL_SIZE, BENCH_LOG_LEVEL.
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, tail } from './lib/proc.mjs';
import { jobLoop, median, percentile, sleep } from './lib/load.mjs';
import { request } from './lib/http.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench f] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const config = {
  racers: 200,
  slots: 10,
  mentors: 2000,
  rounds: Math.max(1, num('BENCH_ROUNDS', quick ? 1 : 3)),
  durationS: num('BENCH_DURATION', quick ? 3 : 10),
  warmupS: num('BENCH_WARMUP', quick ? 1 : 2),
  connections: num('BENCH_CONNECTIONS', 10),
  goal: { minRatio: 0.3, maxP99Ms: 50 },
  stackEnv: {
    NODE_ENV: 'test',
    LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_SCALE: '0',
    DB_POOL_SIZE: env.BENCH_DB_POOL_SIZE || env.DB_POOL_SIZE || '10',
  },
};
// the filters people use on /mentors, in turn
const QUERIES = [
  '',
  'search=python',
  'search=design',
  'expertise=Data%20science',
  'price_band=under_50',
  'price_band=50_100',
  'price_band=over_100',
  'search=cloud&price_band=over_100',
  'expertise=Career%20advice&price_band=50_100',
  'offset=100',
  'offset=1000&limit=50',
  'search=ada',
];
const AREAS = [
  'Python',
  'Web development',
  'Data science',
  'Machine learning',
  'UX design',
  'Cloud',
  'Career advice',
  'Interview prep',
  'Statistics',
  'Mobile apps',
  'Security',
  'Product management',
];
const NAMES = [
  'Ada',
  'Bekele',
  'Chen',
  'Dawit',
  'Eva',
  'Fatima',
  'Girma',
  'Hana',
  'Ivan',
  'Jamal',
  'Kebede',
  'Lena',
  'Meron',
  'Nia',
  'Omar',
  'Priya',
  'Quinn',
  'Rahel',
  'Sara',
  'Tomas',
];

const run = throwawayRun(root, 'f', say);
const { runId, busPrefix, children } = run;

async function seedMentors(pg, databaseUrl, count) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const t0 = Date.now();
    await c.query(
      `WITH people AS (
         SELECT g, gen_random_uuid() AS id, ($2::text[])[1 + g % array_length($2::text[], 1)] || ' Mentor ' || g AS name FROM generate_series(1, $1) g),
       u AS (INSERT INTO users (id, name, email, role) SELECT id, name, 'bench-mentor-' || g || '@bench.test', 'mentor' FROM people RETURNING id)
       INSERT INTO mentor_profiles (user_id, bio, expertise_areas, hourly_rate_minor, currency, experience_years, languages, timezone, is_accepting_bookings, is_published, rating_total, rating_count, total_sessions)
       SELECT p.id,
              'Mentor in ' || ($3::text[])[1 + p.g % 12] || ' and ' || ($3::text[])[1 + (p.g * 7) % 12] || ', helping learners with projects and interviews.',
              ARRAY[($3::text[])[1 + p.g % 12], ($3::text[])[1 + (p.g * 7) % 12]],
              1000 + (p.g * 137) % 19000, CASE WHEN p.g % 10 = 0 THEN 'ETB' ELSE 'USD' END, p.g % 25, ARRAY['English'], 'UTC', p.g % 9 <> 0, true,
              (p.g % 6) * (3 + p.g % 3), p.g % 6, (p.g * 3) % 80
         FROM people p`,
      [count, NAMES, AREAS],
    );
    await c.query('ANALYZE mentor_profiles');
    await c.query('ANALYZE users');
    return (Date.now() - t0) / 1000;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function main() {
  say(
    `run ${runId}: race of ${config.racers} learners for ${config.slots} slots; ${config.mentors} mentors on /mentors at ${config.connections} connections, ${config.rounds} round(s) of ${config.durationS} s${quick ? ' (QUICK)' : ''}`,
  );
  const services = await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  const { connectBus, ensureEventStream, RpcClient } = await import('@lp/bus');
  const nc = await connectBus({ url: services.NATS_URL, prefix: busPrefix, name: 'lp-bench-f' });
  await ensureEventStream(nc, busPrefix);
  const rpc = new RpcClient(nc, busPrefix, 30_000);
  const identity = children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, { cwd: root });
  const billing = children.spawnNode('billing', join(root, 'apps', 'billing', 'dist', 'main.js'), stackEnv, { cwd: root });
  const mentoring = children.spawnNode('mentoring', join(root, 'apps', 'mentoring', 'dist', 'main.js'), stackEnv, { cwd: root });
  const port = await freePort();
  const gateway = children.spawnNode(
    'gateway',
    join(root, 'apps', 'gateway', 'dist', 'main.js'),
    { ...stackEnv, PORT: String(port) },
    { cwd: root },
  );
  const gw = `http://127.0.0.1:${port}`;
  await children.waitFor(
    gateway,
    async () => {
      for (const c of [identity, billing, mentoring]) if (!children.isRunning(c)) throw new Error(`${c.name} exited:\n${tail(c.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return ['identity', 'billing', 'mentoring'].every((s) => h.json?.services?.[s]?.status === 'ok');
    },
    { timeoutMs: 90_000, what: 'reporting identity, billing and mentoring ok on /api/health' },
  );
  const mentoringDb = run.databaseUrl('mentoring');
  const mint = await run.tokenMinter();

  // ---- the race
  const mentor = mint('mentor');
  const put = async (path, body) => {
    const r = await request(gw, 'PUT', path, { token: mentor.token, body });
    if (r.status !== 200) throw new Error(`PUT ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  };
  await put('/api/mentor/profile', { expertise_areas: ['Python'], hourly_rate: 20, timezone: 'UTC' });
  await put('/api/mentor/availability', {
    timezone: 'UTC',
    slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '24:00' })),
  });
  const free = await request(gw, 'GET', `/api/mentors/${mentor.userId}/slots?days=3&duration_minutes=60`, { token: mentor.token });
  // every other half-hour start: 10 hours that do not overlap
  const hours = free.json.slots
    .filter((_, i) => i % 2 === 0)
    .slice(0, config.slots)
    .map((s) => s.start);
  const racers = Array.from({ length: config.racers }, () => mint('learner'));
  for (let i = 0; i < racers.length; i += 50)
    await Promise.all(
      racers
        .slice(i, i + 50)
        .map((l) =>
          rpc.request('billing.seed.wallet', { user_id: l.userId, currency: 'USD', deposit_minor: 10_000, description: 'Bench funds' }),
        ),
    );
  const t0 = performance.now();
  const answers = await Promise.all(
    racers.map((l, i) =>
      request(gw, 'POST', '/api/sessions/book', {
        token: l.token,
        body: { mentor_id: mentor.userId, title: 'Race', scheduled_at: hours[i % config.slots], duration_minutes: 60 },
      }),
    ),
  );
  const raceS = (performance.now() - t0) / 1000;
  const byStatus = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const clear409 = answers.filter((a) => a.status === 409 && a.json?.code === 'SLOT_TAKEN').length;
  const raceMs = Float64Array.from(answers.map((a) => a.ms)).sort();
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: mentoringDb });
  await c.connect();
  const held = Number(
    (await c.query(`SELECT count(*) AS n FROM sessions WHERE mentor_id = $1 AND status IN ('scheduled', 'confirmed')`, [mentor.userId]))
      .rows[0].n,
  );
  const overlapping = Number(
    (
      await c.query(
        `SELECT count(*) AS n FROM sessions a JOIN sessions b ON a.mentor_id = b.mentor_id AND a.id < b.id AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at) WHERE a.mentor_id = $1 AND a.status IN ('scheduled', 'confirmed') AND b.status IN ('scheduled', 'confirmed')`,
        [mentor.userId],
      )
    ).rows[0].n,
  );
  await c.end();
  const billingDb = new pg.Client({ connectionString: run.databaseUrl('billing') });
  await billingDb.connect();
  const charged = Number(
    (
      await billingDb.query(
        `SELECT count(DISTINCT user_id) AS n FROM transactions WHERE type = 'payment' AND status = 'completed' AND item_type = 'session'`,
      )
    ).rows[0].n,
  );
  await billingDb.end();
  const race = {
    racers: config.racers,
    slots: config.slots,
    seconds: raceS,
    byStatus,
    booked: byStatus[201] ?? 0,
    clear409,
    p50: percentile(raceMs, 50),
    p99: percentile(raceMs, 99),
    held,
    overlapping,
    charged,
  };
  race.exact =
    race.booked === config.slots &&
    clear409 === config.racers - config.slots &&
    held === config.slots &&
    overlapping === 0 &&
    charged === config.slots;
  if (!race.exact) {
    run.failed = true; // keeps the services' logs
    for (const a of answers.filter((x) => x.status !== 201 && x.status !== 409).slice(0, 3))
      say(`  unexpected: ${a.status} ${a.text.slice(0, 300)}`);
  }
  say(
    `race: ${race.booked} booked, ${clear409} clear 409s (${JSON.stringify(byStatus)}) in ${raceS.toFixed(2)} s, p50 ${race.p50.toFixed(1)} ms p99 ${race.p99.toFixed(1)} ms; database: ${held} held, ${overlapping} overlapping, ${charged} charged: ${race.exact ? 'exact' : 'NOT EXACT'}`,
  );

  // ---- discovery
  const seedS = await seedMentors(pg, mentoringDb, config.mentors);
  await nc.close();
  say(`seeded ${config.mentors} mentors in ${seedS.toFixed(1)} s`);
  const baselineUrl = await run.startBaseline('baseline-mentors', 'mentors.mjs', {
    DATABASE_URL: mentoringDb,
    DB_POOL_SIZE: config.stackEnv.DB_POOL_SIZE,
  });
  const viewer = mint('learner');
  for (const q of QUERIES) {
    const t = await request(gw, 'GET', `/api/mentors?${q}`, { token: viewer.token });
    const b = await request(baselineUrl, 'GET', `/mentors?${q}`);
    if (t.status !== 200) throw new Error(`GET /api/mentors?${q}: ${t.status} ${t.text.slice(0, 300)}`);
    if (
      t.json.total !== b.json?.total ||
      JSON.stringify(t.json.mentors.map((m) => m.user_id)) !== JSON.stringify(b.json?.mentors.map((m) => m.user_id))
    )
      throw new Error(`"${q}": the gateway and the baseline disagree (${t.json.total} vs ${b.json?.total})`);
  }
  let ti = 0;
  let bi = 0;
  const target = () => {
    const q = QUERIES[ti++ % QUERIES.length];
    return () => request(gw, 'GET', `/api/mentors?${q}`, { token: viewer.token });
  };
  const baseline = () => {
    const q = QUERIES[bi++ % QUERIES.length];
    return () => request(baselineUrl, 'GET', `/mentors?${q}`);
  };
  const rounds = [];
  for (let r = 0; r < config.rounds; r++) {
    if (config.warmupS) {
      await jobLoop(target, config.connections, config.warmupS);
      await jobLoop(baseline, config.connections, config.warmupS);
    }
    const t = await jobLoop(target, config.connections, config.durationS);
    const b = await jobLoop(baseline, config.connections, config.durationS);
    rounds.push({ target: t, baseline: b, ratio: t.perS / b.perS });
    say(
      `round ${r + 1}: target ${t.perS.toFixed(0)}/s p50 ${t.p50.toFixed(1)} ms p99 ${t.p99.toFixed(1)} ms errors ${t.errors}; baseline ${b.perS.toFixed(0)}/s p50 ${b.p50.toFixed(1)} ms p99 ${b.p99.toFixed(1)} ms; ratio ${(t.perS / b.perS).toFixed(2)}x`,
    );
    for (const e of [...t.errorSamples, ...b.errorSamples]) say(`  error: ${e}`);
    await sleep(500);
  }
  const med = (f) => median(rounds.map(f));
  const summary = {
    target: {
      perS: med((r) => r.target.perS),
      p50: med((r) => r.target.p50),
      p99: med((r) => r.target.p99),
      errors: rounds.reduce((s, r) => s + r.target.errors, 0),
    },
    baseline: {
      perS: med((r) => r.baseline.perS),
      p50: med((r) => r.baseline.p50),
      p99: med((r) => r.baseline.p99),
      errors: rounds.reduce((s, r) => s + r.baseline.errors, 0),
    },
    ratio: med((r) => r.ratio),
  };
  const checks = {
    raceExact: race.exact,
    ratio: summary.ratio >= config.goal.minRatio,
    p99: summary.target.p99 < config.goal.maxP99Ms,
    noError: summary.target.errors === 0,
  };
  const met = Object.values(checks).every(Boolean);
  say(
    `(f) GET /api/mentors: ${summary.target.perS.toFixed(0)}/s, p50 ${summary.target.p50.toFixed(1)} ms, p99 ${summary.target.p99.toFixed(1)} ms; bare ${summary.baseline.perS.toFixed(0)}/s p99 ${summary.baseline.p99.toFixed(1)} ms; ratio ${summary.ratio.toFixed(2)}x`,
  );
  say(
    `goal (race exact, >= ${config.goal.minRatio}x, p99 < ${config.goal.maxP99Ms} ms, 0 errors): ${met ? 'MET' : 'NOT MET'} (${Object.entries(
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
  const result = {
    scenario: 'f',
    startedAt: startedAt.toISOString(),
    quick,
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    config,
    race,
    rounds,
    summary,
    checks,
    goalMet: met,
  };
  const write = (name, text) => writeResult(resultsDir, name, text);
  write(`${stamp}${quick ? '-quick' : ''}-mentoring.json`, `${JSON.stringify(result, null, 2)}\n`);
  const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  write(
    `latest-mentoring${quick ? '-quick' : ''}.md`,
    [
      `# Benchmark (f): mentoring, ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      `**The race**: ${config.racers} learners POST /api/sessions/book at once for ${config.slots} free hours of one mentor (learner i for hour i % ${config.slots}), paying from their wallets: ${race.booked} booked, ${clear409} answered 409 SLOT_TAKEN (${JSON.stringify(byStatus)}), in ${f(raceS, 2)} s, p50 ${f(race.p50)} ms, p99 ${f(race.p99)} ms. In the databases afterwards: ${held} sessions held, ${overlapping} overlapping, ${charged} learners charged. ${race.exact ? 'Exact.' : 'NOT exact.'}`,
      '',
      `**Discovery**: GET /api/mentors over ${config.mentors} mentors, ${QUERIES.length} filters in turn (${QUERIES.map((q) => `\`${q || '(none)'}\``).join(', ')}), ${config.connections} connections, closed loop, ${rounds.length} round(s) of ${config.durationS} s alternating with the bare handler (Fastify + pg, the same SQL on mentoring's database). ${os.cpus().length}-core machine, load generator on the same machine.`,
      '',
      '| | requests/s | p50 ms | p99 ms | errors |',
      '|---|---|---|---|---|',
      `| through the gateway | ${f(summary.target.perS, 0)} | ${f(summary.target.p50)} | ${f(summary.target.p99)} | ${summary.target.errors} |`,
      `| bare Fastify + pg | ${f(summary.baseline.perS, 0)} | ${f(summary.baseline.p50)} | ${f(summary.baseline.p99)} | ${summary.baseline.errors} |`,
      '',
      `Ratio ${f(summary.ratio, 2)}x. Goal (race exact, >= ${config.goal.minRatio}x, p99 < ${config.goal.maxP99Ms} ms, 0 errors): ${met ? 'met' : 'NOT met'}.`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

await runScript(run, 'f', main);
