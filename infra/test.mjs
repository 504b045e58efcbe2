// `npm test`: the whole suite against real services.
//   static checks (typecheck, lint, prettier --check; side by side) -> provision
//   PostgreSQL/NATS/Redis (infra/provision.mjs: env URLs, else localhost, else
//   embedded) -> build (swc; Vite when apps/web has a config) -> Jest unit -> Jest component (the SPA's, jsdom) -> Jest service
//   (under Node 24, the images' runtime) -> Jest api -> the generator and chaos (infra/chaos.mjs: ten victims) side by side
//   -> Playwright e2e (only when e2e/playwright.config.ts exists), these under this machine's Node.
// Stops at the first failing step with its exit code; prints the wall time of each step
// and, last, one line `TOTAL: N passed, N failed` over Jest and Playwright.
// Tests make their own throwaway databases and bus prefixes (libs/testing), so this can
// run beside `npm start`.
//   --force-embedded  provision our own PostgreSQL/NATS/Redis (path (c)) even if some run
//   --skip-static     leave out the static checks (a local rerun after they passed)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provision, root } from './provision.mjs';

const args = new Set(process.argv.slice(2));
const tmp = mkdtempSync(join(tmpdir(), 'lp-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const say = (line) => console.log(`[test] ${line}`);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

let infra = null;
const running = new Set(); // the children running now (two at once where stages go side by side)
let interrupted = null;

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = sig;
    say(`${sig}: stopping`);
    // a terminal Ctrl-C reaches the child too; a SIGTERM sent to us alone does not
    const alive = [...running].filter((c) => c.exitCode === null);
    if (alive.length) for (const c of alive) c.kill(sig);
    else void finish(130);
  });
}

async function finish(code) {
  if (infra) await infra.stop().catch((e) => say(`stopping infrastructure: ${e.message}`));
  rmSync(tmp, { recursive: true, force: true });
  console.log('');
  for (const t of timings) say(`${t.ok ? 'ok  ' : 'FAIL'} ${t.name.padEnd(34)} ${secs(t.ms).padStart(8)}`);
  // the line CI reads: alone on its line
  console.log(`TOTAL: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(code);
}

/** Runs one step, times it, stops everything at the first failure (with its exit code). */
async function step(name, fn) {
  const t = Date.now();
  say(`---- ${name}`);
  let code;
  try {
    code = (await fn()) ?? 0;
  } catch (e) {
    say(`${name}: ${e.message}`);
    code = 1;
  }
  const ms = Date.now() - t;
  timings.push({ name, ms, ok: code === 0 });
  say(`${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${secs(ms)}`);
  if (interrupted) await finish(130);
  if (code !== 0) await finish(code);
}

/** Runs a child to its end; its output goes to the terminal, or to `logFile` when it runs beside another. */
function run(cmd, argv, env, logFile = null) {
  return new Promise((resolve) => {
    const out = logFile ? openSync(logFile, 'a') : null;
    const child = spawn(cmd, argv, { cwd: root, env, stdio: out === null ? 'inherit' : ['ignore', out, out] });
    running.add(child);
    const done = (code) => {
      running.delete(child);
      if (out !== null) closeSync(out);
      resolve(code);
    };
    child.on('error', (e) => {
      say(`${cmd}: ${e.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));
  });
}

const readJson = (p) => {
  try {
    return JSON.parse(readFileSync(p, 'utf8'));
  } catch {
    return null;
  }
};

async function jest(project, extra = [], nodeBin = process.execPath, label = project, logFile = null) {
  const out = join(tmp, `jest-${label.replace(/\W+/g, '-')}.json`);
  const code = await run(
    nodeBin,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--selectProjects',
      project,
      ...extra,
      '--passWithNoTests',
      // a suite whose teardown failed (a stack that would not stop in time) leaves handles
      // open: its failure is already in the results, it must not also hang the run
      '--forceExit',
      '--json',
      `--outputFile=${out}`,
    ],
    childEnv(),
    logFile,
  );
  const r = readJson(out);
  if (r) {
    // a suite that fails before running any test (syntax, import) counts as one failure
    const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    totals.passed += r.numPassedTests;
    totals.failed += failed;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    say(`jest ${label}: ${r.numTotalTests} tests, ${r.numPassedTests} passed, ${failed} failed (${r.numTotalTestSuites} suites)`);
  } else if (code !== 0) totals.failed += 1; // Jest itself failed before writing its results
  return code;
}

async function playwright() {
  // Debian's Chromium, never `npx playwright install` (TOOLING trap 13)
  const ch = spawnSync(
    'sh',
    ['-c', 'test -x /usr/bin/chromium || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)'],
    { stdio: 'inherit' },
  );
  if (ch.status !== 0) throw new Error('could not install Debian chromium');
  const out = join(tmp, 'playwright.json');
  const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    ...childEnv(),
    CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    PLAYWRIGHT_JSON_OUTPUT_FILE: out,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const r = readJson(out);
  if (r?.stats) {
    const s = r.stats;
    const passed = (s.expected ?? 0) + (s.flaky ?? 0);
    totals.passed += passed;
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    say(`playwright: ${passed} passed (${s.flaky ?? 0} flaky), ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`);
    if (code === 0 && r.errors?.length) say(`playwright reported ${r.errors.length} error(s) outside tests`);
  } else if (code !== 0) totals.failed += 1;
  return code;
}

