// Scenario (e) of `npm run bench`: payments between 1,000 wallets at 32 connections through
// the gateway (infra/bench.mjs runs this script; alone: `node bench/billing.mjs` after
// `node infra/build.mjs --server-only`).
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: identity (it loads the revocation
//      list the gateway checks), catalog, billing and the gateway from their dist/
//      (NODE_ENV=test, LOG_LEVEL=warn, RATE_LIMIT_SCALE=0)
//   2. 1,000 wallets: 950 learners funded through billing's demo-data deposit, 50 instructors
//      with 200 paid courses (catalog's seed subject)
//   3. the measured part, closed loop at BENCH_CONNECTIONS (32): POST /api/payments/initiate,
//      payment_method wallet, each request a (learner, course) pair not bought before: billing
//      prices the course with catalog over the bus, moves the money (learner -> instructor's
//      share + the platform's fee) and writes the revenue share, both rows people see and the
//      outbox event in one transaction
//   4. the bare baseline, alternating with the target: Fastify + pg doing the same ledger
//      transaction on billing's database (bench/baselines/ledger.mjs), on fresh pairs
//   5. an equal load (BENCH_E_RATE, 100 payments/s, open loop) for both, as information: the
//      latency the stack adds without queueing behind 32 connections
//   6. after the runs: every wallet's balance equals the sum of its entries and none is below
//      zero, every journal sums to zero
//
// Goal (issue 10): >= 0.3x of the bare handler, p99 under 100 ms, 0 errors, 0 invariant
// violations. Env: BENCH_QUICK=1, BENCH_ROUNDS (3), BENCH_DURATION (10 s), BENCH_WARMUP (2 s),
// BENCH_CONNECTIONS (32), BENCH_E_RATE (100), BENCH_DB_POOL_SIZE, BENCH_LOG_LEVEL, BENCH_E_PROFILE=1
// (billing runs with --cpu-prof into /tmp/billing-prof).
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { freePort, tail } from './lib/proc.mjs';
import { jobLoop, median, percentile, sleep } from './lib/load.mjs';
import { request } from './lib/http.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench e] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const config = {
  learners: 950,
  instructors: 50,
  courses: 200,
  rounds: Math.max(quick ? 1 : 3, num('BENCH_ROUNDS', quick ? 1 : 3)),
  durationS: num('BENCH_DURATION', quick ? 3 : 10),
  warmupS: num('BENCH_WARMUP', quick ? 1 : 2),
  connections: num('BENCH_CONNECTIONS', 32),
  goal: { minRatio: 0.3, maxP99Ms: 100 },
  stackEnv: {
    NODE_ENV: 'test',
    LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_SCALE: '0',
    DB_POOL_SIZE: env.BENCH_DB_POOL_SIZE || env.DB_POOL_SIZE || '10',
  },
};

const run = throwawayRun(root, 'e', say);
const { runId, busPrefix, children } = run;

/** Open loop at a fixed rate: each request leaves at its moment whatever the others do (latency without a queue of our own making). */
async function paced(nextJob, ratePerS, seconds) {
  const n = Math.floor(ratePerS * seconds);
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const job = nextJob();
      if (!job) return null;
      const wait = (i * 1000) / ratePerS - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
      return job();
    }),
  );
  const done = results.filter(Boolean);
  const ms = Float64Array.from(done.map((r) => r.ms)).sort();
  return {
    requests: done.length,
    rate: ratePerS,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    errors: done.filter((r) => r.status !== 200).length,
  };
}

