// `npm run bench`: what the gateway + NATS + service stack costs against bare Fastify,
// measured in one run on this machine (not part of the tests).
//
//   (a) no-op through the stack   target: GET /api/auth/me with a valid token of a user
//                                          that does not exist (identity answers 404
//                                          after one primary-key probe of a missing row)
//                                 baseline: bare Fastify GET /hello
//   (b) GET /api/auth/me          target: the same route for a real user
//                                 baseline: bare Fastify doing the same JWT check, the
//                                          same Redis MGET and the same user query (pg)
//   (c) GET /api/courses?search=  target: catalog search through the gateway (a learner's
//                                          token; catalog with COURSE_LIST_CACHE_MS=0) over
//                                          10,000 courses / 200,000 lessons seeded here,
//                                          rotating over searches of varied selectivity
//                                 baseline: bare Fastify doing the same JWT check and Redis
//                                          MGET, then the very SQL text of the catalog
//                                          repository with pg, the same JSON
//                                 plus: EXPLAIN (ANALYZE, BUFFERS) of the searches, the SQL
//                                 alone, a second connection level (BENCH_CATALOG_LOW) and
//                                 one informational run with the service's default cache
//   (d) mock-test submissions     bench/assessment.mjs, its own stack: 500 learners submit a
//                                 40-question mock test within one 10 s window through the
//                                 gateway; p99, errors, and every submission graded exactly
//                                 once (rows counted); a bare Fastify on the same schedule
//   (e) wallet payments           bench/billing.mjs, its own stack: 950 learners buy courses of
//                                 50 instructors from their wallets (1,000 wallets) at 32
//                                 connections through the gateway, against a bare Fastify + pg
//                                 handler doing the same ledger transaction; payments/s, p50,
//                                 p99, the ratio, and every wallet's balance checked against
//                                 its entries afterwards
//   (f) mentoring                 bench/mentoring.mjs, its own stack: 200 learners race for 10
//                                 free hours of one mentor (exactly 10 bookings, every other one
//                                 a clear 409, the databases checked), then GET /api/mentors over
//                                 2,000 mentors against a bare Fastify + pg handler on the same SQL
//   (g) bulk CSV enrollment       bench/institution.mjs, its own institution service and worker:
//                                 a 100,000-row CSV through the bulk-enrollment job against psql
//                                 \copy of the same rows into a bare table; rows/s, the ratio, a
//                                 re-import that must add nothing, the worker's memory
//   (h) community                 bench/qa-search.mjs, its own stack: GET /api/qa/questions?search=
//                                 over 100,000 questions through the gateway against a bare
//                                 Fastify + pg handler on the same SQL; then bench/live-fanout.mjs:
//                                 1,000 open live-update streams on one study group, a message
//                                 posted, the time until the last receiver has it
//   (i) gamification              bench/gamification.mjs, its own stack: 1,000,000 XP events of
//                                 100,000 users through JetStream into the XP ledger against a
//                                 bare batched INSERT of the same rows; GET /api/gamification/
//                                 leaderboard?timeframe=week at 200 req/s open loop (p99) and
//                                 closed loop against a bare Fastify + Redis handler; the boards
//                                 rebuilt from the ledger after Redis lost them, checked by GROUP BY
//   (j) notifications             bench/notifications.mjs, its own stack: one course announcement
//                                 to 10,000 enrolled learners: every notification stored, every
//                                 e-mail at a local SMTP sink (0 lost, 0 doubled) against a bare
//                                 nodemailer loop at the worker's concurrency; the live bell's p99
//
// Each scenario is measured closed-loop (autocannon, BENCH_CONNECTIONS connections, the
// most req/s) and at equal load (the same fixed open-loop rate for baseline and target,
// for the p50 added by the stack), baseline and target alternating, BENCH_ROUNDS rounds
// (at least 3), medians reported. Results: bench/results/<timestamp>.json and latest.md.
//
// The stack runs like production: `node apps/identity/dist/main.js`, (c) also
// `node apps/catalog/dist/main.js`, and `node apps/gateway/dist/main.js` as child
// processes (NODE_ENV=test, LOG_LEVEL=warn, RATE_LIMIT_SCALE=0) on a throwaway DB_PREFIX/BUS_PREFIX, so it never
// touches `npm start`'s data; the databases, stream and keys of the run are removed at
// the end, also after a failure or Ctrl-C.
//
// Env: BENCH_QUICK=1 (smoke run: 1 round, 2 s), BENCH_ROUNDS, BENCH_DURATION (s),
// BENCH_WARMUP (s), BENCH_CONNECTIONS, BENCH_RATE (fixed equal-load rate; default: half
// the lower closed-loop req/s of round 1, at most BENCH_RATE_MAX=1000), BENCH_LIGHT_RATE
// (a second, light equal load, default 100 req/s, 0 = off), BENCH_PACED_SOCKETS,
// BENCH_PACED_DURATION, BENCH_NO_BUILD=1 (use the dist/ as it is), BENCH_ONLY (or
// BENCH_SCENARIOS)=a,s,b,c,d,e,f,g,h,i (default all but s; s needs BENCH_STUB=1 or to be named),
// BENCH_CATALOG_* (scenario c, see bench/README.md),
// BENCH_LOG_LEVEL / BENCH_DB_POOL_SIZE (stack settings, for experiments), BENCH_ME_QUERIES
// (user,memberships | user: what baseline (b) reads), BENCH_HOLD=1 (start everything,
// print URLs and tokens, measure nothing, wait for Ctrl-C: for profiling by hand),
// POSTGRES_URL / NATS_URL / REDIS_URL (else infra/provision.mjs or localhost).
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Children, freePort, tail } from '../bench/lib/proc.mjs';
import { closedLoop, paced, sleep } from '../bench/lib/load.mjs';
import { cpuDelta, cpuSnapshot } from '../bench/lib/cpu.mjs';
import { acquireServices, deleteRedisKeys, deleteStream, dropDatabases } from '../bench/lib/resources.mjs';
import { catalogFigures, catalogGoalCheck, consoleTable, goalCheck, markdown, summarize } from '../bench/lib/report.mjs';
import { seedCatalog } from '../bench/lib/catalog-seed.mjs';
import {
  compareWithRepository,
  explain,
  matchCounts,
  plansMarkdown,
  searchRequests,
  selectivity,
  sqlTiming,
  writeDocSection,
} from '../bench/lib/catalog.mjs';
import { listStatement } from '../bench/baselines/courses.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench] ${line}`);
const startedAt = new Date();
const t0 = Date.now();

// ---------------------------------------------------------------- settings

