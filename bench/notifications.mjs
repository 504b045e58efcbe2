// Scenario (j) of `npm run bench` (issue 27): one course announcement to 10,000 enrolled learners.
// Alone: `node bench/notifications.mjs` after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: identity (the gateway's sign-in checks), catalog, gamification, the gateway and
//      the worker from their dist/ (NODE_ENV=test, LOG_LEVEL=warn, RATE_LIMIT_SCALE=0), the
//      worker's SMTP_URL pointing at a local SMTP sink (smtp-server) in this process; tokens are
//      signed with the run's secret, so identity is not needed
//   2. BENCH_ANNOUNCE_LEARNERS (10,000) learners written straight into the stack's databases:
//      gamification's users read model (names and e-mail addresses, so each gets an e-mail
//      delivery) and catalog's enrollments in one course the instructor created through the gateway
//   3. BENCH_ANNOUNCE_STREAMS (200) of them connected to the live bell (GET /api/live/me)
//   4. the measured part: the instructor's POST /api/courses/{id}/announcements; from sending it,
//      the time until gamification holds every notification, until every delivery is handed to
//      BullMQ, and until the sink has received one e-mail for every learner (then 3 s more, so a
//      doubled one would be counted); each stream's time to its notification.created
//   5. the baseline: a bare loop of nodemailer sends (the worker's very transport options) of
//      the same number of e-mails to the same sink, as many at once as the worker runs e-mail
//      jobs (WORKER_CONCURRENCY, 2 by default)
//
// Goal (issue 27): e-mails at >= 0.5x the bare loop's rate (end to end from the POST), 0 lost,
// 0 doubled, every notification stored once; the live bell's p99 (POST -> the stream) <= 1 s.
// Run it outside quiet hours of the platform's zone (22:00-07:00 Africa/Addis_Ababa): inside
// them the e-mails are delayed jobs for 07:00 and the run fails saying so.
// Env: BENCH_QUICK=1 (2,000 learners, 50 streams), BENCH_ANNOUNCE_LEARNERS, BENCH_ANNOUNCE_STREAMS,
// BENCH_WORKER_CONCURRENCY (the worker's WORKER_CONCURRENCY and the baseline's), BENCH_BASELINE_SENDS
// (the bare loop's count, default the learners'), BENCH_LOG_LEVEL.
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
const say = (line) => console.log(`[bench j] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const config = {
  learners: num('BENCH_ANNOUNCE_LEARNERS', quick ? 2000 : 10_000),
  streams: num('BENCH_ANNOUNCE_STREAMS', quick ? 50 : 200),
  workerConcurrency: num('BENCH_WORKER_CONCURRENCY', 2),
  // the bare loop's rate settles within a few hundred sends; a smaller count keeps a full run shorter
  baselineSends: num('BENCH_BASELINE_SENDS', quick ? 2000 : 10_000),
  openBatch: 50,
  doneTimeoutMs: 900_000,
  settleMs: 3000,
  goal: { minRatio: 0.5, maxLiveP99Ms: 1000 },
  stackEnv: { NODE_ENV: 'test', LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn', RATE_LIMIT_SCALE: '0' },
};

const run = throwawayRun(root, 'j', say);
const { runId, children } = run;

/** The local SMTP sink: counts every message by envelope recipient, per phase. */
async function startSink() {
  const { SMTPServer } = await import('smtp-server');
  const sink = { phase: 'target', received: { target: new Map(), baseline: new Map() }, total: { target: 0, baseline: 0 } };
  const server = new SMTPServer({
    authOptional: true,
    // a reverse DNS lookup per connection (smtp-server's default) costs the sink ~100 ms a message here
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, done) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const phase = sink.phase;
        for (const r of session.envelope.rcptTo) {
          const m = sink.received[phase];
          m.set(r.address, (m.get(r.address) ?? 0) + 1);
        }
        sink.total[phase]++;
        done();
      });
    },
  });
  // a sender killed mid-session resets its connection: smtp-server emits that as an error, which unhandled ends the process
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = server.server.address().port;
  sink.close = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

/** The bare loop: `n` nodemailer sends to the sink, `concurrency` at a time, with the worker's transport options. */
async function bareLoop(sink, n, concurrency) {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    url: `smtp://127.0.0.1:${sink.port}`,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        await transport.sendMail({
          from: 'Learning Platform <no-reply@learning-platform.local>',
          to: `baseline${i}@bench.test`,
          subject: 'New announcement in Bench Course',
          text: `Bench announcement ${i}\n\nOpen: https://learn.example.test/course/x/learn`,
          html: `<p>Bench announcement ${i}</p>`,
        });
      }
    }),
  );
  transport.close();
  return (performance.now() - t0) / 1000;
}

