// A standalone bench script's run: its own DB_PREFIX / BUS_PREFIX / JWT secret, a temporary
// directory for the children's logs, and a cleanup that drops the run's databases, stream and
// Redis keys (also after a failure or Ctrl-C), keeping the logs when something failed.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Children } from './proc.mjs';
import { acquireServices, deleteRedisKeys, deleteStream, dropDatabases } from './resources.mjs';

export function throwawayRun(root, tag, say) {
  const runId = randomBytes(4).toString('hex');
  const run = {
    runId,
    dbPrefix: `bench_${runId}_`,
    busPrefix: `bench${runId}.`,
    jwtSecret: `bench-${randomBytes(24).toString('hex')}`,
    tmpDir: mkdtempSync(join(os.tmpdir(), `lp-bench-${tag}-${runId}-`)),
    children: null,
    services: null,
    failed: false,
    /** PostgreSQL, NATS and Redis for the run (infra/provision.mjs or what is running) */
    async acquire() {
      run.services = await acquireServices(root);
      return run.services;
    },
    /** the env every app of the stack runs with, as `npm start` would give it, on the run's prefixes */
    stackEnv(extra) {
      const s = run.services;
      return {
        ...process.env,
        ...extra,
        POSTGRES_URL: s.POSTGRES_URL,
        NATS_URL: s.NATS_URL,
        REDIS_URL: s.REDIS_URL,
        DB_PREFIX: run.dbPrefix,
        BUS_PREFIX: run.busPrefix,
        JWT_SECRET: run.jwtSecret,
        STORAGE_DIR: join(run.tmpDir, 'storage'),
        WEB_DIST: join(run.tmpDir, 'no-web-dist'),
        HOST: '127.0.0.1',
      };
    },
    /**
     * A bare baseline (bench/baselines/<script>) as its own production process on a free port;
     * answers its URL once it printed its ready line.
     */
    async startBaseline(name, script, env = {}) {
      const proc = run.children.spawnNode(
        name,
        join(root, 'bench', 'baselines', script),
        { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
        { cwd: root },
      );
      return run.children.waitFor(proc, async () => {
        try {
          const line = readFileSync(proc.logPath, 'utf8')
            .split('\n')
            .find((l) => l.startsWith('{'));
          return line ? JSON.parse(line).url : null;
        } catch {
          return null;
        }
      });
    },
    /** `mint(role)`: a new user id and a token the run's gateway accepts (signed with the run's secret) */
    async tokenMinter() {
      const { TokenService } = await import('@lp/auth');
      const tokens = new TokenService(run.jwtSecret);
      return (role) => {
        const userId = randomUUID();
        return { userId, token: tokens.sign({ userId, role, sessionId: randomUUID(), institutionId: null }) };
      };
    },
    /** a database of the run's stack, by service name */
    databaseUrl(service) {
      return `${run.services.POSTGRES_URL.replace(/\/$/, '')}/${run.dbPrefix}${service}`;
    },
    async cleanup() {
      await run.children.stopAll().catch((e) => say(`cleanup: ${e.message}`));
      const s = run.services;
      if (s) {
        // BENCH_KEEP_DATABASES=1 leaves them for EXPLAIN ANALYZE afterwards (drop them by hand)
        if (process.env.BENCH_KEEP_DATABASES === '1') say(`kept the databases ${run.dbPrefix}*`);
        else await dropDatabases(s.POSTGRES_URL, run.dbPrefix).catch((e) => say(`cleanup: databases: ${e.message}`));
        await deleteStream(s.NATS_URL, run.busPrefix).catch((e) => say(`cleanup: stream: ${e.message}`));
        await deleteRedisKeys(s.REDIS_URL, [`${run.busPrefix}*`, `lp:${run.busPrefix.replace(/\.$/, '')}:*`]).catch(() => undefined);
        await s.stop().catch(() => undefined);
      }
      if (run.failed || process.env.BENCH_KEEP_LOGS) say(`logs kept in ${run.tmpDir}`);
      else rmSync(run.tmpDir, { recursive: true, force: true });
    },
  };
  run.children = new Children(run.tmpDir);
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.once(sig, () => {
      run.failed = true;
      run.cleanup().finally(() => process.exit(130));
    });
  process.on('exit', () => run.children.killAllSync());
  return run;
}

/** Writes a result file whole or not at all (a reader never sees half of latest-*.md). */
export function writeResult(dir, name, text) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.tmp`), text);
  renameSync(join(dir, `${name}.tmp`), join(dir, name));
}

/** Runs a script's main: a failure is printed with the script's tag and exits 1; the run is cleaned up either way. */
export async function runScript(run, tag, main) {
  try {
    await main();
  } catch (e) {
    run.failed = true;
    console.error(`[bench ${tag}] FAILED: ${e.stack ?? e.message}`);
    process.exitCode = 1;
  } finally {
    await run.cleanup();
  }
  process.exit(process.exitCode ?? 0);
}
