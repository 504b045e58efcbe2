// Scenario (h), second half: live-update fan-out (issue 13). 1,000 open server-sent event
// streams on one study group's live feed, one message posted, the time until the last of the
// 1,000 receivers has it. Alone: `node bench/live-fanout.mjs` after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: community and the gateway from their
//      dist/ (NODE_ENV=test, LOG_LEVEL=warn, RATE_LIMIT_SCALE=0); tokens are signed with the
//      run's secret, so identity is not needed (the gateway still checks revocation in Redis)
//   2. one group with 1,001 members written straight into community's database (the poster,
//      its creator, and 1,000 receivers). A real group has at most 100 members (the spec's
//      max_members); the fan-out does not care who the receivers are, so the bench packs
//      1,000 into one group: member_count stays within its CHECK, the member rows are what
//      the live feed's access check reads
//   3. 1,000 streams GET /api/live/study-groups/{id}, each with its receiver's token, opened 100
//      at a time (each one asks community over the bus whether its user is a member)
//   4. the measured part, BENCH_LIVE_MESSAGES (20) times, one after the other: POST
//      /api/study-groups/{id}/messages (community stores it and writes the event to its outbox,
//      the relay publishes it on NATS, the gateway's one subscription hands it to the 1,000
//      streams); per message the time from sending the POST to the moment the last receiver
//      read the frame, and to the median receiver
//
// Goal (issue 13): p99 of "last receiver" under 500 ms, every receiver gets every message.
// The receivers run in this process, on the same machine: their own reading is in the figures.
// Env: BENCH_QUICK=1 (5 messages), BENCH_LIVE_MESSAGES, BENCH_LIVE_CONNECTIONS (1000), BENCH_LOG_LEVEL.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { freePort, tail } from './lib/proc.mjs';
import { openStream } from './lib/sse.mjs';
import { percentile, sleep } from './lib/load.mjs';
import { request } from './lib/http.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench h-live] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const config = {
  connections: num('BENCH_LIVE_CONNECTIONS', 1000),
  messages: num('BENCH_LIVE_MESSAGES', quick ? 5 : 20),
  openBatch: 100,
  deliveryTimeoutMs: 10_000,
  goal: { maxP99Ms: 500 },
  stackEnv: { NODE_ENV: 'test', LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn', RATE_LIMIT_SCALE: '0' },
};

const run = throwawayRun(root, 'h-live', say);
const { runId, children } = run;