/** infra/chaos.mjs: kills parts of a stack of its own under load; its closing line 'chaos: N passed, M failed' counts each check. */
async function chaos(logFile) {
  const code = await run(process.execPath, ['infra/chaos.mjs'], { ...childEnv(), CHAOS_NO_BUILD: '1' }, logFile);
  const m = /^chaos: (\d+) passed, (\d+) failed$/m.exec(readFileSync(logFile, 'utf8'));
  if (m) {
    totals.passed += Number(m[1]);
    totals.failed += Number(m[2]);
  } else if (code !== 0) totals.failed += 1;
  return code;
}

/**
 * Stages that go side by side: each one's output kept in a file and shown whole when both are
 * done (interleaved lines would say nothing). Measured on this 2-core machine: the generator
 * (309 s) and chaos (211 s) together took 309 s, against ~450 s one after the other, and both
 * passed; each one's own waits (restarts, recoveries, npm and tsc) leave room for the other.
 */
async function sideBySide(stages) {
  const results = await Promise.all(
    stages.map(async ({ name, fn }) => {
      const log = join(tmp, `${name.replace(/\W+/g, '-')}.log`);
      const t = Date.now();
      const code = await fn(log).catch((e) => (say(`${name}: ${e.message}`), 1));
      return { name, log, code, ms: Date.now() - t };
    }),
  );
  for (const r of results) {
    say(`---- ${r.name}: ${r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`} in ${secs(r.ms)}; its output:`);
    if (existsSync(r.log)) process.stdout.write(readFileSync(r.log));
  }
  return results.find((r) => r.code !== 0)?.code ?? 0;
}

/**
 * The checks a build with swc does not make: types (swc strips them unchecked), the lint rules
 * (module boundaries and the house's own conventions, eslint.config.mjs) and the format. They
 * need no infrastructure and run side by side; each one's output is shown only when it fails.
 */
async function staticChecks() {
  const checks = [
    ['typecheck', ['run', '--silent', 'typecheck']],
    ['lint', ['run', '--silent', 'lint']],
    ['format', ['exec', '--', 'prettier', '--check', '--log-level', 'warn', '.']],
  ];
  const results = await Promise.all(
    checks.map(
      ([name, argv]) =>
        new Promise((resolve) => {
          const t = Date.now();
          const child = spawn('npm', argv, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (output += d));
          child.on('error', (e) => resolve({ name, code: 1, output: e.message, ms: Date.now() - t }));
          child.on('exit', (code) => resolve({ name, code: code ?? 1, output, ms: Date.now() - t }));
        }),
    ),
  );
  for (const r of results) {
    say(`${r.name}: ${r.code === 0 ? 'ok' : 'FAILED'} in ${secs(r.ms)}`);
    if (r.code !== 0) process.stdout.write(r.output);
  }
  const failed = results.filter((r) => r.code !== 0).length;
  totals.passed += results.length - failed;
  totals.failed += failed;
  return failed ? 1 : 0;
}

const childEnv = () => ({ ...process.env, POSTGRES_URL: infra.POSTGRES_URL, NATS_URL: infra.NATS_URL, REDIS_URL: infra.REDIS_URL });

// ------------------------------------------------------------------ main

const t0 = Date.now();
if (!args.has('--skip-static')) await step('static checks (typecheck, lint, format)', staticChecks);
await step('provision', async () => {
  infra = await provision({ forceEmbedded: args.has('--force-embedded') });
});
await step('build server (swc)', async () => {
  const { buildServer } = await import('./build.mjs');
  const n = await buildServer();
  say(`${n} files`);
});
if (existsSync(join(root, 'apps', 'web', 'vite.config.ts'))) {
  await step('build web (vite)', async () => {
    const { buildWeb } = await import('./build.mjs');
    buildWeb();
  });
}
await step('jest unit', () => jest('unit'));
await step('jest component (the SPA in jsdom)', () => jest('component'));
// Two workers: each service test file has its own throwaway databases, bus prefix and queues
// (libs/testing), and the files mostly wait on PostgreSQL, so two at once take ~0.57x the time
// of one after the other on this 2-core machine (221 s -> 126 s).
const SERVICE_WORKERS = ['--maxWorkers=2'];
// The API files each start a whole stack of their own (throwaway databases, bus prefix, Redis
// keys, gateway port) and spend much of their time waiting on it: two at once took 404 s against
// ~700 s one after the other, all 231 green. The OpenAPI fuzz (~330 s) is the long pole; Jest
// starts it first from its timing cache. dist/ is built once by the project's globalSetup.
const API_WORKERS = ['--maxWorkers=2'];
// The images run Node 24 LTS (infra/node24.mjs): the service tests, the deepest layer, run
// under it; the API, generator, chaos and e2e stages start every service under the machine's
// Node. Each runtime boots the whole platform once, and the suite no longer runs the service
// layer twice (~280 s on this machine, with the suite over its 40-minute goal).
await step('jest service (Node 24)', async () => {
  const { ensureNode24 } = await import('./node24.mjs');
  return jest('service', SERVICE_WORKERS, ensureNode24(), 'service (Node 24)');
});
// each API file starts and stops a whole stack: on a loaded machine stopping it outlasts Jest's 5 s hook default
await step('jest api', () => jest('api', [...API_WORKERS, '--testTimeout=60000']));
await step('generator and chaos, side by side', () =>
  sideBySide([
    {
      name: 'generator (a throwaway service, generated and tested)',
      fn: (log) => jest('tools', ['--runInBand'], process.execPath, 'tools', log),
    },
    { name: 'chaos (npm run chaos)', fn: (log) => chaos(log) },
  ]),
);
if (existsSync(join(root, 'e2e', 'playwright.config.ts'))) await step('playwright e2e', playwright);
else say('e2e/playwright.config.ts not found: no Playwright run');
say(`all steps passed in ${secs(Date.now() - t0)}`);
await finish(totals.failed ? 1 : 0);
