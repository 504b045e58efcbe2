// `npm run chaos`: the platform under steady load while its parts are killed, measured.
//
// A stack of its own (databases chaos_*, its own nats-server with the generated permissions,
// its own redis-server, the apps as child processes from their dist/, NODE_ENV=test) takes a
// steady load of registrations, enrollments, lesson completions and quiz submissions through
// the gateway, and of wallet top-ups and course purchases (infra/chaos/payments.mjs); the
// enrollments' notifications go out by e-mail through the worker to an SMTP sink in this
// process, and learners linked to the Telegram bot (apps/telegram-bot, against the Bot API
// double in this process) get theirs there (infra/chaos/notifications.mjs).
// Meanwhile, in turn: catalog, assessment, identity (whose outbox relay feeds the others),
// institution and the worker (each with a bulk CSV import under way, infra/chaos/imports.mjs;
// the worker also with a burst of enrollment e-mails being sent), billing (payments in flight),
// mentoring (learners racing for one mentor's time, infra/chaos/bookings.mjs), gamification
// (the XP of the load's lesson completions, infra/chaos/xp.mjs), the Telegram bot (links and
// Telegram notifications under way), NATS and Redis are killed with SIGKILL, left down for a
// while, and restarted. Then the load stops, the system settles, and the books are compared:
//   - every enrollment a client was told about is in catalog, and in assessment's read model;
//   - every attempt a client was told about is in assessment, announced by exactly one
//     outbox event, and in catalog's read model exactly once;
//   - every payment a client was told about is completed in billing, none carried out twice,
//     the ledger balanced; no two sessions of the mentor overlap; every import finished with
//     no member or enrollment doubled (each helper's header says how it is counted);
//   - every lesson completion a client was told about earned exactly one lesson_completed row
//     in gamification's XP ledger, every user's total is the ledger's sum, and the leaderboard
//     answers with Redis boards (lost with Redis, rebuilt) equal to a GROUP BY over the ledger;
//   - every acknowledged enrollment has exactly one enrollment_confirmed notification; every
//     e-mail delivery reached the SMTP sink exactly once and none is left pending; every linked
//     user's Telegram notification reached the double exactly once, and none a chat after its
//     unlink was answered;
//   - no outbox row is left unpublished in any service;
//   - no request answered 5xx outside a kill window (the kill until the part is back, plus a
//     grace of CHAOS_GRACE_MS).
// It prints the figures (requests, errors by kind, lost, doubled) and one verdict per check,
// and exits 1 when one fails. Bounded: CHAOS_DOWN_MS down per victim, CHAOS_CALM_MS between
// them; an aimed load starts CHAOS_LEAD_MS before its victim's kill.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provision, root } from './provision.mjs';
import { bookingsLoad } from './chaos/bookings.mjs';
import { importsLoad } from './chaos/imports.mjs';
import { notificationsLoad, openNotificationSinks } from './chaos/notifications.mjs';
import { paymentsLoad } from './chaos/payments.mjs';
import { xpLoad } from './chaos/xp.mjs';

