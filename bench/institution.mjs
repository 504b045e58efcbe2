// Scenario (g) of issue 12: bulk CSV enrollment through the worker's job. Alone:
// `node bench/institution.mjs` after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: institution and the worker from their
//      dist/ (NODE_ENV=test, LOG_LEVEL=warn), and identity itself, which makes the 100,000
//      accounts (the measure is the whole import, as a user waits for it). BENCH_STUB_IDENTITY=1
//      answers ensure-member-accounts from a stand-in in this process instead (an id per e-mail,
//      as accounts that already exist), to see the import's own cost. No course yet: catalog's
//      enrolment is not part of the measure (a gap: the issue asks for enrollments too).
//   2. a CSV of BENCH_BULK_ROWS (100,000) people (email, name, role) in the shared file store,
//      imported as POST /institutions/{id}/members/bulk leaves it (the import row, the file, the
//      job). The route itself is not used: a 100,000-row file is ~4 MB, beyond the gateway's
//      1 MiB body limit and NATS's 1 MiB message limit.
//   3. the time from queueing to the import's `completed`, rows/s; the worker's RSS sampled
//      every 100 ms (peak, and its growth over the idle worker); then the same file again,
//      which must add no member (successful 0, unchanged all)
//   4. the baseline: psql \copy of the same file into a bare table (email, name, role) of the
//      same database, rows/s
//
// Goal (issue 12): the job at >= 0.15x of \copy's rows/s, every row imported exactly once
// (members = rows, successful = rows, failed 0), the re-import adds 0, the worker under 300 MB. Env:
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
  const { connectBus, ensureEventStream, encode, decode, subjectFor, REPLY_HEADER } = await import('@lp/bus');
  const { headers: natsHeaders } = await import('@nats-io/transport-node');
  const { JOBS, identityInternal } = await import('@lp/contracts');
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
  } else children.spawnNode('identity', join(root, 'apps', 'identity', 'dist', 'main.js'), stackEnv, { cwd: root });
  const institution = children.spawnNode('institution', join(root, 'apps', 'institution', 'dist', 'main.js'), stackEnv, { cwd: root });
  const worker = children.spawnNode('worker', join(root, 'apps', 'worker', 'dist', 'main.js'), stackEnv, { cwd: root });

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

  const producer = new JobProducer(JOBS.bulkEnrollment, { REDIS_URL: services.REDIS_URL, BUS_PREFIX: busPrefix });
  await producer.onModuleInit();
  const storageDir = stackEnv.STORAGE_DIR;
  const csvKey = `bench/${runId}.csv`;
  const csvPath = join(storageDir, csvKey);
  await writeCsv(csvPath, config.rows);
  say(`wrote the CSV (${config.rows.toLocaleString('en-US')} rows)`);

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
    await producer.add({ import_id: importId, institution_id: instId, course_id: null, storage_key: key }, importId);
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

  const first = await importOnce();
  say(
    `import: ${first.status}, ${first.successful} added, ${first.failed} failed in ${first.seconds.toFixed(1)} s = ${first.rowsPerS.toFixed(0)} rows/s; worker RSS ${first.idleRssMb.toFixed(0)} -> peak ${first.peakRssMb.toFixed(0)} MB`,
  );
  const members = Number((await db.query(`SELECT count(*) AS n FROM members WHERE institution_id = $1`, [instId])).rows[0].n);
  const again = await importOnce();
  const membersAfter = Number((await db.query(`SELECT count(*) AS n FROM members WHERE institution_id = $1`, [instId])).rows[0].n);
  say(
    `re-import: ${again.status}, ${again.successful} added, ${again.unchanged} unchanged in ${again.seconds.toFixed(1)} s; members ${members} -> ${membersAfter}`,
  );

  // ---- the baseline: psql \copy of the same file into a bare table
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
  await db.end();
  await producer.onModuleDestroy();
  await nc.close();

  const ratio = first.rowsPerS / copy.rowsPerS;
  const checks = {
    allImported: first.status === 'completed' && first.successful === config.rows && first.failed === 0 && members === config.rows,
    reimportAddsNothing:
      again.status === 'completed' && again.successful === 0 && again.unchanged === config.rows && membersAfter === members,
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
    again,
    copy,
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
      `${config.rows.toLocaleString('en-US')} rows (email, name, role) through the worker's bulk-enrollment job in batches of 500 (identity ${config.realIdentity ? 'itself' : 'played by a stand-in that answers an id per e-mail'}, no course), against psql \\copy of the same file into a bare table. ${os.cpus().length}-core machine.`,
      '',
      '| | seconds | rows/s |',
      '|---|---|---|',
      `| import through the job | ${f(first.seconds, 2)} | ${f(first.rowsPerS, 0)} |`,
      `| the same file again (adds nothing) | ${f(again.seconds, 2)} | ${f(config.rows / again.seconds, 0)} |`,
      `| psql \\copy into a bare table | ${f(copy.seconds, 2)} | ${f(copy.rowsPerS, 0)} |`,
      '',
      `Ratio ${f(ratio, 3)}x. Worker RSS ${f(first.idleRssMb, 0)} MB idle, ${f(first.peakRssMb, 0)} MB at its peak during the import. Import: ${first.successful} added, ${first.failed} failed; members ${members}. Re-import: ${again.successful} added, ${again.unchanged} unchanged; members ${membersAfter}.`,
      '',
      `Goal (>= 0.15x of \\copy, every row once, re-import adds 0, worker < 300 MB): ${met ? 'met' : 'NOT met'} (${Object.entries(checks)
        .map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`)
        .join(', ')}).`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

await runScript(run, 'g', main);