const env = process.env;
const quick = env.BENCH_QUICK === '1';
function num(name, fallback) {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}=${v} is not a positive number`);
  return n;
}
/** a whole number >= 0 (0 allowed, unlike num) */
function count(name, fallback) {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}=${v} is not a whole number >= 0`);
  return n;
}
const notes = [];
const scenarioList = env.BENCH_SCENARIOS || env.BENCH_ONLY;
const config = {
  quick,
  rounds: Math.round(num('BENCH_ROUNDS', quick ? 1 : 3)),
  durationS: num('BENCH_DURATION', quick ? 2 : 10),
  warmupS: num('BENCH_WARMUP', quick ? 1 : 2),
  connections: Math.round(num('BENCH_CONNECTIONS', 32)),
  pacedSockets: Math.round(num('BENCH_PACED_SOCKETS', 32)),
  pacedDurationS: num('BENCH_PACED_DURATION', quick ? 2 : 10),
  pacedWarmupS: num('BENCH_PACED_WARMUP', 1),
  fixedRate: env.BENCH_RATE ? num('BENCH_RATE') : null,
  rateMax: num('BENCH_RATE_MAX', 1000),
  /** a second, light equal load (0 = off): the latency the hops add with next to no queueing */
  lightRate: env.BENCH_LIGHT_RATE === '0' ? 0 : num('BENCH_LIGHT_RATE', 100),
  /** scenarios, in this order; `s` (gateway + NATS + a do-nothing RpcServer service) is opt-in: BENCH_STUB=1 */
  only: scenarioList
    ? scenarioList.split(',').map((x) => x.trim())
    : env.BENCH_STUB === '1'
      ? ['a', 's', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']
      : ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
  /** scenario (c), catalog search */
  catalog: {
    courses: Math.round(num('BENCH_CATALOG_COURSES', 10_000)),
    lessons: count('BENCH_CATALOG_LESSONS', 200_000),
    contentItems: count('BENCH_CATALOG_CONTENT_ITEMS', 3_000),
    /** `limit` of every request (the API's default page is 50) */
    limit: Math.round(num('BENCH_CATALOG_LIMIT', 50)),
    /** a second closed-loop level, fewer connections: auto = when (c)'s target p99 at BENCH_CONNECTIONS is over the goal in round 1 */
    low: env.BENCH_CATALOG_LOW || 'auto',
    lowConnections: Math.round(num('BENCH_CATALOG_LOW_CONNECTIONS', 10)),
    /** one closed-loop run of the target with catalog's default list cache, as information */
    cacheInfo: env.BENCH_CATALOG_CACHE_INFO !== '0',
    /** runs of each search's SQL alone */
    sqlRuns: Math.round(num('BENCH_CATALOG_SQL_RUNS', quick ? 10 : 50)),
    /** full runs rewrite the generated section of docs/catalog-search.md */
    docs: !quick && env.BENCH_DOCS !== '0',
  },
  /** what baseline (b) reads: `user,memberships` mirrors identity's me today; `user` is the user query alone */
  meQueries: env.BENCH_ME_QUERIES || 'user,memberships',
  stackEnv: {
    // 'test': the stack runs on the shared open NATS/Redis and an administrator PostgreSQL URL,
    // which production refuses (libs/service-kit config.ts); the request paths measured are the same
    NODE_ENV: 'test',
    LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_SCALE: '0',
    DB_POOL_SIZE: env.BENCH_DB_POOL_SIZE || env.DB_POOL_SIZE || '10',
  },
};
if (!quick && config.rounds < 3) {
  notes.push(`BENCH_ROUNDS=${config.rounds} raised to 3 (the minimum for a full run; BENCH_QUICK=1 runs one)`);
  config.rounds = 3;
}
if (!config.only.length || !config.only.every((s) => ['a', 's', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].includes(s)))
  throw new Error(`BENCH_ONLY/BENCH_SCENARIOS=${scenarioList}: a comma list of a, s, b, c, d, e, f, g, h, i, j`);
/** (d) mock-test submissions, (e) wallet payments, (f) mentoring, (g) bulk enrollment, (h) community and (i) gamification are scripts with their own stacks (bench/assessment.mjs, bench/billing.mjs, bench/mentoring.mjs, bench/institution.mjs, bench/qa-search.mjs + bench/live-fanout.mjs, bench/gamification.mjs), run after the others */
const withAssessment = config.only.includes('d');
const withBilling = config.only.includes('e');
const withMentoring = config.only.includes('f');
const withInstitution = config.only.includes('g');
const withCommunity = config.only.includes('h');
const withGamification = config.only.includes('i');
const withNotifications = config.only.includes('j');
config.only = config.only.filter((s) => !['d', 'e', 'f', 'g', 'h', 'i', 'j'].includes(s));
if (!['auto', 'always', 'off'].includes(config.catalog.low))
  throw new Error(`BENCH_CATALOG_LOW=${config.catalog.low}: auto, always or off`);
const withCatalog = config.only.includes('c');

// ---------------------------------------------------------------- run state and cleanup

const runId = randomBytes(4).toString('hex');
const dbPrefix = `bench_${runId}_`;
const busPrefix = `bench${runId}.`;
const stubPrefix = `bench${runId}s.`; // scenario (s): second gateway + do-nothing service
const cachePrefix = `bench${runId}k.`; // (c), information: a second gateway + catalog with its default list cache
const jwtSecret = `bench-${randomBytes(24).toString('hex')}`; // 54 chars
const tmpDir = mkdtempSync(join(os.tmpdir(), `lp-bench-${runId}-`));
const children = new Children(tmpDir);
let services = null;
let failed = false;
let backgroundCores = NaN;

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    try {
      await children.stopAll();
    } catch (e) {
      say(`cleanup: stopping children: ${e.message}`);
    }
    if (services) {
      await dropDatabases(services.POSTGRES_URL, dbPrefix).then(
        (d) => d.length && say(`cleanup: dropped ${d.join(', ')}`),
        (e) => say(`cleanup: dropping ${dbPrefix}* databases failed: ${e.message}`),
      );
      for (const prefix of [busPrefix, cachePrefix]) {
        await deleteStream(services.NATS_URL, prefix).then(
          (s) => s && say(`cleanup: deleted JetStream stream ${s}`),
          (e) => say(`cleanup: JetStream stream of ${prefix}: ${e.message}`),
        );
      }
      await deleteRedisKeys(
        services.REDIS_URL,
        [busPrefix, stubPrefix, cachePrefix].flatMap((p) => [`${p}*`, `lp:${p.replace(/\.$/, '')}:*`]),
      ).catch((e) => say(`cleanup: Redis keys: ${e.message}`));
      await services.stop().catch((e) => say(`cleanup: stopping services: ${e.message}`));
    }
    if (failed) say(`logs of the run kept in ${tmpDir}`);
    else rmSync(tmpDir, { recursive: true, force: true });
  })();
  return cleaning;
}

let signals = 0;
for (const [sig, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(sig, () => {
    if (++signals > 1) {
      children.killAllSync();
      process.exit(code);
    }
    failed = true;
    say(`${sig}: stopping and cleaning up (again to force)`);
    cleanup().finally(() => process.exit(code));
  });
}
process.on('exit', () => children.killAllSync());

// ---------------------------------------------------------------- helpers

async function http(url, { method = 'GET', headers = {}, body, timeoutMs = 5000 } = {}) {
  const r = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await r.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, json, text };
}