const env = process.env;
const startedAt = Date.now();
const int = (k, d) => (env[k] ? Number(env[k]) : d);
const cfg = {
  downMs: int('CHAOS_DOWN_MS', 3000),
  calmMs: int('CHAOS_CALM_MS', 6000),
  warmupMs: int('CHAOS_WARMUP_MS', 6000),
  graceMs: int('CHAOS_GRACE_MS', 3000),
  users: int('CHAOS_USERS', 4),
  settleMs: int('CHAOS_SETTLE_MS', 120_000),
  leadMs: int('CHAOS_LEAD_MS', 1500),
  importRows: int('CHAOS_IMPORT_ROWS', 400),
  smtpDelayMs: int('CHAOS_SMTP_DELAY_MS', 40),
  // institution and the worker last: their imports are not to be caught by another kill (a call in flight to a killed
  // service waits out its timeout, 120 s for an import's), nor wiped by Redis's (this stack's Redis keeps nothing on disk);
  // gamification before NATS and Redis like the other services (infra/chaos/xp.mjs's books also cover Redis's kill, which loses every board);
  // the Telegram bot after gamification, before NATS and Redis (it holds no import; the worker's kill, last, also takes e-mails being sent)
  victims: (
    env.CHAOS_VICTIMS || 'catalog,assessment,identity,billing,mentoring,gamification,telegram-bot,nats,redis,institution,worker'
  ).split(','),
};
const DB_PREFIX = 'chaos_';
// every running service (the stack's health needs them all); the victims are chosen above
const { RUNNING_SERVICES: SERVICES } = await import('@lp/contracts');
const say = (l) => console.log(`[chaos] ${l}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tmp = mkdtempSync(join(tmpdir(), 'lp-chaos-'));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
const listening = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
async function until(test, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await test()) return;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

// ------------------------------------------------------------------ processes

/** A process we can SIGKILL and start again with the same command. */
class Proc {
  constructor(name, cmd, args, procEnv) {
    Object.assign(this, { name, cmd, args, procEnv, child: null, logPath: join(tmp, `${name}.log`) });
  }
  start() {
    const fd = openSync(this.logPath, 'a');
    this.child = spawn(this.cmd, this.args, { cwd: root, env: this.procEnv, detached: true, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    this.child.once('error', () => undefined);
    this.exited = new Promise((r) => this.child.once('exit', r));
  }
  async kill(signal = 'SIGKILL') {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      /* gone */
    }
    await this.exited;
  }
  tail(n = 15) {
    try {
      return readFileSync(this.logPath, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
    } catch {
      return '';
    }
  }
}

// ------------------------------------------------------------------ the stack

const { buildServer } = await import('./build.mjs');
if (env.CHAOS_NO_BUILD !== '1') say(`built ${await buildServer()} files`);
const { natsServerConfig, busPrincipals, natsPasswordEnv, generateCallerKeys, randomNatsPassword } = await import('@lp/bus');
const { default: pg } = await import('pg');

const infra = await provision({ skip: ['nats', 'redis'], quiet: true });
const adminUrl = infra.POSTGRES_URL.replace(/\/$/, '');
async function sql(db, text, params = []) {
  const c = new pg.Client({ connectionString: `${adminUrl}/${db}` });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}
async function dropDatabases() {
  const rows = await sql('postgres', 'SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [DB_PREFIX]);
  for (const { datname } of rows) await sql('postgres', `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
await dropDatabases();

const natsPort = await freePort();
const passwords = Object.fromEntries(busPrincipals({ prefix: '', development: false }).map((p) => [p, randomNatsPassword()]));
const natsConf = join(tmp, 'nats.conf');
writeFileSync(
  natsConf,
  natsServerConfig({ prefix: '', development: false, listen: `127.0.0.1:${natsPort}`, storeDir: join(tmp, 'jetstream') }),
);
const nats = new Proc('nats', 'nats-server', ['-c', natsConf], {
  PATH: env.PATH,
  ...Object.fromEntries(Object.entries(passwords).map(([p, pw]) => [natsPasswordEnv(p), pw])),
});
const redisPort = await freePort();
const redis = new Proc('redis', 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
  PATH: env.PATH,
});
// the worker's SMTP server and the bot's Bot API live in this process: a kill of either app loses nothing they recorded
const sinks = await openNotificationSinks({ smtpDelayMs: cfg.smtpDelayMs });
const keys = generateCallerKeys();
const gatewayPort = await freePort();
const appEnv = (name) => ({
  PATH: env.PATH,
  NODE_ENV: 'test',
  LOG_LEVEL: env.CHAOS_LOG_LEVEL || 'warn',
  POSTGRES_URL: adminUrl,
  DB_PREFIX,
  NATS_URL: `nats://127.0.0.1:${natsPort}`,
  NATS_USER: name,
  NATS_PASSWORD: passwords[name],
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  CALLER_VERIFY_KEY: keys.publicKey,
  STORAGE_DIR: join(tmp, 'storage'),
  RATE_LIMIT_SCALE: '0',
  ...(name === 'gateway'
    ? { PORT: String(gatewayPort), HOST: '127.0.0.1', CALLER_SIGNING_KEY: keys.privateKey, WEB_DIST: '/nonexistent' }
    : {}),
  ...(name === 'worker' ? { SMTP_URL: sinks.smtpUrl } : {}),
  ...(name === 'telegram-bot' ? { TELEGRAM_API_ROOT: sinks.apiRoot } : {}),
});
const apps = Object.fromEntries(
  [...SERVICES, 'worker', 'telegram-bot', 'gateway'].map((n) => [
    n,
    new Proc(n, process.execPath, [join('apps', n, 'dist', 'main.js')], appEnv(n)),
  ]),
);
const base = `http://127.0.0.1:${gatewayPort}/api`;