async function main() {
  say(
    `run ${runId}: ${config.learners} learners, ${config.streams} live streams, worker concurrency ${config.workerConcurrency}${quick ? ' (QUICK)' : ''}`,
  );
  await run.acquire();
  const sink = await startSink();
  const stackEnv = run.stackEnv(config.stackEnv);
  // identity: the gateway's sign-in checks (the revocation list) answer from it
  const identity = children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, { cwd: root });
  const catalog = children.spawnNode('catalog', join(root, 'apps', 'catalog', 'dist', 'main.js'), stackEnv, { cwd: root });
  const gamification = children.spawnNode('gamification', join(root, 'apps', 'gamification', 'dist', 'main.js'), stackEnv, { cwd: root });
  const worker = children.spawnNode(
    'worker',
    join(root, 'apps', 'worker', 'dist', 'main.js'),
    { ...stackEnv, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, WORKER_CONCURRENCY: String(config.workerConcurrency) },
    { cwd: root },
  );
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
      for (const p of [identity, catalog, gamification, worker])
        if (!children.isRunning(p)) throw new Error(`${p.name} exited:\n${tail(p.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return ['identity', 'catalog', 'gamification'].every((s) => h.json?.services?.[s]?.status === 'ok');
    },
    { timeoutMs: 120_000, what: 'reporting identity, catalog and gamification ok on /api/health' },
  );
  say(`stack up: gateway ${gw}, SMTP sink on ${sink.port}`);

  const mintAs = await run.tokenMinter();
  const instructor = mintAs('instructor');
  const learners = Array.from({ length: config.learners }, () => mintAs('learner'));
  const created = await request(gw, 'POST', '/api/courses', {
    token: instructor.token,
    body: { title: 'Bench Course', description: 'Scenario (j) of npm run bench', price: 0, is_published: true },
  });
  if (created.status !== 201) throw new Error(`creating the course: ${created.status} ${created.text.slice(0, 300)}`);
  const courseId = created.json.id;

  const { default: pg } = await import('pg');
  const seedT0 = performance.now();
  const ids = learners.map((l) => l.userId);
  for (const [service, sql, params] of [
    [
      'gamification',
      `INSERT INTO users (id, name, email) SELECT id, 'Learner ' || n, 'learner' || n || '@bench.test' FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`,
      [ids],
    ],
    ['catalog', `INSERT INTO enrollments (course_id, user_id) SELECT $1, unnest($2::uuid[])`, [courseId, ids]],
  ]) {
    const db = new pg.Client({ connectionString: run.databaseUrl(service) });
    await db.connect();
    try {
      await db.query(sql, params);
      await db.query('ANALYZE');
    } finally {
      await db.end().catch(() => undefined);
    }
  }
  say(`seeded ${config.learners} learners and enrollments in ${((performance.now() - seedT0) / 1000).toFixed(1)} s`);

  const tOpen = performance.now();
  const streams = [];
  const streamed = learners.slice(0, config.streams);
  for (let i = 0; i < streamed.length; i += config.openBatch)
    streams.push(...(await Promise.all(streamed.slice(i, i + config.openBatch).map((l) => openStream(gw, '/api/live/me', l.token)))));
  say(`${streams.length} live streams open in ${((performance.now() - tOpen) / 1000).toFixed(1)} s`);

  const gdb = new pg.Client({ connectionString: run.databaseUrl('gamification') });
  await gdb.connect();
  const count = async (sql) => (await gdb.query(sql)).rows[0].n;
  try {
    const marker = `bench-${runId}-${randomUUID().slice(0, 8)}`;
    const arrivals = streams.map((s) => s.expect(marker, config.doneTimeoutMs));
    sink.phase = 'target';
    const t0 = performance.now();
    const post = await request(gw, 'POST', `/api/courses/${courseId}/announcements`, {
      token: instructor.token,
      body: { title: `Exam moved ${marker}`, message: 'The exam is on Friday now, same room. Bring your student card.' },
    });
    if (post.status !== 201) throw new Error(`posting the announcement: ${post.status} ${post.text.slice(0, 300)}`);
    const marks = {};
    const since = () => (performance.now() - t0) / 1000;
    const until = Date.now() + config.doneTimeoutMs;
    let lastReport = 0;
    while (Date.now() < until) {
      if (
        marks.stored === undefined &&
        (await count("SELECT count(*)::int AS n FROM notifications WHERE type = 'course_announcement'")) >= config.learners
      )
        marks.stored = since();
      if (marks.stored !== undefined && marks.handed === undefined) {
        const pending = await count(
          "SELECT count(*)::int AS n FROM notification_deliveries WHERE channel = 'email' AND status = 'pending'",
        );
        const delayed = await count(
          "SELECT count(*)::int AS n FROM notification_deliveries WHERE channel = 'email' AND not_before > now()",
        );
        if (delayed > 0)
          throw new Error(`${delayed} e-mails are held through quiet hours (22:00-07:00 Africa/Addis_Ababa): run the bench in the day`);
        if (pending === 0) marks.handed = since();
      }
      if (marks.mailed === undefined && sink.received.target.size >= config.learners) marks.mailed = since();
      if (marks.stored !== undefined && marks.handed !== undefined && marks.mailed !== undefined) break;
      if (since() - lastReport >= 10) {
        lastReport = since();
        say(`  ${since().toFixed(0)} s: ${sink.total.target} e-mails received`);
      }
      await sleep(50);
    }
    if (marks.mailed === undefined)
      throw new Error(`only ${sink.received.target.size} of ${config.learners} learners got their e-mail in time`);
    await sleep(config.settleMs);
    const got = await Promise.all(arrivals.map((p) => Promise.race([p, sleep(10).then(() => null)])));
    for (const s of streams) s.close();
    const live = Float64Array.from(got.filter((t) => t !== null).map((t) => t - t0)).sort();
    const stored = await count("SELECT count(*)::int AS n FROM notifications WHERE type = 'course_announcement'");
    const distinctStored = await count("SELECT count(DISTINCT user_id)::int AS n FROM notifications WHERE type = 'course_announcement'");
    // where the bell's time goes: the outbox relay publishes gamification's events one at a time
    const relay = (
      await gdb.query(
        `SELECT count(*)::int AS n, extract(epoch FROM max(published_at) - min(occurred_at))::float8 AS span_s,
                extract(epoch FROM max(published_at) - min(published_at))::float8 AS publish_s
           FROM outbox WHERE name = 'gamification.notification.created'`,
      )
    ).rows[0];
    const recipients = [...sink.received.target.values()];
    const lost = config.learners - learners.filter((_l, i) => sink.received.target.has(`learner${i + 1}@bench.test`)).length;
    const doubled = recipients.filter((n) => n > 1).length;
    const mailRate = config.learners / marks.mailed;

    say(`baseline: ${config.baselineSends} bare nodemailer sends, ${config.workerConcurrency} at a time`);
    sink.phase = 'baseline';
    const bareS = await bareLoop(sink, config.baselineSends, config.workerConcurrency);
    const bareRate = config.baselineSends / bareS;
    const ratio = mailRate / bareRate;

    const summary = {
      postMs: post.ms,
      storedS: marks.stored,
      handedS: marks.handed,
      mailedS: marks.mailed,
      mailRate,
      bareS,
      bareRate,
      ratio,
      stored,
      distinctStored,
      lost,
      doubled,
      extraMails: sink.total.target - config.learners,
      relay: { events: relay.n, lastPublishedS: relay.span_s, publishS: relay.publish_s, perS: relay.n / relay.publish_s },
      live: { received: live.length, of: streams.length, p50: percentile(live, 50), p99: percentile(live, 99), max: live[live.length - 1] },
    };
    const checks = {
      ratio: ratio >= config.goal.minRatio,
      noneLost: lost === 0,
      noneDoubled: doubled === 0 && summary.extraMails === 0 && stored === config.learners && distinctStored === config.learners,
      liveP99: live.length === streams.length && summary.live.p99 <= config.goal.maxLiveP99Ms,
    };
    const met = Object.values(checks).every(Boolean);
    const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
    const n = (v) => Math.round(v).toLocaleString('en-US');
    say(
      `(j) POST ${f(post.ms)} ms; every notification stored at ${f(marks.stored, 2)} s, every e-mail handed to BullMQ at ${f(marks.handed, 2)} s, every e-mail at the sink at ${f(marks.mailed, 2)} s (${n(mailRate)}/s); bare nodemailer loop ${f(bareS, 2)} s (${n(bareRate)}/s): ratio ${f(ratio, 2)}x; lost ${lost}, doubled ${doubled}, extra ${summary.extraMails}; relay: ${relay.n} notification.created published over ${f(relay.publish_s, 2)} s (${n(relay.n / relay.publish_s)}/s), the last ${f(relay.span_s, 2)} s after the first was written; live bell ${live.length}/${streams.length}, p50 ${f(summary.live.p50)} ms, p99 ${f(summary.live.p99)} ms`,
    );
    say(
      `goal (>= ${config.goal.minRatio}x, 0 lost, 0 doubled, live p99 <= ${config.goal.maxLiveP99Ms} ms): ${met ? 'MET' : 'NOT MET'} (${JSON.stringify(checks)})`,
    );

    const startedAt = new Date();
    const stamp = startedAt
      .toISOString()
      .replace(/[:]/g, '-')
      .replace(/\.\d+Z$/, 'Z');
    const result = {
      scenario: 'j',
      startedAt: startedAt.toISOString(),
      quick,
      machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
      config,
      summary,
      checks,
      goalMet: met,
    };
    const write = (name, text) => writeResult(resultsDir, name, text);
    write(`${stamp}${quick ? '-quick' : ''}-notifications.json`, `${JSON.stringify(result, null, 2)}\n`);
    write(
      `latest-notifications${quick ? '-quick' : ''}.md`,
      [
        `# Benchmark (j): one course announcement to ${n(config.learners)} learners, ${result.startedAt}${quick ? ' (quick)' : ''}`,
        '',
        `The instructor's POST /api/courses/{id}/announcements (answered in ${f(post.ms)} ms) to a course of ${n(config.learners)} enrolled learners, each with an e-mail address and e-mail on; catalog, gamification, the gateway and the worker (WORKER_CONCURRENCY ${config.workerConcurrency}, SMTP_URL at a local smtp-server sink) on a ${os.cpus().length}-core machine. Times from sending the POST.`,
        '',
        '| step | s |',
        '|---|---|',
        `| every in-app notification stored | ${f(marks.stored, 2)} |`,
        `| every e-mail delivery handed to BullMQ | ${f(marks.handed, 2)} |`,
        `| every e-mail received by the sink | ${f(marks.mailed, 2)} |`,
        `| bare nodemailer loop of ${n(config.baselineSends)}, ${config.workerConcurrency} at a time, same sink | ${f(bareS, 2)} |`,
        '',
        `E-mails **${n(mailRate)}/s** end to end against the bare loop's ${n(bareRate)}/s: ratio **${f(ratio, 2)}x** (goal >= ${config.goal.minRatio}x). Lost ${lost}, doubled ${doubled}, notifications ${n(stored)} for ${n(distinctStored)} learners. Live bell (${streams.length} streams on /api/live/me): ${live.length} received, p50 ${f(summary.live.p50)} ms, **p99 ${f(summary.live.p99)} ms** (goal <= ${config.goal.maxLiveP99Ms} ms). The outbox relay published the ${n(relay.n)} notification.created events over ${f(relay.publish_s, 2)} s (${n(relay.n / relay.publish_s)}/s, one JetStream publish and ack at a time), the last ${f(relay.span_s, 2)} s after the first was written: the bell's ceiling. Goal: ${met ? 'met' : 'NOT met'}.`,
        '',
      ].join('\n'),
    );
    if (!met) process.exitCode = 1;
  } finally {
    await gdb.end().catch(() => undefined);
    await sink.close().catch(() => undefined);
  }
}

await runScript(run, 'j', main);
