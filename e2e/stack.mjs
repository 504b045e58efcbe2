// The Playwright `webServer` of the e2e suite (e2e/playwright.config.ts): the whole
// platform on its own port, databases, bus subjects and Redis keys, so it never touches
// what `npm start` uses.
//   1. builds apps/web/dist when it is missing (infra/test.mjs and infra/build.mjs build it
//      before Playwright runs; start.mjs --no-web serves whatever is there)
//   2. forgets the previous run: drops every database named e2e_*, deletes the run's
//      JetStream stream and its Redis keys (rate-limit counters, queues, revocations)
//   3. runs `node infra/start.mjs --no-web` with PORT (default 3310), DB_PREFIX=e2e_,
//      BUS_PREFIX=e2e., LOG_LEVEL=warn and generous rate limits (RATE_LIMIT_SCALE=50:
//      the suite registers more accounts from one address than the real limit allows)
//   4. forwards SIGTERM/SIGINT to it and exits with its exit code.
// start.mjs runs in its own process group: Playwright's graceful shutdown signals our
// group, and start.mjs must get that signal exactly once (a second one means "kill now").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PREFIX lets two checkouts run their suites side by side on one machine
const E2E_PREFIX = /^[a-z0-9]+$/.test(process.env.E2E_PREFIX ?? '') ? process.env.E2E_PREFIX : 'e2e';
const DB_PREFIX = `${E2E_PREFIX}_`;
const BUS_PREFIX = `${E2E_PREFIX}.`;
const POSTGRES_URL = (process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const say = (line) => console.log(`[e2e-stack] ${line}`);

let child = null;
let stopping = null;
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(sig, () => {
    if (stopping) return; // the group signal and a direct one may both arrive: forward once
    stopping = sig;
    if (child && child.exitCode === null && child.signalCode === null) {
      say(`${sig}: stopping the stack`);
      child.kill(sig === 'SIGHUP' ? 'SIGTERM' : sig);
    } else process.exit(130);
  });
}

// ------------------------------------------------------------------ 1. the SPA

if (!existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))) {
  say('apps/web/dist/index.html is missing: npx vite build');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps', 'web'), stdio: 'inherit' });
  if (r.status !== 0) {
    say(`vite build failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}
if (stopping) process.exit(130);

// ------------------------------------------------------------------ 2. leftovers of the last run

async function dropDatabases() {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres`, connectionTimeoutMillis: 5000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [DB_PREFIX]);
    for (const { datname } of rows) {
      await c.query(`DROP DATABASE IF EXISTS "${datname.replace(/"/g, '""')}" WITH (FORCE)`);
    }
    return rows.map((r) => r.datname);
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function deleteStream() {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const name = `${BUS_PREFIX.replace(/[^A-Za-z0-9_-]/g, '_')}EVENTS`; // libs/bus streamName
  const nc = await connect({ servers: NATS_URL.split(','), reconnect: false, timeout: 5000, name: 'lp-e2e-cleanup' });
  try {
    const jsm = await jetstreamManager(nc);
    try {
      await jsm.streams.info(name);
    } catch {
      return null;
    }
    await jsm.streams.delete(name);
    return name;
  } finally {
    await nc.close().catch(() => undefined);
  }
}

async function deleteRedisKeys() {
  const { Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  r.on('error', () => undefined);
  let n = 0;
  try {
    await r.connect();
    // BUS_PREFIX keys (rate limits, sessions) and the BullMQ queues (libs/service-kit queuePrefix)
    for (const match of [`${BUS_PREFIX}*`, `lp:${BUS_PREFIX.replace(/\.$/, '')}:*`]) {
      let cursor = '0';
      do {
        const [next, found] = await r.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        cursor = next;
        if (found.length) n += await r.del(...found);
      } while (cursor !== '0');
    }
  } finally {
    r.disconnect();
  }
  return n;
}

try {
  const dropped = await dropDatabases();
  if (dropped.length) say(`dropped ${dropped.join(', ')}`);
} catch (e) {
  say(`could not drop the ${DB_PREFIX}* databases at ${POSTGRES_URL}: ${e.message}`);
  process.exit(1);
}
// the stream and the keys are only stale state: a failure here is reported, not fatal
await deleteStream().then(
  (name) => name && say(`deleted JetStream stream ${name}`),
  (e) => say(`could not delete the JetStream stream: ${e.message}`),
);
await deleteRedisKeys().then(
  (n) => n && say(`deleted ${n} Redis keys`),
  (e) => say(`could not delete the Redis keys: ${e.message}`),
);
if (stopping) process.exit(130);

// ------------------------------------------------------------------ 3. the stack

const env = {
  ...process.env,
  // the stack's own nats-server with per-app users and generated permissions (infra/start.mjs), emptied each run
  NATS_FRESH: '1',
  PORT: process.env.PORT || '3310',
  DB_PREFIX,
  BUS_PREFIX,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE || '50',
};
// the Telegram bot's local double beside the journeys' port, not on npm start's 3081 (both may run at once)
env.TELEGRAM_DOUBLE_PORT = process.env.TELEGRAM_DOUBLE_PORT || String(Number(env.PORT) + 1);
// the journeys' browser is on 127.0.0.1: absolute links (an invitation e-mail's, a certificate's) must be too
env.PUBLIC_URL = process.env.PUBLIC_URL || `http://127.0.0.1:${env.PORT}`;
delete env.NATS_URL; // never the shared open NATS: the journeys run under the same permissions as npm start
say(`node infra/start.mjs --no-web (PORT=${env.PORT} DB_PREFIX=${DB_PREFIX} BUS_PREFIX=${BUS_PREFIX})`);
child = spawn(process.execPath, ['infra/start.mjs', '--no-web'], { cwd: root, env, stdio: 'inherit', detached: true });
child.on('error', (e) => {
  say(`could not start infra/start.mjs: ${e.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (!stopping) say(`infra/start.mjs exited on its own (${signal ?? `code ${code}`})`);
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