async function health() {
  try {
    const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) });
    return r.status === 200;
  } catch {
    return false;
  }
}
const redisUp = async () => {
  const { Redis } = await import('ioredis');
  const r = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
};
/** Is a victim back: its process answering (services: the whole stack's health). */
const ready = { nats: () => listening(natsPort), redis: redisUp };

let stopping = false;
async function stopAll(code) {
  stopping = true;
  for (const p of [apps.gateway, apps.worker, apps['telegram-bot'], ...SERVICES.map((s) => apps[s])])
    await p.kill('SIGTERM').catch(() => undefined);
  await sinks.close().catch(() => undefined);
  await redis.kill().catch(() => undefined);
  await nats.kill().catch(() => undefined);
  if (env.CHAOS_KEEP !== '1') {
    await dropDatabases().catch((e) => say(`could not drop the ${DB_PREFIX}* databases: ${e.message}`));
    rmSync(tmp, { recursive: true, force: true });
  } else say(`kept ${tmp} and the ${DB_PREFIX}* databases`);
  await infra.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(130));
process.on('SIGTERM', () => void stopAll(130));

nats.start();
redis.start();
await until(ready.nats, 10_000, 'nats-server');
await until(ready.redis, 10_000, 'redis-server');
for (const s of SERVICES) apps[s].start();
apps.worker.start();
apps['telegram-bot'].start();
apps.gateway.start();
try {
  await until(health, 90_000, 'GET /api/health 200');
  await until(async () => sinks.botStarts() > 0, 60_000, 'the Telegram bot polling the Bot API double');
} catch (e) {
  for (const p of Object.values(apps)) console.log(`---- ${p.name}\n${p.tail()}`);
  say(e.message);
  await stopAll(1);
}
say(`stack up: gateway ${base}, nats :${natsPort}, redis :${redisPort}, databases ${DB_PREFIX}*`);

// ------------------------------------------------------------------ the load

const stats = { requests: 0, byStatus: {}, failures: [] };
const windows = []; // [{victim, from, to}]
const acked = { enrollments: [], attempts: [], lessons: [], users: 0 };

async function api(op, method, path, { token, body, headers } = {}) {
  const t = Date.now();
  let status = 0;
  let json = null;
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    json = await res.json().catch(() => null);
  } catch (e) {
    status = e.name === 'TimeoutError' ? 'timeout' : 'network';
  }
  stats.requests++;
  const kind = typeof status === 'number' ? `${String(status)[0]}xx` : status;
  stats.byStatus[kind] = (stats.byStatus[kind] ?? 0) + 1;
  if (kind === '5xx' || kind === 'timeout' || kind === 'network') stats.failures.push({ op, status, code: json?.code, t, end: Date.now() });
  return { status, body: json };
}

const PASSWORD = 'Chaos-pass-1';
const register = async (role) => {
  const r = await api('register', 'POST', '/auth/register', {
    body: { name: `Chaos ${role}`, email: `chaos.${randomUUID()}@example.test`, password: PASSWORD, role },
  });
  return r.status === 201 ? r.body : null;
};

// the course, lessons and quiz every learner uses (set up before any kill)
const instructor = await register('instructor');
const course = (
  await api('setup', 'POST', '/courses', {
    token: instructor.token,
    body: { title: 'Chaos Course', description: 'Under fire', price: 0, is_published: true },
  })
).body;
const lessons = [];
for (let i = 1; i <= 2; i++) {
  lessons.push(
    (
      await api('setup', 'POST', `/courses/${course.id}/lessons`, {
        token: instructor.token,
        body: { title: `Lesson ${i}`, content: 'Text', is_published: true },
      })
    ).body,
  );
}
const quizRes = await api('setup', 'POST', '/quizzes', {
  token: instructor.token,
  body: {
    title: 'Chaos Quiz',
    course_id: course.id,
    test_mode: 'practice',
    time_limit: 0,
    is_published: true,
    questions: [
      { question_text: '2 + 2?', question_type: 'multiple_choice', options: ['3', '4'], correct_answer: '4' },
      { question_text: 'Water is wet', question_type: 'true_false', correct_answer: 'True' },
    ],
  },
});
if (quizRes.status !== 201) {
  say(`could not create the quiz: ${quizRes.status} ${JSON.stringify(quizRes.body)}`);
  await stopAll(1);
}
const quiz = quizRes.body;