async function main() {
  say(`run ${runId}: ${config.connections} streams on one group, ${config.messages} messages${quick ? ' (QUICK)' : ''}`);
  await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  const community = children.spawnNode('community', join(root, 'apps', 'community', 'dist', 'main.js'), stackEnv, { cwd: root });
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
      if (!children.isRunning(community)) throw new Error(`community exited:\n${tail(community.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return h.json?.services?.community?.status === 'ok';
    },
    { timeoutMs: 90_000, what: 'reporting community ok on /api/health' },
  );
  say(`stack up: gateway ${gw}`);

  const mintAs = await run.tokenMinter();
  const mint = () => mintAs('learner');
  const poster = mint();
  const receivers = Array.from({ length: config.connections }, mint);
  const groupId = randomUUID();

  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: run.databaseUrl('community') });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO study_groups (id, name, description, category, max_members, privacy, creator_id, member_count)
       VALUES ($1, 'Bench live fan-out', 'Scenario (h) of npm run bench', 'programming_development', 100, 'private', $2, 100)`,
      [groupId, poster.userId],
    );
    await db.query(`INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 'creator')`, [groupId, poster.userId]);
    await db.query(`INSERT INTO group_members (group_id, user_id, role) SELECT $1, unnest($2::uuid[]), 'member'`, [
      groupId,
      receivers.map((r) => r.userId),
    ]);
    await db.query('COMMIT');
  } finally {
    await db.end().catch(() => undefined);
  }

  const tOpen = performance.now();
  const streams = [];
  for (let i = 0; i < receivers.length; i += config.openBatch)
    streams.push(
      ...(await Promise.all(
        receivers.slice(i, i + config.openBatch).map((r) => openStream(gw, `/api/live/study-groups/${groupId}`, r.token)),
      )),
    );
  const openS = (performance.now() - tOpen) / 1000;
  say(`${streams.length} streams open in ${openS.toFixed(1)} s`);

  const samples = [];
  for (let m = 0; m < config.messages; m++) {
    const marker = `bench-${runId}-${m}-${randomUUID().slice(0, 8)}`;
    const arrivals = streams.map((s) => s.expect(marker, config.deliveryTimeoutMs));
    const t0 = performance.now();
    const post = await request(gw, 'POST', `/api/study-groups/${groupId}/messages`, {
      token: poster.token,
      body: { content: `Fan-out ${marker}` },
    });
    if (post.status !== 201) throw new Error(`posting a message: ${post.status} ${post.text.slice(0, 300)}`);
    const got = await Promise.all(arrivals);
    const times = Float64Array.from(got.filter((t) => t !== null).map((t) => t - t0)).sort();
    const missed = got.filter((t) => t === null).length;
    samples.push({
      postMs: post.ms,
      lastMs: times.length ? times[times.length - 1] : NaN,
      medianMs: percentile(times, 50),
      firstMs: times[0] ?? NaN,
      missed,
    });
    say(
      `message ${m + 1}: POST ${post.ms.toFixed(1)} ms; first receiver ${times[0]?.toFixed(1)} ms, median ${percentile(times, 50).toFixed(1)} ms, last ${samples.at(-1).lastMs.toFixed(1)} ms; missed ${missed}`,
    );
    await sleep(200);
  }
  for (const s of streams) s.close();

  const sorted = (f) => Float64Array.from(samples.map(f)).sort();
  const last = sorted((s) => s.lastMs);
  const summary = {
    lastReceiver: { p50: percentile(last, 50), p99: percentile(last, 99), max: last[last.length - 1] },
    medianReceiver: {
      p50: percentile(
        sorted((s) => s.medianMs),
        50,
      ),
    },
    post: {
      p50: percentile(
        sorted((s) => s.postMs),
        50,
      ),
    },
    missed: samples.reduce((n, s) => n + s.missed, 0),
  };
  const checks = { p99: summary.lastReceiver.p99 < config.goal.maxP99Ms, noneMissed: summary.missed === 0 };
  const met = Object.values(checks).every(Boolean);
  say(
    `(h) live fan-out to ${streams.length} streams: last receiver p50 ${summary.lastReceiver.p50.toFixed(1)} ms, p99 ${summary.lastReceiver.p99.toFixed(1)} ms (max ${summary.lastReceiver.max.toFixed(1)}); median receiver p50 ${summary.medianReceiver.p50.toFixed(1)} ms; POST p50 ${summary.post.p50.toFixed(1)} ms; missed ${summary.missed}`,
  );
  say(`goal (p99 of the last receiver < ${config.goal.maxP99Ms} ms, none missed): ${met ? 'MET' : 'NOT MET'}`);

  const startedAt = new Date();
  const stamp = startedAt
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const result = {
    scenario: 'h-live',
    startedAt: startedAt.toISOString(),
    quick,
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    config,
    openSeconds: openS,
    samples,
    summary,
    checks,
    goalMet: met,
  };
  const write = (name, text) => writeResult(resultsDir, name, text);
  write(`${stamp}${quick ? '-quick' : ''}-live-fanout.json`, `${JSON.stringify(result, null, 2)}\n`);
  const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  write(
    `latest-live-fanout${quick ? '-quick' : ''}.md`,
    [
      `# Benchmark (h): live-update fan-out, ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      `${streams.length} server-sent event streams open on one study group's live feed (GET /api/live/study-groups/{id}, each its own member's token; opened in ${f(openS)} s), then ${samples.length} messages posted one after the other through POST /api/study-groups/{id}/messages: community stores each and writes its event to the outbox, the relay publishes it, the gateway's one NATS subscription writes it to every stream. Measured from sending the POST to the frame read by the receiver. ${os.cpus().length}-core machine; the 1,000 receivers run in the bench process on the same machine.`,
      '',
      '| per message | p50 ms | p99 ms |',
      '|---|---|---|',
      `| last receiver has it | ${f(summary.lastReceiver.p50)} | ${f(summary.lastReceiver.p99)} |`,
      `| median receiver has it | ${f(summary.medianReceiver.p50)} | - |`,
      `| the POST answered | ${f(summary.post.p50)} | - |`,
      '',
      `Receivers that missed a message: ${summary.missed}. Goal (p99 of the last receiver under ${config.goal.maxP99Ms} ms, none missed): ${met ? 'met' : 'NOT met'}.`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

await runScript(run, 'h-live', main);
