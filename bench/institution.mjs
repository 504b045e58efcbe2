// Scenario (g) of issue 12: bulk CSV enrollment through the worker's job. Alone:
// `node bench/institution.mjs` after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: institution, catalog and the worker
//      from their dist/ (NODE_ENV=test, LOG_LEVEL=warn), and identity itself, which makes the
//      100,000 accounts (the measure is the whole import, as a user waits for it).
//      BENCH_STUB_IDENTITY=1 answers ensure-member-accounts from a stand-in in this process
//      instead (an id per e-mail, as accounts that already exist), to see the rest's cost. The
//      import names one of the institution's courses, so catalog enrolls every row.
//   2. a CSV of BENCH_BULK_ROWS (100,000) people (email, name, role) in the shared file store,
//      imported as POST /institutions/{id}/members/bulk leaves it (the import row, the file, the
//      job). The route itself is not used (it takes such a file as a multipart upload, which
//      the API test institution-bulk-upload.test.ts covers): the measure is the job.
//   3. first the baselines, on the idle stack: psql \copy of the same file into a bare table
//      (email, name, role) of the institution database; then "the writes alone" (writesAlone
//      below), the same rows' accounts, members and enrollments with their events as bare SQL
//   4. the time from queueing to the import's `completed`, rows/s; the worker's RSS sampled
//      every 100 ms (peak, and its growth over the idle worker); the time until every event
//      of the import is applied (settled); then the same file again, which must add no member
//      and no enrollment (successful 0, unchanged all)
//
// Goal (issue 12): the job at >= 0.15x of \copy's rows/s, every row imported exactly once
// (members = enrollments = rows, successful = rows, failed 0), the re-import adds 0, the worker under 300 MB. Env:
// BENCH_BULK_ROWS (100000), BENCH_QUICK=1 (10,000 rows), BENCH_STUB_IDENTITY=1, BENCH_LOG_LEVEL.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sleep } from './lib/load.mjs';
import { tail } from './lib/proc.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench g] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const config = {
  rows: Number(env.BENCH_BULK_ROWS || (quick ? 10_000 : 100_000)),
  realIdentity: env.BENCH_STUB_IDENTITY !== '1',
  stackEnv: { NODE_ENV: 'test', LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn', RATE_LIMIT_SCALE: '0' },
};

const run = throwawayRun(root, 'g', say);
const { runId, busPrefix, children } = run;

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function writeCsv(path, rows) {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const write = async (s) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('email,name,role\n');
  for (let i = 1; i <= rows; i++) await write(`person${i}@bulk-bench.test,Person ${i},${i % 10 === 0 ? 'faculty' : 'student'}\n`);
  out.end();
  await once(out, 'finish');
}

