// Scenario (d) of `npm run bench`: a 40-question mock test submitted by 500 learners within
// the same 10 seconds, through the gateway (infra/bench.mjs runs this script; it also runs
// alone: `node bench/assessment.mjs`, after `node infra/build.mjs --server-only`).
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: assessment and the gateway from
//      their dist/ (NODE_ENV=test, LOG_LEVEL=warn, RATE_LIMIT_SCALE=0)
//   2. an instructor creates a 40-question mock test (multiple choice, true/false, short
//      answers over five subjects) through POST /api/mock-tests
//   3. 500 learners (tokens signed with the stack's secret: the gateway verifies them and
//      checks revocation in Redis as for anyone) open their session: GET /start (measured
//      as information)
//   4. the measured part: each learner submits at a random moment of the same 10-second
//      window (open loop: a request leaves at its moment whatever the others are doing);
//      BENCH_ASSESSMENT_DUPLICATES of them (default 50) submit a second time at another
//      random moment of the window (a double click, a retry after a timeout)
//   5. the count: attempts rows, submitted sessions and assessment.attempt.submitted
//      outbox rows must all be exactly 500; every duplicate must have answered the same
//      attempt as the first submit
//   6. the bare baseline: the same open-loop schedule against a bare Fastify /hello in its
//      own process, to show what the load generator and this machine cost by themselves
//
// Goal (issue 4): no error, no lost or doubled attempt, p99 of submit under 300 ms.
// Env: BENCH_ASSESSMENT_LEARNERS (500), BENCH_ASSESSMENT_QUESTIONS (40),
// BENCH_ASSESSMENT_WINDOW_S (10), BENCH_ASSESSMENT_DUPLICATES (50), BENCH_QUICK=1 (100
// learners over 5 s), BENCH_DB_POOL_SIZE, BENCH_LOG_LEVEL.
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { freePort, tail } from './lib/proc.mjs';
import { percentile, sleep } from './lib/load.mjs';
import { request } from './lib/http.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench d] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const int = (name, fallback) => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}=${v} is not a whole number >= 0`);
  return n;
};
const config = {
  learners: int('BENCH_ASSESSMENT_LEARNERS', quick ? 100 : 500),
  questions: int('BENCH_ASSESSMENT_QUESTIONS', 40),
  windowS: int('BENCH_ASSESSMENT_WINDOW_S', quick ? 5 : 10),
  duplicates: int('BENCH_ASSESSMENT_DUPLICATES', quick ? 10 : 50),
  goalP99Ms: 300,
  stackEnv: {
    // 'test': the stack runs on the shared open NATS/Redis and an administrator PostgreSQL URL,
    // which production refuses (libs/service-kit config.ts); the request paths measured are the same
    NODE_ENV: 'test',
    LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_SCALE: '0',
    DB_POOL_SIZE: env.BENCH_DB_POOL_SIZE || env.DB_POOL_SIZE || '10',
  },
};

const run = throwawayRun(root, 'd', say);
const { runId, busPrefix, children } = run;

/** Runs fn over items with at most `limit` in flight. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Fires every job at its own offset (ms) from now, whatever the earlier ones are doing. */
async function openLoop(jobs) {
  const t0 = performance.now();
  return Promise.all(
    jobs.map(async (job) => {
      const wait = job.at - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
      const lag = performance.now() - t0 - job.at;
      const r = await job.run();
      return { ...r, lag, at: job.at };
    }),
  ).then((results) => ({ results, elapsedMs: performance.now() - t0 }));
}

function stats(results) {
  const ms = Float64Array.from(results.map((r) => r.ms)).sort();
  return {
    count: results.length,
    errors: results.filter((r) => r.status !== 200).length,
    p50: percentile(ms, 50),
    p90: percentile(ms, 90),
    p99: percentile(ms, 99),
    max: ms.length ? ms[ms.length - 1] : NaN,
    maxLagMs: Math.max(0, ...results.map((r) => r.lag)),
  };
}

// ---------------------------------------------------------------- the test and the answers

