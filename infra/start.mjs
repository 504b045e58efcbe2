// `npm start`: the whole platform at one URL, from a fresh clone.
//   1. npm install when node_modules is missing or older than package-lock.json
//   2. build the server apps (swc) and the SPA (Vite)
//   3. provision PostgreSQL, NATS (JetStream) and Redis (infra/provision.mjs)
//   4. start every app in apps/*/src/main.ts: the services, then worker, then gateway
//   5. wait for GET /api/health, seed the demo data (each service's src/seed/, run by libs/service-kit seed-driver.ts), print a banner
// Ctrl-C / SIGTERM stops every app (SIGTERM, SIGKILL after 10 s), then what step 3
// started. An app that dies on its own stops everything (exit 1).
//   --seed-only       seed a running stack and exit
//   --force-embedded  start our own PostgreSQL/NATS/Redis even if some are running
//   --no-web          do not build the SPA (the gateway serves whatever apps/web/dist has)
// Env: PORT (gateway, default 3000), BUS_PREFIX, LOG_LEVEL, POSTGRES_URL/NATS_URL/REDIS_URL.
// Only Node built-ins are imported statically: dependencies may not be installed yet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const PORT = Number(process.env.PORT || 3000);
const BUS_PREFIX = process.env.BUS_PREFIX ?? '';
const GRACE_MS = 10_000;
const HEALTH_TIMEOUT_MS = Number(process.env.START_TIMEOUT_S || 60) * 1000;
// one file per bus prefix, so an e2e or bench stack beside `npm start` does not overwrite its record
const stackFile = join(root, '.data', BUS_PREFIX ? `stack-${BUS_PREFIX.replace(/[^A-Za-z0-9_-]/g, '')}.json` : 'stack.json');