/** The child's first stdout line that is JSON with ready: true. */
function readyLine(entry) {
  try {
    for (const line of readFileSync(entry.logPath, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const j = JSON.parse(line);
      if (j.ready) return j;
    }
  } catch {
    /* not yet */
  }
  return null;
}

const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
const fmtInt = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');
const sortKeys = (v) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sortKeys(v[k])]),
      )
    : v;

function gitInfo() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

// ---------------------------------------------------------------- main

async function main() {
  say(
    `run ${runId}: ${quick ? 'QUICK smoke run, ' : ''}${config.rounds} round(s), closed loop ${config.connections} connections x ${config.durationS} s (+${config.warmupS} s warm-up), equal load ${config.pacedDurationS} s`,
  );
  say(
    `load generator: autocannon + paced client in this process, on the same ${os.cpus().length}-core machine as the servers; load average now ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );

  // build
  if (env.BENCH_NO_BUILD === '1') {
    say('BENCH_NO_BUILD=1: using the dist/ folders as they are');
  } else {
    const { buildServer } = await import(pathToFileURL(join(root, 'infra', 'build.mjs')).href);
    const tb = Date.now();
    const n = await buildServer();
    say(`built ${n} files with swc in ${Date.now() - tb} ms`);
  }

  // PostgreSQL / NATS / Redis
  services = await acquireServices(root);
  say(`services via ${services.via}: ${services.POSTGRES_URL}  ${services.NATS_URL}  ${services.REDIS_URL}`);
  for (const [k, v] of Object.entries(services.sources ?? {})) say(`  ${k}: ${v}`);

  const stackEnv = {
    ...process.env,
    ...config.stackEnv,
    POSTGRES_URL: services.POSTGRES_URL,
    NATS_URL: services.NATS_URL,
    REDIS_URL: services.REDIS_URL,
    DB_PREFIX: dbPrefix,
    BUS_PREFIX: busPrefix,
    JWT_SECRET: jwtSecret,
    STORAGE_DIR: join(tmpDir, 'storage'),
    WEB_DIST: join(tmpDir, 'no-web-dist'),
    HOST: '127.0.0.1',
  };

  const withCacheInfo = withCatalog && config.catalog.cacheInfo;
  // the run's JetStream event stream, as on a deployed platform (identity's outbox relay
  // publishes into it; without it the relay retries every second)
  {
    const { connectBus, ensureEventStream } = await import('@lp/bus');
    for (const prefix of withCacheInfo ? [busPrefix, cachePrefix] : [busPrefix]) {
      const nc = await connectBus({ url: services.NATS_URL, prefix, name: 'lp-bench' });
      try {
        say(`JetStream stream ${await ensureEventStream(nc, prefix)} created for the run`);
      } finally {
        await nc.close();
      }
    }
  }

  // the stack: identity, (c) catalog, then the gateway
  const identity = children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, { cwd: root });
  // (c): the list cache off for the measured rounds (a fair fight with the baseline, which has none)
  const catalog = withCatalog
    ? children.spawnNode(
        'catalog',
        join(root, 'apps', 'catalog', 'dist', 'main.js'),
        { ...stackEnv, COURSE_LIST_CACHE_MS: '0' },
        { cwd: root },
      )
    : null;
  // (c), information: a second catalog with its default list cache (COURSE_LIST_CACHE_MS unset), same
  // database, behind a second gateway on a bus prefix of their own; started now, with the same
  // dist/ as the rest of the run (another user's build may replace dist/ while we measure)
  let cacheStack = null;
  if (withCacheInfo) {
    const e = { ...stackEnv, BUS_PREFIX: cachePrefix };
    delete e.COURSE_LIST_CACHE_MS;
    const port = await freePort();
    cacheStack = {
      catalog: children.spawnNode('catalog-cache', join(root, 'apps', 'catalog', 'dist', 'main.js'), e, { cwd: root }),
      gateway: children.spawnNode(
        'gateway-cache',
        join(root, 'apps', 'gateway', 'dist', 'main.js'),
        { ...e, PORT: String(port) },
        { cwd: root },
      ),
      gw: `http://127.0.0.1:${port}`,
    };
  }
  const gatewayPort = await freePort();
  const gateway = children.spawnNode(
    'gateway',
    join(root, 'apps', 'gateway', 'dist', 'main.js'),
    { ...stackEnv, PORT: String(gatewayPort) },
    { cwd: root },
  );
  const gw = `http://127.0.0.1:${gatewayPort}`;
  let lastHealth = null;
  await children
    .waitFor(
      gateway,
      async () => {
        if (!children.isRunning(identity))
          throw new Error(
            `identity exited (code ${identity.child.exitCode ?? identity.child.signalCode}); last lines of ${identity.logPath}:\n${tail(identity.logPath)}`,
          );
        if (catalog && !children.isRunning(catalog))
          throw new Error(
            `catalog exited (code ${catalog.child.exitCode ?? catalog.child.signalCode}); last lines of ${catalog.logPath}:\n${tail(catalog.logPath)}`,
          );
        lastHealth = await http(`${gw}/api/health`, { timeoutMs: 4000 });
        const s = lastHealth.json?.services;
        return s?.identity?.status === 'ok' && (!catalog || s?.catalog?.status === 'ok') ? lastHealth : null;
      },
      { timeoutMs: 90_000, what: `reporting identity${catalog ? ' and catalog' : ''} ok on GET /api/health` },
    )
    .catch((e) => {
      throw new Error(
        `${e.message}\nidentity log (${identity.logPath}):\n${tail(identity.logPath)}${catalog ? `\ncatalog log (${catalog.logPath}):\n${tail(catalog.logPath)}` : ''}`,
      );
    });
  const used = catalog ? ['identity', 'catalog'] : ['identity'];
  const others = Object.entries(lastHealth.json.services)
    .filter(([k]) => !used.includes(k))
    .map(([k, v]) => `${k} ${v.status}`);
  say(
    `stack up: gateway ${gw} (pid ${gateway.child.pid}), identity (pid ${identity.child.pid})${catalog ? `, catalog (pid ${catalog.child.pid}, COURSE_LIST_CACHE_MS=0)` : ''} ok; health ${lastHealth.status}${others.length ? ` (${others.join(', ')}: not used here)` : ''}`,
  );
  if (cacheStack) {
    await children.waitFor(
      cacheStack.gateway,
      async () => {
        if (!children.isRunning(cacheStack.catalog))
          throw new Error(`catalog-cache exited; last lines of ${cacheStack.catalog.logPath}:\n${tail(cacheStack.catalog.logPath)}`);
        return (await http(`${cacheStack.gw}/api/health`, { timeoutMs: 4000 })).json?.services?.catalog?.status === 'ok';
      },
      { timeoutMs: 90_000, what: 'reporting catalog-cache ok' },
    );
    say(
      `(c) information stack up: gateway-cache ${cacheStack.gw} (pid ${cacheStack.gateway.child.pid}) + catalog-cache (pid ${cacheStack.catalog.child.pid}, default list cache) on bus prefix ${cachePrefix}, same database`,
    );
  }

  // (c): the catalog, seeded straight into the run's catalog database (migrated by the service by now)
  const catalogDb = `${dbPrefix}catalog`;
  let catalogSeed = null;
  if (catalog) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: `${services.POSTGRES_URL.replace(/\/$/, '')}/${catalogDb}` });
    await c.connect();
    try {
      catalogSeed = await seedCatalog(c, {
        courses: config.catalog.courses,
        lessons: config.catalog.lessons,
        contentItems: config.catalog.contentItems,
      });
    } finally {
      await c.end().catch(() => undefined);
    }
    say(
      `(c) seeded ${catalogDb}: ${fmtInt(catalogSeed.courses)} courses (${fmtInt(catalogSeed.published)} published, ${catalogSeed.categories} categories, ${catalogSeed.instructors} instructors), ${fmtInt(catalogSeed.lessons)} lessons, ${fmtInt(catalogSeed.content_items)} content items in ${fmt(catalogSeed.insertMs / 1000, 1)} s (courses ${fmt(catalogSeed.coursesMs / 1000, 1)} s, lessons ${fmt(catalogSeed.lessonsMs / 1000, 1)} s; ${fmtInt(catalogSeed.rowsPerS)} rows/s, unnest batches of ${catalogSeed.batch}; generated in ${fmt(catalogSeed.generateMs / 1000, 1)} s), VACUUM (ANALYZE) ${fmt(catalogSeed.vacuumAnalyzeMs / 1000, 1)} s; courses ${catalogSeed.courses_size}, lessons ${catalogSeed.lessons_size}`,
    );
  }

  // baselines, each in its own process
  const identityDb = `${dbPrefix}identity`;
  const baseEnv = { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0' };
  const hello = children.spawnNode('baseline-hello', join(root, 'bench', 'baselines', 'hello.mjs'), baseEnv, { cwd: root });
  const me = children.spawnNode(
    'baseline-me',
    join(root, 'bench', 'baselines', 'me.mjs'),
    {
      ...baseEnv,
      JWT_SECRET: jwtSecret,
      BUS_PREFIX: busPrefix,
      REDIS_URL: services.REDIS_URL,
      POSTGRES_URL: services.POSTGRES_URL,
      DB_NAME: identityDb,
      DB_POOL_SIZE: config.stackEnv.DB_POOL_SIZE,
      ME_QUERIES: config.meQueries,
    },
    { cwd: root },
  );
  const courses = catalog
    ? children.spawnNode(
        'baseline-courses',
        join(root, 'bench', 'baselines', 'courses.mjs'),
        {
          ...baseEnv,
          JWT_SECRET: jwtSecret,
          BUS_PREFIX: busPrefix,
          REDIS_URL: services.REDIS_URL,
          POSTGRES_URL: services.POSTGRES_URL,
          DB_NAME: catalogDb,
          DB_POOL_SIZE: config.stackEnv.DB_POOL_SIZE,
        },
        { cwd: root },
      )
    : null;
  const helloReady = await children.waitFor(hello, async () => readyLine(hello), { timeoutMs: 20_000 });
  const meReady = await children.waitFor(me, async () => readyLine(me), { timeoutMs: 20_000 });
  const coursesReady = courses ? await children.waitFor(courses, async () => readyLine(courses), { timeoutMs: 20_000 }) : null;
  say(
    `baselines up: hello ${helloReady.url} (pid ${hello.child.pid}), me ${meReady.url} (pid ${me.child.pid}; pool ${meReady.poolSize}; ${meReady.queries.length} queries per request)${coursesReady ? `, courses ${coursesReady.url} (pid ${courses.child.pid}; pool ${coursesReady.poolSize})` : ''}`,
  );
  for (const q of meReady.queries) say(`  baseline me: ${q.length > 160 ? `${q.slice(0, 70)} ... ${q.slice(-80)}` : q}`);

  // a real user, and a token of a user that does not exist
  const user = await createUser(gw, identityDb);
  say(`user ${user.userId} via ${user.how}`);
  const { TokenService } = await import('@lp/auth');
  const tokens = new TokenService(jwtSecret);
  const ghost = { userId: randomUUID(), sessionId: randomUUID() };
  const ghostToken = tokens.sign({ userId: ghost.userId, role: 'learner', sessionId: ghost.sessionId, institutionId: null });
  const auth = (t) => ({ authorization: `Bearer ${t}` });

  // check each endpoint answers what it will be measured on
  const tMe = await http(`${gw}/api/auth/me`, { headers: auth(user.token) });
  if (tMe.status !== 200) throw new Error(`GET /api/auth/me through the gateway answered ${tMe.status}: ${tMe.text.slice(0, 300)}`);
  const bMe = await http(`${meReady.url}/api/auth/me`, { headers: auth(user.token) });
  if (bMe.status !== 200) throw new Error(`baseline GET /api/auth/me answered ${bMe.status}: ${bMe.text.slice(0, 300)}`);
  if (JSON.stringify(sortKeys(tMe.json)) !== JSON.stringify(sortKeys(bMe.json))) {
    notes.push(
      `the baseline's /api/auth/me body differs from identity's: gateway ${tMe.text} vs baseline ${bMe.text} (identity may do more than the one user query now)`,
    );
    say(`NOTE: baseline and target /api/auth/me bodies differ:\n  gateway:  ${tMe.text}\n  baseline: ${bMe.text}`);
  }
  // (a) must cross the gateway and NATS and come back from identity: its answer must not
  // be one the gateway gives by itself (no token, bad token, revoked, expired)
  const tGhost = await http(`${gw}/api/auth/me`, { headers: auth(ghostToken) });
  const gatewayOwn = await Promise.all([
    http(`${gw}/api/auth/me`),
    http(`${gw}/api/auth/me`, { headers: auth(`${ghostToken.slice(0, -4)}AAAA`) }),
  ]);
  const fromGateway = gatewayOwn.some((g) => g.text === tGhost.text) || ['TOKEN_REVOKED', 'TOKEN_EXPIRED'].includes(tGhost.json?.code);
  if (tGhost.status < 400 || tGhost.status >= 500 || fromGateway) {
    throw new Error(
      `(a) expects GET /api/auth/me for an unknown user to pass the gateway and be refused by identity; it answered ${tGhost.status}: ${tGhost.text.slice(0, 300)}`,
    );
  }
  const bHello = await http(`${helloReady.url}/hello`);
  if (bHello.status !== 200) throw new Error(`baseline /hello answered ${bHello.status}`);
  say(
    `checked: gateway me 200 (${tMe.text.length} bytes), baseline me 200 (${bMe.text.length} bytes), gateway unknown-user me ${tGhost.status} from identity (${tGhost.json?.detail ?? tGhost.text.slice(0, 80)}), hello 200`,
  );

  // (c): the searches, the baseline's SQL against the repository's, both answers, the plans
  const catalogRequests = catalog ? searchRequests(config.catalog.limit) : [];
  let catalogInfo = null;
  if (catalog) {
    const sqlCheck = await compareWithRepository(root, catalogRequests, listStatement);
    if (!sqlCheck.same) {
      for (const d of sqlCheck.differences) notes.push(`(c) ${d}: update bench/baselines/courses.mjs`);
      say(`NOTE (c): the baseline's SQL is not the repository's:\n  ${sqlCheck.differences.join('\n  ')}`);
    }
    const bodies = [];
    for (const r of catalogRequests) {
      const [t, b] = await Promise.all([
        http(`${gw}${r.path}`, { headers: auth(user.token), timeoutMs: 15_000 }),
        http(`${coursesReady.url}${r.path}`, { headers: auth(user.token), timeoutMs: 15_000 }),
      ]);
      if (t.status !== 200) throw new Error(`(c) GET ${r.path} through the gateway answered ${t.status}: ${t.text.slice(0, 300)}`);
      if (b.status !== 200) throw new Error(`(c) baseline GET ${r.path} answered ${b.status}: ${b.text.slice(0, 300)}`);
      const same = JSON.stringify(sortKeys(t.json)) === JSON.stringify(sortKeys(b.json));
      if (!same)
        notes.push(`(c) the baseline's body for \`${r.label}\` differs from the catalog's (${t.text.length} vs ${b.text.length} bytes)`);
      bodies.push({ rows: t.json.length, bytes: t.text.length, same });
    }
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: `${services.POSTGRES_URL.replace(/\/$/, '')}/${catalogDb}` });
    await c.connect();
    try {
      const matches = await matchCounts(c, catalogRequests);
      const perSearch = [];
      for (const [i, r] of catalogRequests.entries()) {
        const st = sqlCheck.statements[i];
        perSearch.push({
          label: r.label,
          search: r.search,
          category: r.category ?? null,
          path: r.path,
          matches: matches[i],
          selectivity: selectivity(matches[i]),
          ...bodies[i],
          plan: await explain(c, st),
          sql: await sqlTiming(c, st, config.catalog.sqlRuns),
        });
      }
      const server = (await c.query("SELECT version() AS v, current_setting('jit') AS jit")).rows[0];
      catalogInfo = {
        seed: catalogSeed,
        limit: config.catalog.limit,
        server: `${server.v.split(' on ')[0]}, jit ${server.jit}`,
        sqlSameAsRepository: sqlCheck.same,
        sqlDifferences: sqlCheck.differences,
        statement: {
          sql: sqlCheck.statements[0].sql,
          example: { search: catalogRequests[0].search, values: sqlCheck.statements[0].values },
        },
        perSearch,
      };
    } finally {
      await c.end().catch(() => undefined);
    }
    say(
      `(c) ${catalogRequests.length} searches (limit ${config.catalog.limit}); baseline SQL ${catalogInfo.sqlSameAsRepository ? 'identical to' : 'DIFFERENT from'} the built repository's; bodies ${bodies.every((b) => b.same) ? 'identical' : 'DIFFERENT (see notes)'}:`,
    );
    for (const s of catalogInfo.perSearch)
      say(
        `  ${s.label.padEnd(26)} ${String(s.matches).padStart(5)} matches (${s.selectivity.padEnd(6)}) ${String(s.rows).padStart(3)} rows ${String(s.bytes).padStart(6)} B  EXPLAIN ${fmt(s.plan.executionMs)} ms  SQL p50 ${fmt(s.sql.p50)} p99 ${fmt(s.sql.p99)} ms  ${s.plan.trigramIndex ? 'trigram index' : 'no trigram index'}: ${s.plan.scans.join(', ')}`,
      );
  }

  // what the rest of the machine does while we are idle (other users' tests share these 2 cores)
  {
    const ours = Object.fromEntries([['bench', process.pid], ...children.list.map((e) => [e.name, e.child.pid])]);
    const a = cpuSnapshot(ours);
    await sleep(2000);
    const d = cpuDelta(a, cpuSnapshot(ours), 0);
    backgroundCores = d.otherCores + (d.cores.postgres ?? 0) + (d.cores.nats ?? 0) + (d.cores.redis ?? 0);
    say(
      `background load with our servers idle: ${fmt(backgroundCores)} of ${os.availableParallelism()} cores busy (other processes ${fmt(d.otherCores)}, PostgreSQL ${fmt(d.cores.postgres ?? 0)}, NATS ${fmt(d.cores.nats ?? 0)}, Redis ${fmt(d.cores.redis ?? 0)})`,
    );
  }

  if (env.BENCH_HOLD === '1') {
    // for profiling by hand: everything up, nothing measured, until Ctrl-C
    say('BENCH_HOLD=1: the stack and the baselines stay up until Ctrl-C (then everything is cleaned up)');
    console.log(
      JSON.stringify(
        {
          gateway: gw,
          gatewayPid: gateway.child.pid,
          identityPid: identity.child.pid,
          hello: `${helloReady.url}/hello`,
          helloPid: hello.child.pid,
          me: `${meReady.url}/api/auth/me`,
          mePid: me.child.pid,
          ...(catalog
            ? {
                catalogPid: catalog.child.pid,
                catalogDb,
                courses: `${coursesReady.url}/api/courses`,
                coursesPid: courses.child.pid,
                searches: catalogRequests.map((r) => r.path),
                ...(cacheStack ? { gatewayWithCatalogCache: cacheStack.gw } : {}),
              }
            : {}),
          token: user.token,
          unknownUserToken: ghostToken,
          logs: tmpDir,
          busPrefix,
          dbPrefix,
          jwtSecret,
        },
        null,
        2,
      ),
    );
    await new Promise(() => undefined);
  }

  // scenario (s): an unmodified second gateway and a do-nothing RpcServer service on a bus prefix of their own
  let stub = null;
  if (config.only.includes('s')) {
    const noop = children.spawnNode(
      'noop-service',
      join(root, 'bench', 'lib', 'noop-service.mjs'),
      { PATH: process.env.PATH, NATS_URL: services.NATS_URL, BUS_PREFIX: stubPrefix },
      { cwd: root },
    );
    await children.waitFor(noop, async () => readyLine(noop), { timeoutMs: 20_000 });
    const port2 = await freePort();
    const gateway2 = children.spawnNode(
      'gateway-s',
      join(root, 'apps', 'gateway', 'dist', 'main.js'),
      { ...stackEnv, BUS_PREFIX: stubPrefix, PORT: String(port2) },
      { cwd: root },
    );
    const gw2 = `http://127.0.0.1:${port2}`;
    await children.waitFor(
      gateway2,
      async () => (await http(`${gw2}/api/health`, { timeoutMs: 4000 })).json?.services?.identity?.status === 'ok',
      { timeoutMs: 60_000, what: 'reporting the do-nothing service ok' },
    );
    const check = await http(`${gw2}/api/auth/me`, { headers: auth(user.token) });
    if (check.status !== 200)
      throw new Error(`(s) GET /api/auth/me through the second gateway answered ${check.status}: ${check.text.slice(0, 300)}`);
    stub = { gw: gw2, gatewayPid: gateway2.child.pid, servicePid: noop.child.pid };
    say(`(s) second gateway ${gw2} (pid ${gateway2.child.pid}) + do-nothing service (pid ${noop.child.pid}) on bus prefix ${stubPrefix}`);
  }
  const ourPids = () => Object.fromEntries(children.list.map((e) => [e.name, e.child.pid]));
  const idleOurs = (except) =>
    Object.fromEntries(
      Object.entries(ourPids())
        .filter(([, v]) => !except.includes(v))
        .map(([k, v]) => [`idle ${k}`, v]),
    );

  const allScenarios = {
    a: {
      title: 'no-op through the stack',
      baseline: {
        label: 'Fastify GET /hello',
        url: `${helloReady.url}/hello`,
        headers: {},
        expect: 200,
        pid: hello.child.pid,
        description: 'bare Fastify 5 (no logger), `GET /hello` -> `{"hello":"world"}`, own process.',
      },
      target: {
        label: `gateway me, unknown user -> ${tGhost.status}`,
        url: `${gw}/api/auth/me`,
        headers: auth(ghostToken),
        expect: tGhost.status,
        gatewayPid: gateway.child.pid,
        servicePid: identity.child.pid,
        description: `\`GET /api/auth/me\` with a valid token of a user id that does not exist: gateway (JWT verify, Redis MGET of the revocation keys, validation) -> NATS request-reply -> identity (TypeORM findOneBy on the primary key finds no row) -> ${tGhost.status} ${tGhost.json?.code ?? ''} "${tGhost.json?.detail ?? ''}" back. The closest to a no-op route through gateway + NATS + a service without adding a bench route to libs/contracts; it is not free: a JWT check, one Redis round trip and one index probe.`,
      },
    },
    s: stub && {
      title: 'no-op service behind the gateway',
      baseline: {
        label: 'Fastify GET /hello',
        url: `${helloReady.url}/hello`,
        headers: {},
        expect: 200,
        pid: hello.child.pid,
        description: 'bare Fastify 5 (no logger), `GET /hello` -> `{"hello":"world"}`, own process (the same as (a)).',
      },
      target: {
        label: 'gateway -> NATS -> no-op RpcServer',
        url: `${stub.gw}/api/auth/me`,
        headers: auth(user.token),
        expect: 200,
        gatewayPid: stub.gatewayPid,
        servicePid: stub.servicePid,
        description:
          '`GET /api/auth/me` through a second, unmodified gateway process (same settings) whose bus prefix is served by bench/lib/noop-service.mjs: a libs/bus RpcServer answering `identity.auth.me` with a constant user (zod-checked like every route), no database. Gateway + NATS + the service kit\'s RPC layer, nothing else: the "no-op route through gateway + NATS + a service" without adding a route to libs/contracts.',
      },
    },
    b: {
      title: 'GET /api/auth/me',
      baseline: {
        label: 'Fastify + fast-jwt + MGET + pg',
        url: `${meReady.url}/api/auth/me`,
        headers: auth(user.token),
        expect: 200,
        pid: me.child.pid,
        description: `bare Fastify 5 (bench/baselines/me.mjs, own process): fast-jwt HS256 verify (cache 10,000, as libs/auth), Redis MGET of \`auth:revoked:sid:<sid>\` and \`auth:revoked-before:<uid>\`, then with pg on a pool of ${config.stackEnv.DB_POOL_SIZE}: ${meReady.queries.map((q) => `\`${q.replace(/SELECT .*? FROM/, 'SELECT <every column> FROM')}\``).join(', then ')}; the same JSON as identity (BENCH_ME_QUERIES=${config.meQueries}).`,
      },
      target: {
        label: 'gateway -> NATS -> identity',
        url: `${gw}/api/auth/me`,
        headers: auth(user.token),
        expect: 200,
        gatewayPid: gateway.child.pid,
        servicePid: identity.child.pid,
        description:
          "`GET /api/auth/me` for a real user through the gateway (JWT, revocation MGET, validation, NATS request-reply) and identity's `me` handler as it is (at the time of writing: TypeORM findOneBy of the user, then a find of the user's portal memberships), as deployed.",
      },
    },
    c: catalog && {
      title: 'catalog search GET /api/courses?search=',
      baseline: {
        label: 'Fastify + fast-jwt + MGET + pg, same SQL',
        url: `${coursesReady.url}${catalogRequests[0].path}`,
        paths: catalogRequests.map((r) => r.path),
        headers: auth(user.token),
        expect: 200,
        pid: courses.child.pid,
        description: `bare Fastify 5 (bench/baselines/courses.mjs, own process): fast-jwt HS256 verify (cache 10,000, as libs/auth), Redis MGET of the two revocation keys, the query string read by hand, then the very SQL text of CoursesRepository.list (copied; checked against the built repository at every run: ${catalogInfo.sqlSameAsRepository ? 'identical' : 'DIFFERENT'}) with pg on a pool of ${config.stackEnv.DB_POOL_SIZE}, and the service's row mapping (toCourse): the same JSON.`,
      },
      target: {
        label: 'gateway -> NATS -> catalog (cache off)',
        url: `${gw}${catalogRequests[0].path}`,
        paths: catalogRequests.map((r) => r.path),
        headers: auth(user.token),
        expect: 200,
        gatewayPid: gateway.child.pid,
        servicePid: catalog.child.pid,
        description: `\`GET /api/courses?search=<term>&limit=${config.catalog.limit}\` with a learner's token through the gateway (JWT, revocation MGET, CourseListQuery validation, NATS request-reply) to catalog's CoursesService.list (one statement: published courses matching \`search_text LIKE\`, newest first, decorated with instructor name, lesson count and content items; zod check of the answer), with COURSE_LIST_CACHE_MS=0. Each connection rotates over ${catalogRequests.length} searches: ${catalogRequests.map((r) => `\`${r.label}\``).join(', ')}. Catalog seeded by the bench: ${fmtInt(catalogSeed.courses)} courses, ${fmtInt(catalogSeed.lessons)} lessons, ${fmtInt(catalogSeed.content_items)} content items.`,
      },
    },
  };
  const scenarios = Object.fromEntries(config.only.map((k) => [k, { ...allScenarios[k], rounds: [], rate: config.fixedRate }]));

  /** one closed-loop measurement of one side, with the CPU of every component */
  async function measureClosed(key, sc, side, connections, tag) {
    const s = sc[side];
    // every process of the run is tracked (so "others" is only what is not ours); those
    // this scenario does not use idle under their own names
    const active = { baseline: sc.baseline.pid, gateway: sc.target.gatewayPid, service: sc.target.servicePid };
    const pids = { bench: process.pid, ...idleOurs(Object.values(active)), ...active };
    const closed = await closedLoop({
      url: s.url,
      paths: s.paths,
      headers: s.headers,
      connections,
      durationS: config.durationS,
      warmupS: config.warmupS,
      expectStatus: s.expect,
      sample: () => cpuSnapshot(pids),
    });
    const cpu = cpuDelta(closed.samples.before, closed.samples.after, closed.requests);
    delete closed.samples;
    say(
      `${tag} (${key}) ${side.padEnd(8)} closed loop${connections === config.connections ? '' : ` at ${connections} connections`}: ${fmtInt(closed.rps).padStart(7)} req/s  p50 ${fmt(closed.p50)} ms  p99 ${fmt(closed.p99)} ms  (box ${fmt(cpu.machineBusy * 100, 0)}% busy, others ${fmt(cpu.otherCores)} cores)${closed.unexpected || closed.errors || closed.timeouts ? `  UNEXPECTED: ${JSON.stringify(closed.statuses)} errors ${closed.errors} timeouts ${closed.timeouts}` : ''}`,
    );
    await sleep(500);
    return { closed, cpu };
  }

  // rounds
  for (let r = 0; r < config.rounds; r++) {
    const order = r % 2 === 0 ? ['baseline', 'target'] : ['target', 'baseline'];
    const tag = `round ${r + 1}/${config.rounds}`;
    for (const [key, sc] of Object.entries(scenarios)) {
      const round = { order };
      for (const side of order) round[side] = await measureClosed(key, sc, side, config.connections, tag);
      // (c): a second level with fewer connections, when asked or when the target's p99 misses the goal
      if (key === 'c' && r === 0 && sc.lowConnections === undefined) {
        const over = round.target.closed.p99 >= 50;
        sc.lowConnections =
          config.catalog.low === 'always' || (config.catalog.low === 'auto' && over && config.catalog.lowConnections < config.connections)
            ? config.catalog.lowConnections
            : null;
        if (sc.lowConnections)
          say(
            `(c) also at ${sc.lowConnections} connections (${config.catalog.low === 'always' ? 'BENCH_CATALOG_LOW=always' : `the target's p99 at ${config.connections} was ${fmt(round.target.closed.p99)} ms, over 50`})`,
          );
      }
      if (key === 'c' && sc.lowConnections) {
        for (const side of order) {
          const m = await measureClosed(key, sc, side, sc.lowConnections, tag);
          round[side].closedLow = m.closed;
          round[side].cpuLow = m.cpu;
        }
      }
      if (!sc.rate) {
        const lower = Math.min(round.baseline.closed.rps, round.target.closed.rps);
        sc.rate = Math.max(50, Math.min(config.rateMax, Math.floor((0.5 * lower) / 50) * 50));
        say(`(${key}) equal-load rate: ${sc.rate} req/s (half the lower closed-loop req/s of round 1, at most ${config.rateMax})`);
      }
      for (const side of order) {
        const s = sc[side];
        const p = await paced({
          url: s.url,
          paths: s.paths,
          headers: s.headers,
          rate: sc.rate,
          durationS: config.pacedDurationS,
          warmupS: config.pacedWarmupS,
          sockets: config.pacedSockets,
          expectStatus: s.expect,
        });
        round[side].paced = p;
        say(
          `${tag} (${key}) ${side.padEnd(8)} at ${sc.rate} req/s:  achieved ${fmtInt(p.achievedRate)}/s  p50 ${fmt(p.p50)} ms  p99 ${fmt(p.p99)} ms${p.unexpected || p.errors ? `  UNEXPECTED: ${JSON.stringify(p.statuses)} errors ${p.errors}` : ''}`,
        );
        if (p.achievedRate < 0.95 * sc.rate)
          notes.push(`round ${r + 1} (${key}) ${side}: the paced client reached only ${fmtInt(p.achievedRate)} of ${sc.rate} req/s`);
        await sleep(300);
      }
      // the light load only when it is lighter than the equal load ((c) may run at 50-150 req/s)
      if (config.lightRate && config.lightRate < sc.rate) {
        for (const side of order) {
          const s = sc[side];
          const p = await paced({
            url: s.url,
            paths: s.paths,
            headers: s.headers,
            rate: config.lightRate,
            durationS: config.pacedDurationS,
            warmupS: config.pacedWarmupS,
            sockets: config.pacedSockets,
            expectStatus: s.expect,
          });
          round[side].light = p;
          say(
            `${tag} (${key}) ${side.padEnd(8)} at ${config.lightRate} req/s:  p50 ${fmt(p.p50)} ms  p99 ${fmt(p.p99)} ms${p.unexpected || p.errors ? `  UNEXPECTED: ${JSON.stringify(p.statuses)} errors ${p.errors}` : ''}`,
          );
          await sleep(300);
        }
      }
      sc.rounds.push(round);
    }
  }

  // (c), as information: the target with the service's default list cache (the second gateway
  // and catalog), closed loop once, next to one more baseline measurement
  if (scenarios.c && cacheStack) {
    const sc = scenarios.c;
    const cached = {
      ...sc,
      target: {
        ...sc.target,
        url: `${cacheStack.gw}${catalogRequests[0].path}`,
        gatewayPid: cacheStack.gateway.child.pid,
        servicePid: cacheStack.catalog.child.pid,
      },
    };
    const check = await http(`${cacheStack.gw}${catalogRequests[0].path}`, { headers: auth(user.token) });
    if (check.status !== 200) throw new Error(`(c) with the default cache GET ${catalogRequests[0].path} answered ${check.status}`);
    say(`(c) catalog with its default list cache (gateway-cache, catalog-cache): one informational closed-loop run`);
    const info = { cacheMs: 'default (COURSE_LIST_CACHE_MS unset)', connections: config.connections };
    for (const side of ['target', 'baseline']) info[side] = await measureClosed('c, cache on', cached, side, config.connections, 'info');
    sc.cacheInfo = info;
  }

  // results
  for (const sc of Object.values(scenarios)) {
    sc.summary = summarize(sc);
    if (sc.summary.baseline.unexpected || sc.summary.target.unexpected)
      notes.push(`${sc.title}: some responses had another status than expected or failed (see the JSON)`);
  }
  const busiest = Math.max(
    ...Object.values(scenarios)
      .flatMap((sc) => [sc.summary.baseline.otherCores, sc.summary.target.otherCores])
      .filter(Number.isFinite),
  );
  if (busiest > 0.15 || backgroundCores > 0.3) {
    notes.push(
      `the machine was not quiet: processes outside this run kept up to ${fmt(busiest)} of ${os.availableParallelism()} cores busy during the measurements (median per measurement, see "others"), ${fmt(backgroundCores)} cores in a 2 s sample before them (incl. PostgreSQL/NATS/Redis); figures are lower and noisier than on a quiet machine`,
    );
  }
  const goal = scenarios.b ? goalCheck(scenarios) : null;
  const catalogGoal = scenarios.c ? catalogGoalCheck(scenarios.c, config.connections) : null;
  const stamp = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const file = `${stamp}${quick ? '-quick' : ''}.json`;
  const result = {
    startedAt: startedAt.toISOString(),
    elapsedS: (Date.now() - t0) / 1000,
    file,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '?',
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadavgAtEnd: os.loadavg(),
    },
    git: gitInfo(),
    config,
    services: {
      via: services.via,
      POSTGRES_URL: services.POSTGRES_URL,
      NATS_URL: services.NATS_URL,
      REDIS_URL: services.REDIS_URL,
      sources: services.sources,
    },
    user: { how: user.how },
    scenarios: Object.fromEntries(
      Object.entries(scenarios).map(([k, sc]) => [
        k,
        {
          title: sc.title,
          rate: sc.rate,
          baseline: {
            label: sc.baseline.label,
            description: sc.baseline.description,
            path: new URL(sc.baseline.url).pathname,
            expect: sc.baseline.expect,
          },
          target: {
            label: sc.target.label,
            description: sc.target.description,
            path: new URL(sc.target.url).pathname,
            expect: sc.target.expect,
          },
          ...(sc.target.paths ? { paths: sc.target.paths } : {}),
          ...(k === 'c' ? { lowConnections: sc.lowConnections ?? null, cacheInfo: sc.cacheInfo ?? null, catalog: catalogInfo } : {}),
          summary: sc.summary,
          rounds: sc.rounds,
        },
      ]),
    ),
    goal,
    catalogGoal,
    backgroundCores,
    notes,
  };
  if (catalogInfo) result.catalogPlansFile = `${stamp}${quick ? '-quick' : ''}-catalog-plans.md`;
  if (goal || catalogGoal) console.log(consoleTable(result));
  mkdirSync(resultsDir, { recursive: true });
  const write = (name, text) => {
    writeFileSync(join(resultsDir, `${name}.tmp`), text);
    renameSync(join(resultsDir, `${name}.tmp`), join(resultsDir, name));
  };
  write(file, `${JSON.stringify(result, null, 2)}\n`);
  const written = [file];
  // latest.md: the last run that had (b); a run of (c) without (b) writes latest-catalog.md
  const md = `${goal || !catalogGoal ? 'latest' : 'latest-catalog'}${quick ? '-quick' : ''}.md`;
  if (goal || catalogGoal) {
    write(md, markdown(result));
    written.push(md);
  }
  if (catalogInfo) {
    const plans = [
      `# Catalog search plans (scenario c), run ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      plansMarkdown(catalogInfo, { heading: '#' }),
      `The statement (CoursesRepository.list for a learner, here with \`${catalogInfo.statement.example.search}\`; parameters ${JSON.stringify(catalogInfo.statement.example.values)}):`,
      '',
      '```sql',
      catalogInfo.statement.sql,
      '```',
      '',
    ].join('\n');
    write(result.catalogPlansFile, plans);
    written.push(result.catalogPlansFile);
    if (config.catalog.docs) {
      const docBody = [
        `Run ${result.startedAt}, commit ${result.git.commit}${result.git.dirty ? ' (uncommitted changes)' : ''} (\`bench/results/${file}\`, plans also in \`bench/results/${result.catalogPlansFile}\`).`,
        '',
        catalogFigures(result),
        plansMarkdown(catalogInfo, { heading: '##' }),
      ].join('\n');
      if (await writeDocSection(join(root, 'docs', 'catalog-search.md'), docBody))
        say('(c) rewrote the generated section of docs/catalog-search.md');
    }
  }
  say(`wrote ${written.map((w) => `bench/results/${w}`).join(', ')}`);
}