const SUBJECTS = ['mathematics', 'science', 'english', 'history', 'programming'];

function buildQuestions(n) {
  return Array.from({ length: n }, (_, i) => {
    const subject = SUBJECTS[i % SUBJECTS.length];
    const kind = i % 5;
    if (kind === 3)
      return {
        question_text: `Bench Q${i + 1}: true or false?`,
        question_type: 'true_false',
        correct_answer: i % 2 ? 'True' : 'False',
        subject,
        points: 1,
      };
    if (kind === 4)
      return {
        question_text: `Bench Q${i + 1}: name the thing`,
        question_type: 'short_answer',
        correct_answer: `Answer ${i + 1}`,
        subject,
        points: 2,
      };
    const options = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((o) => `${o} ${i + 1}`);
    return {
      question_text: `Bench Q${i + 1}: pick one`,
      question_type: 'multiple_choice',
      options,
      correct_answer: options[i % 4],
      subject,
      points: 1,
    };
  });
}

/** A learner's answers: about 70 % right, some left blank, short answers in other case and spacing. */
function answersFor(questions, seed) {
  const answers = {};
  questions.forEach((q, i) => {
    const r = (seed * 31 + i * 17) % 100;
    if (r < 5) return; // unanswered
    const right = r < 75;
    if (q.question_type === 'short_answer') answers[q.id] = right ? `  ${q.correct_answer.toUpperCase()} ` : 'something else';
    else if (q.question_type === 'true_false') answers[q.id] = right ? q.correct_answer : q.correct_answer === 'True' ? 'False' : 'True';
    else answers[q.id] = right ? q.correct_answer : q.options.find((o) => o !== q.correct_answer);
  });
  return answers;
}

// ---------------------------------------------------------------- main