// `npm start | tee log` and Ctrl-C: tee dies first; writing on must not crash the shutdown
for (const s of [process.stdout, process.stderr])
  s.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const say = (line) => console.log(`${paint('1', '[start]')} ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const since = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

// ------------------------------------------------------------------ --seed-only

if (args.has('--seed-only')) {
  let natsUrl = process.env.NATS_URL;
  let auth = process.env.NATS_PASSWORD_SEED ? { user: 'seed', pass: process.env.NATS_PASSWORD_SEED } : null;
  let signingKey = process.env.CALLER_SIGNING_KEY;
  if (!natsUrl && existsSync(stackFile)) {
    const s = JSON.parse(readFileSync(stackFile, 'utf8'));
    if (isAlive(s.pid)) ({ NATS_URL: natsUrl, seedAuth: auth, signingKey } = s); // the stack npm start is running now
  }
  natsUrl ??= 'nats://127.0.0.1:4222';
  const { seed } = await importSeedDriver();
  try {
    await seed({ natsUrl, busPrefix: BUS_PREFIX, auth, signingKey });
    console.log('[seed] done');
    process.exit(0);
  } catch (e) {
    console.error(`[seed] FAILED against ${natsUrl}: ${e.message}`);
    process.exit(1);
  }
}

/** The compiled seed driver (libs/service-kit/src/seed/seed-driver.ts): built with the server apps. */
function importSeedDriver() {
  return import(pathToFileURL(join(root, 'libs', 'service-kit', 'dist', 'seed', 'seed-driver.js')).href);
}

function isAlive(pid) {
  try {
    return !!pid && process.kill(pid, 0);
  } catch (e) {
    return e.code === 'EPERM';
  }
}

// ------------------------------------------------------------------ state and shutdown

/** @type {Array<{ name: string, child: import('node:child_process').ChildProcess, lines: string[], exited: boolean }>} */
const apps = [];
let infra = null; // what provision() returned
let secureNats = null; // the stack's own nats-server with per-app users (provision.mjs startSecureNats)
let phase = 'prepare'; // prepare | boot | running | stopping

async function shutdown(code, why) {
  if (phase === 'stopping') return;
  phase = 'stopping';
  if (why) say(why);
  const running = apps.filter((a) => !a.exited);
  if (running.length) say(`stopping ${running.map((a) => a.name).join(', ')}`);
  // in reverse start order: the gateway (no new requests), then the worker, then the
  // services, each group SIGTERM then SIGKILL after GRACE_MS
  const rank = (n) => (n === 'gateway' ? 0 : n === 'worker' ? 1 : 2);
  for (const r of [0, 1, 2]) {
    const group = running.filter((a) => rank(a.name) === r && !a.exited);
    if (!group.length) continue;
    for (const a of group) signal(a, 'SIGTERM');
    const until = Date.now() + GRACE_MS;
    while (group.some((a) => !a.exited) && Date.now() < until) await sleep(50);
    for (const a of group.filter((x) => !x.exited)) {
      say(`${a.name} did not stop within ${GRACE_MS / 1000} s: SIGKILL`);
      signal(a, 'SIGKILL', true);
    }
    while (group.some((a) => !a.exited)) await sleep(20);
  }
  if (secureNats) await secureNats.stop().catch((e) => say(`stopping nats: ${e.message}`));
  if (infra) await infra.stop().catch((e) => say(`stopping infrastructure: ${e.message}`));
  rmSync(stackFile, { force: true });
  say(code === 0 ? 'stopped' : `stopped (exit ${code})`);
  process.exit(code);
}

function signal(app, sig, group = false) {
  try {
    process.kill(group ? -app.child.pid : app.child.pid, sig);
  } catch {
    /* already gone */
  }
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (phase === 'prepare') {
      // npm install / build / provision: nothing of ours is serving yet; provision's
      // exit hook stops whatever server it had started
      say(`${sig}: aborting`);
      process.exit(130);
    }
    if (phase === 'stopping') {
      say(`${sig} again: killing everything now`);
      for (const a of apps) if (!a.exited) signal(a, 'SIGKILL', true);
      return;
    }
    void shutdown(0, `${sig}: shutting down (again to force)`);
  });
}

function printTails(list = apps, n = 25) {
  for (const a of list) {
    console.log(paint('1', `---- last lines of ${a.name}${a.exited ? ` (exited ${a.exitInfo})` : ''} ----`));
    console.log(a.lines.length ? a.lines.slice(-n).join('\n') : '(no output)');
  }
}

// ------------------------------------------------------------------ 1. install

function ensureInstalled() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.package-lock.json');
  let why = null;
  if (!existsSync(join(root, 'node_modules'))) why = 'node_modules is missing';
  else if (!existsSync(marker)) why = 'node_modules/.package-lock.json is missing';
  else if (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs) why = 'package-lock.json is newer than node_modules';
  if (!why) return;
  const t = Date.now();
  say(`npm install (${why})`);
  // never `npm ci` (TOOLING trap 5: the lock file lacks other platforms' optional binaries)
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    say(`npm install failed (exit ${r.status})`);
    process.exit(r.status || 1);
  }
  // npm leaves the marker alone when nothing changed: touch it so we do not install again
  if (existsSync(marker)) utimesSync(marker, new Date(), new Date());
  say(`npm install done in ${since(t)}`);
}

// ------------------------------------------------------------------ 4. apps

/** Every apps/<name>/src/main.ts except web: services first, then worker, then gateway. */
function discoverApps() {
  const names = readdirSync(join(root, 'apps'))
    .filter((n) => n !== 'web' && existsSync(join(root, 'apps', n, 'src', 'main.ts')))
    .sort();
  const rank = (n) => (n === 'gateway' ? 2 : n === 'worker' ? 1 : 0);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_COLOR = { trace: '90', debug: '90', info: '32', warn: '33', error: '31', fatal: '41;97' };
const NAME_COLORS = ['36', '35', '34', '33', '32', '96', '95', '94', '93', '92'];
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'service', 'msg', 'v']);

const short = (v, max = 160) => {
  const s = typeof v === 'string' ? (/[\s"=]/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

/** A pino JSON line as `level msg key=value ...` (plus the stack of an error); other lines as they are. */
function formatLine(line) {
  if (!line.startsWith('{')) return [line];
  let o;
  try {
    o = JSON.parse(line);
  } catch {
    return [line];
  }
  if (typeof o !== 'object' || o === null || !('level' in o)) return [line];
  const level = LEVELS[o.level] ?? String(o.level);
  const parts = [paint(LEVEL_COLOR[level] ?? '0', level.padEnd(5)), o.msg ?? ''];
  const extra = [];
  for (const [k, v] of Object.entries(o)) {
    if (SKIP.has(k) || v === undefined) continue;
    if ((k === 'err' || k === 'error') && v && typeof v === 'object') {
      parts.push(`${k}=${short(`${v.type ?? 'Error'}: ${v.message ?? ''}`, 300)}`);
      if (v.stack && o.level >= 50)
        extra.push(
          ...String(v.stack)
            .split('\n')
            .slice(1, 8)
            .map((s) => `    ${s.trim()}`),
        );
      continue;
    }
    if (k === 'req' && v && typeof v === 'object') {
      parts.push(`${v.method ?? ''} ${v.url ?? ''}`.trim());
      continue;
    }
    if (k === 'res' && v && typeof v === 'object') {
      parts.push(`-> ${v.statusCode ?? ''}`);
      continue;
    }
    parts.push(`${k}=${short(v)}`);
  }
  return [parts.filter(Boolean).join(' '), ...extra];
}

function pipeLines(stream, onLine) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      onLine(buf.slice(0, i).replace(/\r$/, ''));
      buf = buf.slice(i + 1);
    }
  });
  stream.on('end', () => buf && onLine(buf));
}

function startApp(name, env, index) {
  const tag = paint(NAME_COLORS[index % NAME_COLORS.length], `[${name}]`);
  const own = { NATS_USER: name, NATS_PASSWORD: natsPassword(name) ?? '' };
  // links that leave the browser (an invitation e-mail, a printed certificate's verification
  // link and QR code, a password-reset link, a referral link) must be absolute: the address the banner prints
  if (name === 'community' || name === 'catalog' || name === 'identity' || name === 'gamification')
    own.PUBLIC_URL = process.env.PUBLIC_URL || `http://localhost:${PORT}`;
  if (name === 'worker') own.VAPID_PRIVATE_KEY = vapidKeys.privateKey;
  const child = spawn(process.execPath, ['--enable-source-maps', join('apps', name, 'dist', 'main.js')], {
    cwd: root,
    env: name === 'gateway' ? { ...env, ...own, PORT: String(PORT), CALLER_SIGNING_KEY: callerKeys.privateKey } : { ...env, ...own },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: a terminal Ctrl-C reaches only us, and we stop the apps in order
  });
  const app = { name, child, lines: [], exited: false, exitInfo: '' };
  const onLine = (raw) => {
    if (!raw.trim()) return;
    // our own health polls while booting would flood the screen
    if (phase === 'boot' && name === 'gateway' && raw.includes('"/api/health"')) return;
    for (const l of formatLine(raw)) {
      app.lines.push(l);
      if (app.lines.length > 200) app.lines.splice(0, 100);
      console.log(`${tag} ${l}`);
    }
  };
  pipeLines(child.stdout, onLine);
  pipeLines(child.stderr, onLine);
  child.on('error', (e) => onLine(`failed to start: ${e.message}`));
  child.on('exit', (code, sig) => {
    app.exited = true;
    app.exitInfo = sig ? `signal ${sig}` : `code ${code}`;
    if (phase !== 'stopping') {
      say(paint('31', `${name} exited unexpectedly (${app.exitInfo})`));
      printTails([app], 40);
      void shutdown(1, 'an app died: stopping everything');
    }
  });
  apps.push(app);
  return app;
}