/**
 * POST /api/auth/register through the gateway; when identity does not do that (yet),
 * a users row inserted with pg and a token signed by libs/auth's TokenService with the
 * stack's secret (plus a sessions row when that table exists).
 */
async function createUser(gw, identityDb) {
  const email = `bench-${runId}@example.com`;
  const reg = await http(`${gw}/api/auth/register`, {
    method: 'POST',
    body: { name: 'Bench User', email, password: `Bench-${randomBytes(8).toString('hex')}`, role: 'learner' },
    timeoutMs: 15_000,
  }).catch((e) => ({ status: 0, text: e.message }));
  if (reg.status === 201 && reg.json?.token && reg.json?.user?.id) {
    const claims = JSON.parse(Buffer.from(reg.json.token.split('.')[1], 'base64url').toString());
    return { userId: reg.json.user.id, sessionId: claims.sid, token: reg.json.token, how: 'POST /api/auth/register through the gateway' };
  }
  const why = `register answered ${reg.status}${reg.json?.code ? ` ${reg.json.code}` : ''}`;
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: `${services.POSTGRES_URL.replace(/\/$/, '')}/${identityDb}` });
  await c.connect();
  try {
    const { rows } = await c.query("INSERT INTO users (name, email, role) VALUES ('Bench User', $1, 'learner') RETURNING id", [email]);
    const userId = rows[0].id;
    const sessionId = randomUUID();
    const { rowCount } = await c.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'sessions'");
    if (rowCount) {
      await c
        .query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '7 days')", [sessionId, userId])
        .catch((e) => notes.push(`could not add a sessions row: ${e.message}`));
    }
    const { TokenService } = await import('@lp/auth');
    const token = new TokenService(jwtSecret).sign({ userId, role: 'learner', sessionId, institutionId: null });
    notes.push(`${why}: the user was inserted with pg and its token signed with libs/auth TokenService`);
    return { userId, sessionId, token, how: `a users row inserted with pg and a TokenService token (${why})` };
  } finally {
    await c.end().catch(() => undefined);
  }
}