/** a request that got an answer of the service's own (a refusal counts): neither a 5xx nor lost on the way */
const answered = (r) => r !== null && typeof r.status === 'number' && r.status < 500;
/** asks again (bounded) while `ok` says no, so that a kill delays a step rather than ends it */
async function retry(fn, ok, attempts = 40) {
  for (let i = 0; i < attempts && !stopping; i++) {
    const r = await fn();
    if (ok(r)) return r;
    await sleep(250);
  }
  return null;
}
/** one Redis command on the stack's Redis (what BullMQ keeps of a job) */
async function redisCall(command, ...args) {
  const { Redis } = await import('ioredis');
  const r = new Redis(`redis://127.0.0.1:${redisPort}`, { maxRetriesPerRequest: 1 });
  try {
    return await r.call(command, ...args);
  } finally {
    r.disconnect();
  }
}
const ctx = {
  api,
  register,
  sql,
  redisCall,
  db: (svc) => `${DB_PREFIX}${svc}`,
  say,
  sleep,
  until,
  retry,
  answered,
  isStopping: () => stopping,
};
const payments = paymentsLoad(ctx);
const bookings = bookingsLoad(ctx);
const imports = importsLoad(ctx, { rows: cfg.importRows, password: PASSWORD });
// the steady load's lesson completions are its load: only books and checks of its own
const xp = xpLoad(ctx, { completions: acked.lessons });
// the enrollments' notifications (e-mail at the SMTP sink) and the bot's links and messages (at the Bot API double)
const notifications = notificationsLoad(ctx, { sinks, course, enrollments: acked.enrollments });
/**
 * the loads aimed at a victim: `before` runs ahead of the kill; `start` ahead of it too, `atKill` just before it,
 * `stop` once the calm after it is over
 */
const aimed = {
  institution: [imports],
  worker: [imports, notifications],
  mentoring: [bookings],
  'telegram-bot': [notifications],
};
try {
  await payments.setup(instructor);
  await notifications.setup(instructor);
  if (cfg.victims.includes('mentoring')) await bookings.setup();
  if (cfg.victims.includes('institution') || cfg.victims.includes('worker')) await imports.setup();
} catch (e) {
  say(e.message);
  await stopAll(1);
}
const loads = [...new Set([payments, xp, notifications, ...cfg.victims.flatMap((v) => aimed[v] ?? [])])];

/** One learner's journey; each step retried (bounded) so that a kill delays it rather than ends it. */
async function journey() {
  const learner = await retry(
    () => register('learner'),
    (r) => r !== null,
  );
  if (!learner) return;
  acked.users++;
  const auth = { token: learner.token };
  const enrolled = await retry(
    () => api('enroll', 'POST', `/courses/${course.id}/enroll`, auth),
    (r) => r.status === 200 || r.status === 201 || r.status === 409,
  );
  if (!enrolled) return;
  acked.enrollments.push({ course_id: course.id, user_id: learner.user.id });
  // every lesson: a course's quiz opens at 100% completion (spec 2, enforced by assessment)
  for (const lesson of lessons) {
    const completed = await retry(
      () => api('complete-lesson', 'POST', `/lessons/${lesson.id}/complete`, { ...auth, body: { time_spent_minutes: 1 } }),
      (r) => r.status === 200,
    );
    if (!completed) return;
    acked.lessons.push({ user_id: learner.user.id, lesson_id: lesson.id, token: learner.token });
  }
  const opened = await retry(
    () => api('open-quiz', 'GET', `/quizzes/${quiz.id}`, auth),
    (r) => r.status === 200,
  );
  if (!opened) return;
  const submitted = await retry(
    () => api('submit-quiz', 'POST', `/quizzes/${quiz.id}/submit`, { ...auth, body: { answers: { 0: '4', 1: 'True' } } }),
    (r) => r.status === 200,
  );
  if (submitted) acked.attempts.push(submitted.body.attempt_id);
}

let loadOn = true;
const loops = Array.from({ length: cfg.users }, async () => {
  while (loadOn && !stopping) await journey();
});
payments.start();
notifications.run();

// ------------------------------------------------------------------ the kills