/** `<service>.system.health` over NATS: every service-kit app answers it (any replica). */
async function natsHealthy(nc, name) {
  try {
    const { RpcClient } = await import('@lp/bus');
    const r = await new RpcClient(nc, BUS_PREFIX).request(`${name}.system.health`, {}, { requestId: 'start-health', timeoutMs: 1500 });
    return r?.status === 'ok';
  } catch {
    return false;
  }
}

async function waitFor(test, timeoutMs, everyMs = 300) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (phase === 'stopping') return false;
    if (await test()) return true;
    await sleep(everyMs);
  }
  return false;
}

async function httpHealth() {
  try {
    const r = await fetch(`http://localhost:${PORT}/api/health`, { signal: AbortSignal.timeout(3000) });
    await r.arrayBuffer().catch(() => undefined);
    return r.status === 200;
  } catch {
    return false;
  }
}

function banner(webBuilt, hasGateway) {
  const url = `http://localhost:${PORT}`;
  const w = 64;
  const line = (s = '') => `  ${s}`;
  const out = [
    '',
    paint('1;32', '='.repeat(w)),
    ...(hasGateway
      ? [
          paint('1', line(`LearnHub is running at ${url}`)),
          line(
            webBuilt || existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))
              ? 'the web app at /, the API at /api'
              : 'the API at /api (no web app built)',
          ),
        ]
      : [paint('1', line('LearnHub services are running (no apps/gateway yet: nothing serves HTTP)'))]),
    '',
    line('Demo accounts (password for all: Password123!):'),
    ...DEMO.map((a) => line(`  ${a.role.padEnd(12)} ${a.email.padEnd(28)} ${a.name}`)),
    '',
    ...DOORS.map((l) => line(l)),
    '',
    ...telegramLines().map((l) => line(l)),
    line(`Infrastructure: ${infra.POSTGRES_URL}  ${infra.NATS_URL}  ${infra.REDIS_URL}`),
    line(`Apps: ${apps.map((a) => a.name).join(', ')}`),
    line('Stop: Ctrl-C (stops the apps and whatever npm start started)'),
    paint('1;32', '='.repeat(w)),
    '',
  ];
  console.log(out.join('\n'));
}
let DEMO = [];
let DOORS = [];