try {
  if (config.only.length) await main();
} catch (e) {
  failed = true;
  console.error(`[bench] FAILED: ${e.stack ?? e.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
if (
  (withAssessment || withBilling || withMentoring || withCommunity || withGamification || withNotifications) &&
  !config.only.length &&
  env.BENCH_NO_BUILD !== '1'
) {
  const { buildServer } = await import(pathToFileURL(join(root, 'infra', 'build.mjs')).href);
  await buildServer();
}
for (const [wanted, letter, script] of [
  [withAssessment, 'd', 'assessment.mjs'],
  [withBilling, 'e', 'billing.mjs'],
  [withMentoring, 'f', 'mentoring.mjs'],
  [withInstitution, 'g', 'institution.mjs'],
  [withCommunity, 'h', 'qa-search.mjs'],
  [withCommunity, 'h', 'live-fanout.mjs'],
  [withGamification, 'i', 'gamification.mjs'],
  [withNotifications, 'j', 'notifications.mjs'],
]) {
  if (!wanted) continue;
  say(`scenario (${letter}): bench/${script}`);
  const { spawnSync } = await import('node:child_process');
  const run = spawnSync(process.execPath, [join(root, 'bench', script)], { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) process.exitCode = run.status || 1;
}
process.exit(process.exitCode ?? 0);