await sleep(cfg.warmupMs);
for (const victim of cfg.victims) {
  const proc = victim === 'nats' ? nats : victim === 'redis' ? redis : apps[victim];
  if (!proc) throw new Error(`unknown victim ${victim}`);
  const aims = aimed[victim] ?? [];
  try {
    for (const aim of aims) await aim.before?.(victim);
  } catch (e) {
    say(e.message);
    await stopAll(1);
  }
  if (aims.some((aim) => aim.start)) {
    for (const aim of aims) aim.start?.(victim);
    await sleep(cfg.leadMs);
  }
  for (const aim of aims) await aim.atKill?.(victim);
  const botStarts = sinks.botStarts();
  const from = Date.now();
  say(`kill -9 ${victim}`);
  await proc.kill('SIGKILL');
  await sleep(cfg.downMs);
  proc.start();
  // the bot is back once it polls the double again (it sets its command menu at each start)
  const isBack = victim === 'telegram-bot' ? async () => sinks.botStarts() > botStarts : (ready[victim] ?? health);
  try {
    await until(isBack, 60_000, `${victim} back`);
    // a restarted NATS or Redis is only "back" once every app has reconnected: the stack's health says so
    await until(health, 60_000, `the stack healthy after ${victim}`);
  } catch (e) {
    say(e.message);
    for (const p of [proc, ...Object.values(apps)]) console.log(`---- ${p.name}\n${p.tail()}`);
    await stopAll(1);
  }
  const to = Date.now() + cfg.graceMs;
  windows.push({ victim, from, to });
  say(`${victim} back after ${((Date.now() - from) / 1000).toFixed(1)} s`);
  await sleep(cfg.calmMs);
  for (const aim of aims) await aim.stop?.();
}
loadOn = false;
await Promise.all(loops);
await payments.stop();
await notifications.halt();
say(`load stopped: ${acked.users} learners, ${acked.enrollments.length} enrollments, ${acked.attempts.length} attempts acknowledged`);

// ------------------------------------------------------------------ settle and compare

const { db } = ctx;
const unpublishedBy = {};
const unpublished = async () => {
  let n = 0;
  for (const s of SERVICES) {
    unpublishedBy[s] = Number((await sql(db(s), 'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL'))[0].n);
    n += unpublishedBy[s];
  }
  return n;
};
async function books() {
  const catalogEnr = await sql(db('catalog'), 'SELECT user_id::text FROM enrollments WHERE course_id = $1', [course.id]);
  const assessEnr = new Set(
    (await sql(db('assessment'), 'SELECT user_id::text FROM enrollments WHERE course_id = $1', [course.id])).map((r) => r.user_id),
  );
  const catalogSet = new Set(catalogEnr.map((r) => r.user_id));
  const attempts = (await sql(db('assessment'), 'SELECT id::text FROM attempts WHERE quiz_id = $1', [quiz.id])).map((r) => r.id);
  const events = await sql(
    db('assessment'),
    "SELECT payload->>'attempt_id' AS attempt_id, count(*)::int AS n FROM outbox WHERE name = 'assessment.attempt.submitted' GROUP BY 1",
  );
  const eventCount = new Map(events.map((r) => [r.attempt_id, r.n]));
  const mirrored = await sql(
    db('catalog'),
    'SELECT attempt_id::text, count(*)::int AS n FROM quiz_attempts WHERE quiz_id = $1 GROUP BY 1',
    [quiz.id],
  );
  const mirrorCount = new Map(mirrored.map((r) => [r.attempt_id, r.n]));
  const attemptSet = new Set(attempts);
  return {
    lostEnrollments: acked.enrollments.filter((e) => !catalogSet.has(e.user_id)).length,
    enrollmentsMissingInAssessment: [...catalogSet].filter((u) => !assessEnr.has(u)).length,
    lostAttempts: acked.attempts.filter((a) => !attemptSet.has(a)).length,
    attemptsWithoutEvent: attempts.filter((a) => !eventCount.has(a)).length,
    attemptsWithDoubleEvent: attempts.filter((a) => (eventCount.get(a) ?? 0) > 1).length,
    attemptsMissingInCatalog: attempts.filter((a) => !mirrorCount.has(a)).length,
    attemptsDoubledInCatalog: [...mirrorCount.values()].filter((n) => n > 1).length,
    unpublishedOutboxRows: await unpublished(),
    catalogEnrollments: catalogSet.size,
    assessmentAttempts: attempts.length,
  };
}
const settled = (b) =>
  b.unpublishedOutboxRows === 0 &&
  b.enrollmentsMissingInAssessment === 0 &&
  b.attemptsMissingInCatalog === 0 &&
  loads.every((l) => l.settled(b[l.name]));