async function main() {
  say(
    `run ${runId}: ${config.rows.toLocaleString('en-US')} rows through the bulk-enrollment job, identity ${config.realIdentity ? 'real' : 'a stand-in'}${quick ? ' (QUICK)' : ''}`,
  );
  const services = await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  const { connectBus, ensureEventStream, encode, decode, subjectFor, streamName, REPLY_HEADER } = await import('@lp/bus');
  const { headers: natsHeaders } = await import('@nats-io/transport-node');
  const { BULK_IMPORT_BATCH_MAX, JOBS, identityInternal } = await import('@lp/contracts');
  const { JobProducer } = await import('@lp/service-kit');
  const nc = await connectBus({ url: services.NATS_URL, prefix: busPrefix, name: 'lp-bench-g' });
  await ensureEventStream(nc, busPrefix);

  const accounts = new Map();
  if (!config.realIdentity) {
    nc.subscribe(subjectFor(busPrefix, identityInternal.ensureMemberAccounts.subject), {
      callback: (_err, m) => {
        const { people } = decode(m.data);
        const h = natsHeaders();
        h.set(REPLY_HEADER, 'ok');
        m.respond(
          encode({
            accounts: people.map((p) => {
              if (!accounts.has(p.email)) accounts.set(p.email, randomUUID());
              return {
                email: p.email,
                user: { id: accounts.get(p.email), name: p.name ?? p.email, email: p.email, role: 'learner', created: false },
              };
            }),
          }),
          { headers: h },
        );
      },
    });
  } else
    children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, {
      cwd: root,
      nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
    });
  const catalog = children.spawnNode('catalog', join(root, 'apps', 'catalog', 'dist', 'main.js'), stackEnv, {
    cwd: root,
    nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
  });
  const institution = children.spawnNode('institution', join(root, 'apps', 'institution', 'dist', 'main.js'), stackEnv, {
    cwd: root,
    nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
  });
  const worker = children.spawnNode('worker', join(root, 'apps', 'worker', 'dist', 'main.js'), stackEnv, {
    cwd: root,
    nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
  });

  const { default: pg } = await import('pg');
  const dbUrl = run.databaseUrl('institution');
  await children.waitFor(
    institution,
    async () => {
      const c = new pg.Client({ connectionString: dbUrl });
      try {
        await c.connect();
        const { rows } = await c.query(`SELECT to_regclass('public.bulk_imports') IS NOT NULL AS ok`);
        return rows[0].ok && /listening|ready|started/i.test(tail(institution.logPath, 200) || 'ready');
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    { timeoutMs: 90_000, what: 'migrating institution' },
  );
  await children
    .waitFor(worker, async () => /worker ready/.test(readFileSync(worker.logPath, 'utf8')) || (await sleep(200), false), {
      timeoutMs: 60_000,
      what: 'worker ready',
    })
    .catch(() => undefined); // LOG_LEVEL=warn hides the ready line: the first job then waits for it
  const catalogUrl = run.databaseUrl('catalog');
  await children.waitFor(
    catalog,
    async () => {
      const c = new pg.Client({ connectionString: catalogUrl });
      try {
        await c.connect();
        return (await c.query(`SELECT to_regclass('public.enrollments') IS NOT NULL AS ok`)).rows[0].ok;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    { timeoutMs: 90_000, what: 'migrating catalog' },
  );
  await sleep(1000);

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(`SELECT set_config('app.bypass', 'on', false)`);
  const instId = randomUUID();
  const adminId = randomUUID();
  // a tier the tiers table does not list has no limits (the free tier stops at 100 students)
  await db.query(
    `INSERT INTO institutions (id, path_ids, name, subdomain, verification_status, created_by, tier_name) VALUES ($1, ARRAY[$1]::uuid[], 'Bench University', $2, 'verified', $3, 'bench-unlimited')`,
    [instId, `bench-${runId}`, adminId],
  );

  // the institution's course the import enrolls into, as catalog holds it (catalog checks its owner)
  const courseId = randomUUID();
  const cat = new pg.Client({ connectionString: catalogUrl });
  await cat.connect();
  await cat.query(
    `INSERT INTO courses (id, title, description, category, level, instructor_id, institution_id, is_published) VALUES ($1, 'Bench Onboarding', 'Every member of the import', 'business', 'beginner', $2, $3, true)`,
    [courseId, adminId, instId],
  );
  const countEnrollments = async () =>
    Number((await cat.query(`SELECT count(*) AS n FROM enrollments WHERE course_id = $1`, [courseId])).rows[0].n);

  const producer = new JobProducer(JOBS.bulkEnrollment, { REDIS_URL: services.REDIS_URL, BUS_PREFIX: busPrefix });
  await producer.onModuleInit();
  const storageDir = stackEnv.STORAGE_DIR;
  const csvKey = `bench/${runId}.csv`;
  const csvPath = join(storageDir, csvKey);
  await writeCsv(csvPath, config.rows);
  say(`wrote the CSV (${config.rows.toLocaleString('en-US')} rows)`);

  /**
   * Seconds until the events written so far are applied: every service's outbox published and
   * every durable consumer of the run's stream with nothing pending or unacknowledged. The
   * import is done for its admin when the job completes; the platform agrees with it (portals
   * in identity, people in catalog, enrollments in institution's figures) when this is.
   */
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const jsm = await jetstreamManager(nc);
  const outboxUrls = ['institution', 'catalog', ...(config.realIdentity ? ['identity'] : [])].map((s) => run.databaseUrl(s));
  async function settled() {
    const t0 = performance.now();
    const clients = await Promise.all(
      outboxUrls.map(async (url) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        return c;
      }),
    );
    try {
      for (;;) {
        let unpublished = 0;
        for (const c of clients)
          unpublished += Number((await c.query(`SELECT count(*) AS n FROM outbox WHERE published_at IS NULL`)).rows[0].n);
        let pending = 0;
        for await (const ci of jsm.consumers.list(streamName(busPrefix))) pending += ci.num_pending + ci.num_ack_pending;
        if (unpublished === 0 && pending === 0) return (performance.now() - t0) / 1000;
        // a stuck consumer must not hold the bench for ever: reported as not settled
        if (performance.now() - t0 > SETTLE_LIMIT_S * 1000) return Infinity;
        await sleep(250);
      }
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  }

  /** one import of the file, as the route makes it; answers its figures and the worker's memory */
  async function importOnce() {
    const importId = randomUUID();
    const key = `imports/${instId}/${importId}.csv`;
    mkdirSync(dirname(join(storageDir, key)), { recursive: true });
    await promisify(execFile)('cp', [csvPath, join(storageDir, key)]);
    await db.query(`INSERT INTO bulk_imports (id, institution_id, created_by, storage_key) VALUES ($1, $2, $3, $4)`, [
      importId,
      instId,
      adminId,
      key,
    ]);
    const idleRss = rssMb(worker.child.pid);
    let peakRss = idleRss;
    const t0 = performance.now();
    await producer.add({ import_id: importId, institution_id: instId, course_id: courseId, storage_key: key }, importId);
    let row;
    for (;;) {
      peakRss = Math.max(peakRss, rssMb(worker.child.pid));
      row = (
        await db.query(`SELECT status, file_rows, processed, successful, unchanged, failed FROM bulk_imports WHERE id = $1`, [importId])
      ).rows[0];
      if (row.status === 'completed' || row.status === 'failed') break;
      if (!children.isRunning(worker)) throw new Error(`the worker exited:\n${tail(worker.logPath)}`);
      await sleep(100);
    }
    const seconds = (performance.now() - t0) / 1000;
    return { ...row, seconds, rowsPerS: config.rows / seconds, idleRssMb: idleRss, peakRssMb: peakRss };
  }

  // ---- the baselines first, on the idle stack (after an import its events are still being consumed for a while):
  // psql \copy of the same file into a bare table, then the writes alone
  await db.query(`CREATE TABLE bench_copy (email text, name text, role text)`);
  const t0 = performance.now();
  await promisify(execFile)('psql', [
    dbUrl,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy bench_copy FROM '${csvPath}' WITH (FORMAT csv, HEADER true)`,
  ]);
  const copySeconds = (performance.now() - t0) / 1000;
  const copied = Number((await db.query(`SELECT count(*) AS n FROM bench_copy`)).rows[0].n);
  const copy = { seconds: copySeconds, rowsPerS: copied / copySeconds, rows: copied };
  say(`psql \\copy: ${copied} rows in ${copySeconds.toFixed(2)} s = ${copy.rowsPerS.toFixed(0)} rows/s`);

  const floor = await writesAlone({ db, cat, adminId, rows: config.rows });
  say(
    `the writes alone (accounts, members, enrollments and their events, set-based, no services): ${floor.seconds.toFixed(2)} s = ${floor.rowsPerS.toFixed(0)} rows/s = ${(floor.rowsPerS / copy.rowsPerS).toFixed(3)}x of \\copy`,
  );

  const first = await importOnce();
  say(
    `import: ${first.status}, ${first.successful} added, ${first.failed} failed in ${first.seconds.toFixed(1)} s = ${first.rowsPerS.toFixed(0)} rows/s; worker RSS ${first.idleRssMb.toFixed(0)} -> peak ${first.peakRssMb.toFixed(0)} MB`,
  );
  first.settledSeconds = first.seconds + (await settled());
  say(`every event of the import applied by its consumers ${first.settledSeconds.toFixed(1)} s after queueing`);
  const members = Number((await db.query(`SELECT count(*) AS n FROM members WHERE institution_id = $1`, [instId])).rows[0].n);
  const enrollments = await countEnrollments();
  const again = await importOnce();
  const membersAfter = Number((await db.query(`SELECT count(*) AS n FROM members WHERE institution_id = $1`, [instId])).rows[0].n);
  const enrollmentsAfter = await countEnrollments();
  say(
    `re-import: ${again.status}, ${again.successful} added, ${again.unchanged} unchanged in ${again.seconds.toFixed(1)} s; members ${members} -> ${membersAfter}, enrollments ${enrollments} -> ${enrollmentsAfter}`,
  );

  await cat.end();
  await db.end();
  await producer.onModuleDestroy();
  await nc.close();

  const ratio = first.rowsPerS / copy.rowsPerS;
  const checks = {
    allImported:
      first.status === 'completed' &&
      first.successful === config.rows &&
      first.failed === 0 &&
      members === config.rows &&
      enrollments === config.rows,
    reimportAddsNothing:
      again.status === 'completed' &&
      again.successful === 0 &&
      again.unchanged === config.rows &&
      membersAfter === members &&
      enrollmentsAfter === enrollments,
    ratioAtLeast015: ratio >= 0.15,
    workerUnder300Mb: first.peakRssMb < 300,
  };
  const met = Object.values(checks).every(Boolean);
  if (!met) run.failed = true;
  say(
    `(g) ${first.rowsPerS.toFixed(0)} rows/s through the job vs ${copy.rowsPerS.toFixed(0)} rows/s \\copy: ratio ${ratio.toFixed(3)}x; worker peak RSS ${first.peakRssMb.toFixed(0)} MB`,
  );
  say(
    `goal (>= 0.15x of \\copy, every row once, re-import adds 0, worker < 300 MB): ${met ? 'MET' : 'NOT MET'} (${Object.entries(checks)
      .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
      .join(', ')})`,
  );

  const startedAt = new Date();
  const stamp = startedAt
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const result = {
    scenario: 'g',
    startedAt: startedAt.toISOString(),
    quick,
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    config,
    first,
    members,
    enrollments,
    again,
    copy,
    floor,
    floorRatio: floor.rowsPerS / copy.rowsPerS,
    ratio,
    checks,
    goalMet: met,
  };
  writeResult(resultsDir, `${stamp}${quick ? '-quick' : ''}-institution.json`, `${JSON.stringify(result, null, 2)}\n`);
  const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  writeResult(
    resultsDir,
    `latest-institution${quick ? '-quick' : ''}.md`,
    [
      `# Benchmark (g): bulk CSV enrollment, ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      `${config.rows.toLocaleString('en-US')} rows (email, name, role) through the worker's bulk-enrollment job in batches of ${BULK_IMPORT_BATCH_MAX} (identity ${config.realIdentity ? 'itself' : 'played by a stand-in that answers an id per e-mail'}), each row a member and an enrollment in one of the institution's courses, against psql \\copy of the same file into a bare table. ${os.cpus().length}-core machine.`,
      '',
      '| | seconds | rows/s |',
      '|---|---|---|',
      `| import through the job | ${f(first.seconds, 2)} | ${f(first.rowsPerS, 0)} |`,
      `| every event of the import applied by its consumers (from queueing) | ${f(first.settledSeconds, 2)} | ${f(config.rows / first.settledSeconds, 0)} |`,
      `| the same file again (adds nothing) | ${f(again.seconds, 2)} | ${f(config.rows / again.seconds, 0)} |`,
      `| psql \\copy into a bare table | ${f(copy.seconds, 2)} | ${f(copy.rowsPerS, 0)} |`,
      `| the writes alone: accounts, members, enrollments and their outbox events, set-based SQL in batches of ${FLOOR_BATCH}, no services${config.realIdentity ? '' : ' (no accounts: identity was a stand-in)'} | ${f(floor.seconds, 2)} | ${f(floor.rowsPerS, 0)} |`,
      '',
      `Ratio ${f(ratio, 3)}x; the writes alone ${f(floor.rowsPerS / copy.rowsPerS, 3)}x. Worker RSS ${f(first.idleRssMb, 0)} MB idle, ${f(first.peakRssMb, 0)} MB at its peak during the import. Import: ${first.successful} added, ${first.failed} failed; members ${members}, enrollments ${enrollments}. Re-import: ${again.successful} added, ${again.unchanged} unchanged; members ${membersAfter}, enrollments ${enrollmentsAfter}.`,
      '',
      `Goal (>= 0.15x of \\copy, every row once, re-import adds 0, worker < 300 MB): ${met ? 'met' : 'NOT met'} (${Object.entries(checks)
        .map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`)
        .join(', ')}).`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

const FLOOR_BATCH = 2000;
/** how long the bench waits for the import's events to be applied */
const SETTLE_LIMIT_S = 1200;

/**
 * What any design must commit for the file, without a service in the way: per row an account
 * (identity), a member (institution) and an enrollment (catalog), each with its event in the
 * outbox, in each service's own database with its real indexes (as the owner: no row-level security), one
 * set-based statement per table per batch of FLOOR_BATCH. This is the ceiling the job can
 * approach: if it is below 0.15x of \\copy, so is every import that keeps the platform's rules
 * (its own database per service, events through the outbox). The events are written as
 * already published so the running relays leave them alone. New people (floor-... e-mails), a
 * second institution and course, so nothing of the measured import is touched.
 */
async function writesAlone({ db, cat, adminId, rows }) {
  const { default: pg } = await import('pg');
  const idDb = config.realIdentity ? new pg.Client({ connectionString: run.databaseUrl('identity') }) : null;
  await idDb?.connect();
  const floorInst = randomUUID();
  const floorCourse = randomUUID();
  await db.query(
    `INSERT INTO institutions (id, path_ids, name, subdomain, verification_status, created_by, tier_name) VALUES ($1, ARRAY[$1]::uuid[], 'Floor University', $2, 'verified', $3, 'bench-unlimited')`,
    [floorInst, `floor-${runId}`, adminId],
  );
  await cat.query(
    `INSERT INTO courses (id, title, description, category, level, instructor_id, institution_id, is_published) VALUES ($1, 'Floor Course', 'The writes alone', 'business', 'beginner', $2, $3, true)`,
    [floorCourse, adminId, floorInst],
  );
  const t0 = performance.now();
  for (let from = 1; from <= rows; from += FLOOR_BATCH) {
    const n = Math.min(FLOOR_BATCH, rows - from + 1);
    const emails = Array.from({ length: n }, (_, i) => `floor${from + i}@bulk-bench.test`);
    const names = emails.map((_, i) => `Person ${from + i}`);
    let ids;
    if (idDb) {
      const { rows: made } = await idDb.query(
        `WITH made AS (
           INSERT INTO users (name, email, role, status) SELECT p.name, p.email, 'learner', 'active' FROM unnest($1::text[], $2::text[]) AS p(email, name)
           ON CONFLICT ((lower(email))) WHERE email IS NOT NULL DO NOTHING RETURNING id, name, email, role, created_at),
         ev AS (
           INSERT INTO outbox (id, name, payload, published_at)
           SELECT gen_random_uuid(), 'identity.user.registered', jsonb_build_object('v', 1, 'user_id', id, 'name', name, 'email', email, 'phone', NULL, 'role', role, 'ref', NULL, 'created_at', created_at), now() FROM made)
         SELECT id FROM made`,
        [emails, names],
      );
      ids = made.map((r) => r.id);
    } else ids = emails.map(() => randomUUID());
    await db.query(
      `WITH added AS (
         INSERT INTO members (id, institution_id, user_id, member_type, portal_role, added_by)
         SELECT gen_random_uuid(), $1, u, 'student', 'learner', $2 FROM unnest($3::uuid[]) AS u
         ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id, institution_id, user_id, member_type, portal_role)
       INSERT INTO outbox (id, name, payload, published_at)
       SELECT gen_random_uuid(), 'institution.member.added', jsonb_build_object('v', 1, 'member_id', id, 'institution_id', institution_id, 'user_id', user_id, 'member_type', member_type, 'portal_role', portal_role), now() FROM added`,
      [floorInst, adminId, ids],
    );
    await cat.query(
      `WITH made AS (
         INSERT INTO enrollments (course_id, user_id, amount_paid, enrolled_at, last_activity_at)
         SELECT $1, u, 0, now(), now() FROM unnest($2::uuid[]) AS u
         ON CONFLICT (course_id, user_id) DO NOTHING RETURNING id, course_id, user_id, enrolled_at),
       counted AS (UPDATE courses SET enrollment_count = enrollment_count + (SELECT count(*) FROM made) WHERE id = $1)
       INSERT INTO outbox (id, name, payload, published_at)
       SELECT gen_random_uuid(), 'catalog.enrollment.created', jsonb_build_object('v', 1, 'enrollment_id', id, 'course_id', course_id, 'user_id', user_id, 'amount_paid', 0, 'enrolled_at', enrolled_at), now() FROM made`,
      [floorCourse, ids],
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  await idDb?.end();
  return { seconds, rowsPerS: rows / seconds, batch: FLOOR_BATCH, accounts: Boolean(idDb) };
}

await runScript(run, 'g', main);