/**
 * How to reach the Telegram bot: with TELEGRAM_BOT_TOKEN it is a real bot on Telegram; without
 * one it talks to the local double of the Bot API it started on loopback (apps/telegram-bot
 * src/dev/bot-api-double.ts), whose page chats with it as a pretend Telegram user.
 */
function telegramLines() {
  if (!apps.some((a) => a.name === 'telegram-bot')) return [];
  if (process.env.TELEGRAM_BOT_TOKEN)
    return ['Telegram bot: on Telegram (TELEGRAM_BOT_TOKEN is set); link it with the code on /profile', ''];
  if (process.env.TELEGRAM_API_ROOT) return [`Telegram bot: talks to the Bot API at ${process.env.TELEGRAM_API_ROOT}`, ''];
  const double = `http://127.0.0.1:${process.env.TELEGRAM_DOUBLE_PORT || 3081}`;
  return [
    `Telegram bot (local double of the Bot API, no TELEGRAM_BOT_TOKEN): chat with it at ${double}/`,
    `  or: curl -X POST ${double}/_double/users/424242/messages -H 'content-type: application/json' -d '{"text":"/help"}'`,
    `      curl ${double}/_double/chats/424242   (its answers)`,
    '',
  ];
}

/**
 * What the development doors are and who they answer (libs/service-kit dev-doors.ts): the
 * routes declared `devDoor` in libs/contracts, the development mailbox and the seed subjects.
 */