const allBooks = async () => {
  const b = await books();
  for (const l of loads) b[l.name] = await l.books();
  return b;
};
const settleFrom = Date.now();
let b = await allBooks();
while (!settled(b) && Date.now() < settleFrom + cfg.settleMs) {
  await sleep(1000);
  b = await allBooks();
}
const settledIn = ((Date.now() - settleFrom) / 1000).toFixed(1);

// a request counts as hit by a kill when it was in flight at any moment of the window (one
// sent just before the kill waits for an answer that died with the process)
const windowOf = (f) => windows.find((w) => f.t <= w.to && f.end >= w.from);
const stray = stats.failures.filter((f) => !windowOf(f));
const duringKills = stats.failures.length - stray.length;
const byKind = {};
for (const f of stats.failures) {
  const k = `${windowOf(f)?.victim ?? 'no kill'}: ${f.op} ${f.status}${f.code ? ` ${f.code}` : ''}`;
  byKind[k] = (byKind[k] ?? 0) + 1;
}

const lost = b.lostEnrollments + b.enrollmentsMissingInAssessment + b.lostAttempts + b.attemptsWithoutEvent + b.attemptsMissingInCatalog;
const doubled = b.attemptsWithDoubleEvent + b.attemptsDoubledInCatalog;
console.log('');
say('---- figures');
say(`victims: ${windows.map((w) => `${w.victim} (${((w.to - w.from) / 1000).toFixed(1)} s window)`).join(', ')}`);
say(
  `requests: ${stats.requests} (${Object.entries(stats.byStatus)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
say(
  `errors by kind: ${
    Object.entries(byKind)
      .map(([k, v]) => `${k} x${v}`)
      .join('; ') || 'none'
  }`,
);
say(`5xx/timeouts during kill windows: ${duringKills}; outside them: ${stray.length}`);
const rel = (t) => `+${((t - (windows[0]?.from ?? t)) / 1000).toFixed(1)} s`;
say(`windows: ${windows.map((w) => `${w.victim} ${rel(w.from)}..${rel(w.to)}`).join(', ')}`);
for (const w of windows) {
  const hit = stats.failures.filter((f) => windowOf(f) === w).length;
  say(`  ${w.victim}: ${((w.to - w.from) / 1000).toFixed(1)} s window, ${hit} requests answered 5xx/lost in it`);
}
for (const f of stray.slice(0, 10)) say(`  stray: ${f.op} ${f.status} ${f.code ?? ''} sent ${rel(f.t)}, answered ${rel(f.end)}`);
say(`acknowledged: ${acked.users} learners, ${acked.enrollments.length} enrollments, ${acked.attempts.length} attempts`);
say(`catalog enrollments ${b.catalogEnrollments}, assessment attempts ${b.assessmentAttempts}`);
say(
  `lost: enrollments ${b.lostEnrollments}, missing in assessment's read model ${b.enrollmentsMissingInAssessment}, attempts ${b.lostAttempts}, attempts without event ${b.attemptsWithoutEvent}, attempts missing in catalog ${b.attemptsMissingInCatalog}`,
);
say(`doubled: attempt events ${b.attemptsWithDoubleEvent}, attempts in catalog ${b.attemptsDoubledInCatalog}`);
say(
  `unpublished outbox rows: ${b.unpublishedOutboxRows}${
    b.unpublishedOutboxRows
      ? ` (${Object.entries(unpublishedBy)
          .filter(([, n]) => n > 0)
          .map(([svc, n]) => `${svc} ${n}`)
          .join(', ')})`
      : ''
  }`,
);
for (const l of loads) l.report(b[l.name], say);
say(`settled ${settled(b) ? 'in' : 'NOT within'} ${settledIn} s; whole run ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
const checks = [
  ['learning: no enrollment or attempt lost or doubled', lost === 0 && doubled === 0 && acked.attempts.length > 0],
  ['no outbox row left unpublished', b.unpublishedOutboxRows === 0],
  ['no 5xx or lost request outside the kill windows', stray.length === 0],
  ...loads.flatMap((l) => l.checks(b[l.name])),
];
for (const [name, passed] of checks) say(`${passed ? 'ok  ' : 'FAIL'} ${name}`);
if (acked.attempts.length === 0) say('no attempt was acknowledged at all: the load did not run');
const failed = checks.filter(([, passed]) => !passed).length;
console.log(`chaos: ${checks.length - failed} passed, ${failed} failed`);
await stopAll(failed === 0 ? 0 : 1);