async function main() {
  say(
    `run ${runId}: ${config.learners} learners, ${config.questions} questions, one ${config.windowS} s window, ${config.duplicates} duplicate submits${quick ? ' (QUICK)' : ''}`,
  );
  const services = await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  {
    const { connectBus, ensureEventStream } = await import('@lp/bus');
    const nc = await connectBus({ url: services.NATS_URL, prefix: busPrefix, name: 'lp-bench-d' });
    try {
      await ensureEventStream(nc, busPrefix);
    } finally {
      await nc.close();
    }
  }
  const assessment = children.spawnNode('assessment', join(root, 'apps', 'assessment', 'dist', 'main.js'), stackEnv, { cwd: root });
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
      if (!children.isRunning(assessment)) throw new Error(`assessment exited:\n${tail(assessment.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return h.json?.services?.assessment?.status === 'ok';
    },
    { timeoutMs: 90_000, what: 'reporting assessment ok on /api/health' },
  );
  const helloUrl = await run.startBaseline('baseline-hello', 'hello.mjs');
  say(`stack up: gateway ${gw}, assessment pid ${assessment.child.pid}; baseline ${helloUrl}`);

  const mint = await run.tokenMinter();
  const instructor = mint('instructor');
  const learners = Array.from({ length: config.learners }, () => mint('learner'));

  // the mock test
  const created = await request(gw, 'POST', '/api/mock-tests', {
    token: instructor.token,
    body: {
      title: `Bench mock test ${runId}`,
      description: 'Scenario (d) of npm run bench',
      subject: 'mathematics',
      time_limit: 60,
      passing_score: 60,
      allow_multiple_attempts: true,
      show_results_immediately: true,
      questions: buildQuestions(config.questions),
    },
  });
  if (created.status !== 201) throw new Error(`POST /api/mock-tests answered ${created.status}: ${created.text.slice(0, 400)}`);
  const quiz = created.json;
  say(`mock test ${quiz.id}: ${quiz.questions.length} questions, ${quiz.total_points} points`);

  // sessions (information: measured, not the goal)
  const tStart = performance.now();
  const starts = await pool(learners, 32, (l) => request(gw, 'GET', `/api/mock-tests/${quiz.id}/start`, { token: l.token }));
  const startMs = performance.now() - tStart;
  const badStart = starts.find((s) => s.status !== 200);
  if (badStart) throw new Error(`GET /start answered ${badStart.status}: ${badStart.text.slice(0, 300)}`);
  const startStats = stats(starts.map((s) => ({ ...s, lag: 0 })));
  say(
    `${learners.length} sessions opened in ${(startMs / 1000).toFixed(2)} s (32 in flight): p50 ${startStats.p50.toFixed(1)} ms, p99 ${startStats.p99.toFixed(1)} ms`,
  );

  // the window: every learner once at a random moment, some twice
  const windowMs = config.windowS * 1000;
  const rand = () => Math.random() * windowMs;
  const submitJob = (i, kind) => ({
    kind,
    learner: i,
    at: rand(),
    run: () =>
      request(gw, 'POST', `/api/mock-tests/${quiz.id}/submit?session_id=${starts[i].json.session_id}`, {
        token: learners[i].token,
        body: { answers: answersFor(quiz.questions, i), question_times: {}, flagged_questions: [] },
      }),
  });
  const jobs = learners.map((_, i) => submitJob(i, 'first'));
  for (let d = 0; d < config.duplicates; d++) jobs.push(submitJob(Math.floor(Math.random() * learners.length), 'duplicate'));
  const { results, elapsedMs } = await openLoop(jobs);
  const first = results.filter((r, i) => jobs[i].kind === 'first');
  const dups = results.map((r, i) => ({ ...r, job: jobs[i] })).filter((r) => r.job.kind === 'duplicate');
  const all = stats(results);
  const firstStats = stats(first);
  say(
    `target: ${results.length} submits (${first.length} first, ${dups.length} duplicates) in ${(elapsedMs / 1000).toFixed(2)} s = ${(results.length / (elapsedMs / 1000)).toFixed(1)} submissions/s; p50 ${all.p50.toFixed(1)} ms, p90 ${all.p90.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms, max ${all.max.toFixed(1)} ms; errors ${all.errors}; generator lag max ${all.maxLagMs.toFixed(1)} ms`,
  );
  const errorSamples = results
    .filter((r) => r.status !== 200)
    .slice(0, 3)
    .map((r) => `${r.status} ${r.text.slice(0, 160)}`);
  for (const e of errorSamples) say(`  error: ${e}`);

  // duplicates must answer the first submit's attempt (whichever of the two came first)
  const attemptOf = new Map();
  results.forEach((r, i) => {
    if (r.status !== 200) return;
    const k = jobs[i].learner;
    const seen = attemptOf.get(k);
    if (seen && seen !== r.json.attempt_id) attemptOf.set(k, 'MISMATCH');
    else attemptOf.set(k, r.json.attempt_id);
  });
  const mismatched = [...attemptOf.values()].filter((v) => v === 'MISMATCH').length;

  // the count, in the service's own database
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: run.databaseUrl('assessment') });
  await c.connect();
  let counts;
  try {
    const one = async (sql, params) => Number((await c.query(sql, params)).rows[0].n);
    counts = {
      attempts: await one('SELECT count(*) AS n FROM attempts WHERE quiz_id = $1', [quiz.id]),
      distinctSessions: await one('SELECT count(DISTINCT session_id) AS n FROM attempts WHERE quiz_id = $1', [quiz.id]),
      distinctLearners: await one('SELECT count(DISTINCT user_id) AS n FROM attempts WHERE quiz_id = $1', [quiz.id]),
      submittedSessions: await one('SELECT count(*) AS n FROM test_sessions WHERE quiz_id = $1 AND submitted_at IS NOT NULL', [quiz.id]),
      events: await one("SELECT count(*) AS n FROM outbox WHERE name = 'assessment.attempt.submitted' AND payload->>'quiz_id' = $1", [
        quiz.id,
      ]),
    };
  } finally {
    await c.end().catch(() => undefined);
  }
  say(
    `count: ${counts.attempts} attempts (${counts.distinctSessions} sessions, ${counts.distinctLearners} learners), ${counts.submittedSessions} submitted sessions, ${counts.events} attempt.submitted events; duplicates answering another attempt: ${mismatched}`,
  );

  // the bare baseline on the same schedule
  const baseJobs = jobs.map((j) => ({ at: j.at, run: () => request(helloUrl, 'GET', '/hello') }));
  const base = await openLoop(baseJobs);
  const baseStats = stats(base.results);
  say(
    `baseline (bare Fastify /hello, same schedule): p50 ${baseStats.p50.toFixed(2)} ms, p99 ${baseStats.p99.toFixed(2)} ms, errors ${baseStats.errors}`,
  );

  const n = config.learners;
  const checks = {
    noError: all.errors === 0,
    exactlyOnce:
      counts.attempts === n && counts.distinctSessions === n && counts.submittedSessions === n && counts.events === n && mismatched === 0,
    p99UnderGoal: all.p99 < config.goalP99Ms,
  };
  const met = Object.values(checks).every(Boolean);
  say(
    `goal (no error, every submission graded exactly once, p99 < ${config.goalP99Ms} ms): ${met ? 'MET' : 'NOT MET'} (${Object.entries(
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
    scenario: 'd',
    startedAt: startedAt.toISOString(),
    quick,
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    config,
    quiz: { id: quiz.id, questions: quiz.questions.length, total_points: quiz.total_points },
    sessions: { ...startStats, wallMs: startMs },
    target: { ...all, elapsedMs, submissionsPerS: results.length / (elapsedMs / 1000), firstOnly: firstStats, errorSamples },
    baseline: baseStats,
    counts,
    duplicatesAnsweringAnotherAttempt: mismatched,
    checks,
    goalMet: met,
  };
  const write = (name, text) => writeResult(resultsDir, name, text);
  const file = `${stamp}${quick ? '-quick' : ''}-assessment.json`;
  write(file, `${JSON.stringify(result, null, 2)}\n`);
  const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  write(
    `latest-assessment${quick ? '-quick' : ''}.md`,
    [
      `# Benchmark (d): mock-test submissions, ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      `${n} learners submit a ${quiz.questions.length}-question mock test (multiple choice, true/false, short answers; ${SUBJECTS.length} subjects) through the gateway, each at a random moment of one ${config.windowS}-second window (open loop), and ${config.duplicates} of them submit a second time. Sessions opened beforehand with GET /api/mock-tests/{id}/start. ${os.cpus().length}-core machine, load generator on the same machine.`,
      '',
      '| | requests | submissions/s | p50 ms | p90 ms | p99 ms | max ms | errors |',
      '|---|---|---|---|---|---|---|---|',
      `| submit through the gateway | ${results.length} | ${f(result.target.submissionsPerS)} | ${f(all.p50)} | ${f(all.p90)} | ${f(all.p99)} | ${f(all.max)} | ${all.errors} |`,
      `| bare Fastify /hello, same schedule | ${base.results.length} | - | ${f(baseStats.p50, 2)} | ${f(baseStats.p90, 2)} | ${f(baseStats.p99, 2)} | ${f(baseStats.max, 2)} | ${baseStats.errors} |`,
      `| (information) GET /start, 32 in flight | ${startStats.count} | ${f(startStats.count / (startMs / 1000))} | ${f(startStats.p50)} | ${f(startStats.p90)} | ${f(startStats.p99)} | ${f(startStats.max)} | ${startStats.errors} |`,
      '',
      `Counted in the service's database: ${counts.attempts} attempts over ${counts.distinctSessions} sessions and ${counts.distinctLearners} learners, ${counts.submittedSessions} submitted sessions, ${counts.events} \`assessment.attempt.submitted\` outbox rows; duplicates answering another attempt than the first: ${mismatched}.`,
      '',
      `Goal: no error, every submission graded exactly once, p99 < ${config.goalP99Ms} ms: **${met ? 'met' : 'not met'}**.`,
      '',
    ].join('\n'),
  );
  say(`wrote bench/results/${file} and bench/results/latest-assessment${quick ? '-quick' : ''}.md`);
  if (!met) process.exitCode = 1;
}

await runScript(run, 'd', main);