async function describeDoors(host) {
  const { ALL_ROUTES } = await import('@lp/contracts');
  const network = process.env.LP_DEV_DOORS === '1';
  const routes = ALL_ROUTES.filter((r) => r.devDoor).map((r) => `${r.method} /api${r.path}`);
  const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
  return [
    `Listening on ${host}:${PORT}${local ? ' (this machine only; HOST=0.0.0.0 to serve the network)' : ' (reachable from the network)'}`,
    network
      ? paint('1;33', 'Development doors OPEN TO THE NETWORK (LP_DEV_DOORS=1): anyone who reaches this port can use them:')
      : 'Development doors, open to this machine only (LP_DEV_DOORS=1 opens them to the network):',
    ...routes.map((r) => `  ${r}`),
    '  GET /api/dev/mailbox (development e-mails, with their sign-in links)',
    `  *.seed.* subjects on ${infra.NATS_URL} (demo data)`,
  ];
}

// ------------------------------------------------------------------ main

const t0 = Date.now();
ensureInstalled();

const tBuild = Date.now();
const { buildServer, buildWeb } = await import('./build.mjs');
const files = await buildServer().catch((e) => {
  say(`server build failed: ${e.message}`);
  process.exit(1);
});
say(`server apps built (${files} files) in ${since(tBuild)}`);
const webBuilt = existsSync(join(root, 'apps', 'web', 'vite.config.ts')) && !args.has('--no-web');
if (webBuilt) {
  const tWeb = Date.now();
  try {
    buildWeb();
  } catch (e) {
    say(`web build failed: ${e.message}`);
    process.exit(1);
  }
  say(`web app built in ${since(tWeb)}`);
} else say(args.has('--no-web') ? '--no-web: skipping the web build' : 'apps/web/vite.config.ts not found: skipping the web build');

const appNames = discoverApps();
if (!appNames.length) {
  say('no app found (apps/<name>/src/main.ts)');
  process.exit(1);
}

const { provision, startSecureNats } = await import('./provision.mjs');
// NATS: the stack's own server with one user per app and generated permissions, unless
// NATS_URL names one (then it must run infra's generated config and the passwords come in
// as NATS_PASSWORD_<APP>; see docs/operations.md)
const ownNats = !process.env.NATS_URL;
try {
  infra = await provision({ forceEmbedded: args.has('--force-embedded'), skip: ownNats ? ['nats'] : [] });
  if (ownNats) {
    secureNats = await startSecureNats({ prefix: BUS_PREFIX, development: true, fresh: process.env.NATS_FRESH === '1' });
    infra.NATS_URL = secureNats.url;
    say(`nats     ${secureNats.url}  <- ${secureNats.how}`);
  }
} catch (e) {
  say(`provisioning failed: ${e.message}`);
  if (secureNats) await secureNats.stop().catch(() => undefined);
  if (infra) await infra.stop().catch(() => undefined);
  process.exit(1);
}
const { generateCallerKeys, inboxPrefixOf, natsPasswordEnv } = await import('@lp/bus');
/** NATS password of an app: this run's random one, or the environment's for a NATS of your own. */
const natsPassword = (app) => (secureNats ? secureNats.passwords[app] : process.env[natsPasswordEnv(app)]);
// a fresh caller-signing pair per run: only the gateway (and the seed) sign, every service verifies
const callerKeys = generateCallerKeys();
// browser Web Push: gamification hands browsers the public key, only the worker signs with the private one
const vapidKeys = await (await import('./vapid-keys.mjs')).developmentVapidKeys();
const seedAuth = natsPassword('seed') ? { user: 'seed', pass: natsPassword('seed') } : null;
mkdirSync(join(root, '.data', 'storage'), { recursive: true });
writeFileSync(
  stackFile,
  JSON.stringify(
    {
      pid: process.pid,
      PORT,
      POSTGRES_URL: infra.POSTGRES_URL,
      NATS_URL: infra.NATS_URL,
      REDIS_URL: infra.REDIS_URL,
      // development only: what `npm run seed` needs to reach this stack
      seedAuth,
      signingKey: callerKeys.privateKey,
    },
    null,
    2,
  ) + '\n',
  { mode: 0o600 },
);