async function main() {
  say(
    `run ${runId}: ${config.learners + config.instructors} wallets, ${config.courses} courses, ${config.connections} connections, ${config.rounds} round(s) of ${config.durationS} s${quick ? ' (QUICK)' : ''}`,
  );
  const services = await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  const { connectBus, ensureEventStream, RpcClient } = await import('@lp/bus');
  const nc = await connectBus({ url: services.NATS_URL, prefix: busPrefix, name: 'lp-bench-e' });
  await ensureEventStream(nc, busPrefix);
  const rpc = new RpcClient(nc, busPrefix, 30_000);
  // identity loads the revocation list the gateway checks on every request (as in production)
  const identity = children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, { cwd: root });
  const catalog = children.spawnNode('catalog', join(root, 'apps', 'catalog', 'dist', 'main.js'), stackEnv, { cwd: root });
  const billing = children.spawnNode('billing', join(root, 'apps', 'billing', 'dist', 'main.js'), stackEnv, {
    cwd: root,
    ...(env.BENCH_E_PROFILE ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/billing-prof'] } : {}),
  });
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
      for (const c of [identity, catalog, billing]) if (!children.isRunning(c)) throw new Error(`${c.name} exited:\n${tail(c.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return ['identity', 'billing', 'catalog'].every((s) => h.json?.services?.[s]?.status === 'ok');
    },
    { timeoutMs: 90_000, what: 'reporting billing and catalog ok on /api/health' },
  );
  const billingDb = run.databaseUrl('billing');
  const ledgerUrl = await run.startBaseline('baseline-ledger', 'ledger.mjs', {
    DATABASE_URL: billingDb,
    DB_POOL_SIZE: config.stackEnv.DB_POOL_SIZE,
  });
  say(`stack up: gateway ${gw}; baseline ${ledgerUrl}`);

  // wallets and courses
  const mint = await run.tokenMinter();
  const learners = Array.from({ length: config.learners }, () => mint('learner'));
  const instructors = Array.from({ length: config.instructors }, () => mint('instructor'));
  const tSeed = performance.now();
  const courses = [];
  for (let i = 0; i < config.courses; i += 20) {
    courses.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, config.courses - i) }, async (_, k) => {
          const n = i + k;
          const instructor = instructors[n % instructors.length];
          const price = 1 + ((n * 37) % 1900) / 100; // $1.00 .. $19.99
          const r = await rpc.request('catalog.seed.ensure-course', {
            instructor_id: instructor.userId,
            title: `Bench course ${n}`,
            description: 'Scenario (e) of npm run bench',
            price,
            category: 'programming',
            level: 'beginner',
            is_published: true,
          });
          return { id: r.id, price, priceMinor: Math.round(price * 100), instructor: instructor.userId, title: `Bench course ${n}` };
        }),
      )),
    );
  }
  for (let i = 0; i < learners.length; i += 50)
    await Promise.all(
      learners
        .slice(i, i + 50)
        .map((l) =>
          rpc.request('billing.seed.wallet', { user_id: l.userId, currency: 'USD', deposit_minor: 1_000_000, description: 'Bench funds' }),
        ),
    );
  await nc.close();
  say(`seeded ${courses.length} courses and ${learners.length} funded wallets in ${((performance.now() - tSeed) / 1000).toFixed(1)} s`);

  // every (learner, course) pair once, shuffled; target and baseline draw from the same list
  const pairs = [];
  for (let l = 0; l < learners.length; l++) for (let c = 0; c < courses.length; c++) pairs.push([l, c]);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  let next = 0;
  const target = () => {
    if (next >= pairs.length) return null;
    const [l, c] = pairs[next++];
    return () =>
      request(gw, 'POST', '/api/payments/initiate', {
        token: learners[l].token,
        body: { payment_method: 'wallet', item_type: 'course', item_id: courses[c].id, amount: courses[c].price },
      });
  };
  const baseline = () => {
    if (next >= pairs.length) return null;
    const [l, c] = pairs[next++];
    const course = courses[c];
    return () =>
      request(ledgerUrl, 'POST', '/pay', {
        body: {
          payer: learners[l].userId,
          recipient: course.instructor,
          course: course.id,
          price_minor: course.priceMinor,
          title: course.title,
        },
      });
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
      `round ${r + 1}: target ${t.perS.toFixed(0)} payments/s p50 ${t.p50.toFixed(1)} ms p99 ${t.p99.toFixed(1)} ms errors ${t.errors}; baseline ${b.perS.toFixed(0)}/s p50 ${b.p50.toFixed(1)} ms p99 ${b.p99.toFixed(1)} ms errors ${b.errors}; ratio ${(t.perS / b.perS).toFixed(2)}x`,
    );
    for (const e of [...t.errorSamples, ...b.errorSamples]) say(`  error: ${e}`);
    await sleep(500);
  }

  // equal load: the same fixed rate for both, well under either's capacity (information: the latency the hops add)
  const equalRate = num('BENCH_E_RATE', 100);
  const equal = { target: await paced(target, equalRate, config.durationS), baseline: await paced(baseline, equalRate, config.durationS) };
  say(
    `equal load ${equalRate}/s: target p50 ${equal.target.p50.toFixed(1)} ms p99 ${equal.target.p99.toFixed(1)} ms errors ${equal.target.errors}; baseline p50 ${equal.baseline.p50.toFixed(1)} ms p99 ${equal.baseline.p99.toFixed(1)} ms`,
  );

  // the invariants, in billing's own database
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: billingDb });
  await c.connect();
  let invariants;
  try {
    const n = async (sql) => Number((await c.query(sql)).rows[0].n);
    invariants = {
      wallets: await n(`SELECT count(*) AS n FROM accounts WHERE kind = 'wallet'`),
      balanceNotEntries:
        await n(`SELECT count(*) AS n FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
        WHERE a.kind IN ('wallet', 'withdrawal_hold') AND a.balance <> coalesce(e.s, 0)`),
      negative: await n(`SELECT count(*) AS n FROM accounts WHERE balance < 0 AND kind IN ('wallet', 'withdrawal_hold')`),
      unbalancedJournals: await n(
        `SELECT count(*) AS n FROM (SELECT 1 FROM ledger_entries GROUP BY journal_id, currency HAVING sum(amount) <> 0) j`,
      ),
      payments: await n(`SELECT count(*) AS n FROM transactions WHERE type = 'payment' AND status = 'completed'`),
    };
  } finally {
    await c.end().catch(() => undefined);
  }
  const violations = invariants.balanceNotEntries + invariants.negative + invariants.unbalancedJournals;
  say(
    `invariants: ${invariants.wallets} wallets, ${invariants.payments} completed payments; balances off their entries ${invariants.balanceNotEntries}, negative ${invariants.negative}, unbalanced journals ${invariants.unbalancedJournals}`,
  );

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
    ratio: summary.ratio >= config.goal.minRatio,
    p99: summary.target.p99 < config.goal.maxP99Ms,
    noError: summary.target.errors === 0,
    noViolation: violations === 0,
  };
  const met = Object.values(checks).every(Boolean);
  say(
    `(e) payments through the gateway: ${summary.target.perS.toFixed(0)}/s, p50 ${summary.target.p50.toFixed(1)} ms, p99 ${summary.target.p99.toFixed(1)} ms; bare handler ${summary.baseline.perS.toFixed(0)}/s; ratio ${summary.ratio.toFixed(2)}x (medians of ${rounds.length})`,
  );
  say(
    `goal (>= ${config.goal.minRatio}x, p99 < ${config.goal.maxP99Ms} ms, 0 errors, 0 violations): ${met ? 'MET' : 'NOT MET'} (${Object.entries(
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
    scenario: 'e',
    startedAt: startedAt.toISOString(),
    quick,
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    config,
    rounds,
    summary,
    equalLoad: equal,
    invariants,
    checks,
    goalMet: met,
  };
  const write = (name, text) => writeResult(resultsDir, name, text);
  write(`${stamp}${quick ? '-quick' : ''}-billing.json`, `${JSON.stringify(result, null, 2)}\n`);
  const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  write(
    `latest-billing${quick ? '-quick' : ''}.md`,
    [
      `# Benchmark (e): wallet payments, ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      `${config.learners} learners buy paid courses of ${config.instructors} instructors from their wallets (1,000 wallets), POST /api/payments/initiate at ${config.connections} connections, closed loop, ${rounds.length} round(s) of ${config.durationS} s alternating with the bare handler (Fastify + pg, the same ledger transaction on billing's database). ${os.cpus().length}-core machine, load generator on the same machine.`,
      '',
      '| | payments/s | p50 ms | p99 ms | errors |',
      '|---|---|---|---|---|',
      `| through the gateway | ${f(summary.target.perS, 0)} | ${f(summary.target.p50)} | ${f(summary.target.p99)} | ${summary.target.errors} |`,
      `| bare Fastify + pg | ${f(summary.baseline.perS, 0)} | ${f(summary.baseline.p50)} | ${f(summary.baseline.p99)} | ${summary.baseline.errors} |`,
      '',
      `At an equal load of ${equal.target.rate} payments/s (open loop) for both: through the gateway p50 ${f(equal.target.p50)} ms, p99 ${f(equal.target.p99)} ms, ${equal.target.errors} errors; bare p50 ${f(equal.baseline.p50)} ms, p99 ${f(equal.baseline.p99)} ms.`,
      '',
      `Ratio ${f(summary.ratio, 2)}x. Invariants after the runs: ${invariants.wallets} wallets, ${invariants.payments} completed payments, balances off their entries ${invariants.balanceNotEntries}, negative ${invariants.negative}, unbalanced journals ${invariants.unbalancedJournals}. Goal: ${met ? 'met' : 'NOT met'}.`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

await runScript(run, 'e', main);