phase = 'boot';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  GOOGLE_PROVIDER: 'dev',
  STORAGE_DIR: join(root, '.data', 'storage'),
  POSTGRES_URL: infra.POSTGRES_URL,
  NATS_URL: infra.NATS_URL,
  REDIS_URL: infra.REDIS_URL,
  CALLER_VERIFY_KEY: callerKeys.publicKey,
  VAPID_PUBLIC_KEY: vapidKeys.publicKey,
};
delete env.PORT; // only the gateway gets PORT
delete env.CALLER_SIGNING_KEY; // only the gateway gets it
delete env.VAPID_PRIVATE_KEY; // only the worker gets it

const { connect } = await import('@nats-io/transport-node');
const nc = await connect({
  servers: infra.NATS_URL.split(','),
  name: 'lp-start',
  ...(seedAuth ? { ...seedAuth, inboxPrefix: inboxPrefixOf('seed') } : {}),
});

const groups = [
  appNames.filter((n) => n !== 'worker' && n !== 'gateway'),
  appNames.filter((n) => n === 'worker'),
  appNames.filter((n) => n === 'gateway'),
];
let idx = 0;
for (const group of groups) {
  if (!group.length || phase === 'stopping') continue;
  const tg = Date.now();
  say(`starting ${group.join(', ')}`);
  for (const name of group) startApp(name, env, idx++);
  if (group[0] === 'gateway') break;
  // the next group starts once this one answers its health subject (the gateway check below is the real gate)
  const ok = await waitFor(async () => (await Promise.all(group.map((n) => natsHealthy(nc, n)))).every(Boolean), HEALTH_TIMEOUT_MS);
  if (phase === 'stopping') break;
  if (ok) say(`${group.join(', ')} ready in ${since(tg)}`);
  else if (!appNames.includes('gateway')) {
    printTails();
    await shutdown(1, `${group.join(', ')} did not answer <service>.system.health within ${HEALTH_TIMEOUT_MS / 1000} s`);
  } else
    say(paint('33', `${group.join(', ')} not healthy after ${HEALTH_TIMEOUT_MS / 1000} s; going on, the gateway health check decides`));
}

if (phase !== 'stopping' && appNames.includes('gateway')) {
  const tg = Date.now();
  const ok = await waitFor(httpHealth, HEALTH_TIMEOUT_MS, 1000);
  if (!ok && phase !== 'stopping') {
    let body = '';
    try {
      body = await (await fetch(`http://localhost:${PORT}/api/health`, { signal: AbortSignal.timeout(3000) })).text();
    } catch (e) {
      body = e.cause?.message ?? e.message;
    }
    printTails();
    await shutdown(
      1,
      `GET http://localhost:${PORT}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${body.slice(0, 500)})`,
    );
  } else if (ok) say(`GET /api/health answers 200 (${since(tg)})`);
} else if (phase !== 'stopping') say(paint('33', 'no apps/gateway yet: nothing serves HTTP; the services answer on NATS'));
await nc.close().catch(() => undefined);

if (phase !== 'stopping') {
  const tSeed = Date.now();
  try {
    const { seed } = await importSeedDriver();
    ({ accounts: DEMO } = await seed({
      natsUrl: infra.NATS_URL,
      busPrefix: BUS_PREFIX,
      auth: seedAuth,
      signingKey: callerKeys.privateKey,
      log: (l) => console.log(`${paint('1', '[seed]')} ${l}`),
    }));
    say(`demo data seeded in ${since(tSeed)}`);
  } catch (e) {
    printTails();
    await shutdown(1, `seeding failed: ${e.message}`);
  }
}

if (phase !== 'stopping') DOORS = await describeDoors(process.env.HOST || '127.0.0.1');
if (phase !== 'stopping') {
  phase = 'running';
  say(`up in ${since(t0)}`);
  banner(webBuilt, appNames.includes('gateway'));
}
