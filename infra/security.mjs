// `npm run security`: the security probe (apps/gateway/test/api/security-probe.test.ts, the
// attacks of issue 24) and the OpenAPI fuzz (fuzz.test.ts) against a RUNNING stack, then a
// table of every check with its result.
//   target: LP_PROBE_URL, else http://127.0.0.1:$PORT (3000): a development stack of yours
//   (`npm start`), never a production one: the probes make accounts, content and payments.
//   The probes and the fuzz register a few dozen accounts from this address: start the stack
//   with RATE_LIMIT_SCALE=50 (as the test stacks) so registration's per-address limit lets them (the fuzz's hostile registrations count too), and expect this
//   address's sign-ins paused for 15 minutes afterwards (the spray probe's doing: the attacks
//   run first, then the fuzz, with an admin token taken before either).
//   The admin: LP_PROBE_ADMIN_EMAIL / LP_PROBE_ADMIN_PASSWORD (npm start's demo admin by default).
// Exit code: 0 when every check passed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './provision.mjs';

const url = (process.env.LP_PROBE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const say = (line) => console.log(`[security] ${line}`);

const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
  (r) => r.status,
  (e) => e.cause?.code ?? e.message,
);
if (health !== 200) {
  say(`no stack answers at ${url}/api/health (${health}): start one with \`RATE_LIMIT_SCALE=50 npm start\`, or set LP_PROBE_URL`);
  process.exit(2);
}

// the fuzz signs in as the admin now: the spray probe leaves this address's sign-ins paused
const adminLogin = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: process.env.LP_PROBE_ADMIN_EMAIL ?? 'admin@learnhub.local',
    password: process.env.LP_PROBE_ADMIN_PASSWORD ?? 'Password123!',
  }),
});
if (adminLogin.status !== 200) {
  say(
    `the admin's sign-in answered ${adminLogin.status}: set LP_PROBE_ADMIN_EMAIL / LP_PROBE_ADMIN_PASSWORD (or wait out a sign-in pause)`,
  );
  process.exit(2);
}
const { token: adminToken } = await adminLogin.json();

const tmp = mkdtempSync(join(tmpdir(), 'lp-security-'));
say(`probing ${url}`);

/** One jest file against the stack; its results, or null when jest wrote none. */
async function runJest(file, name) {
  const out = join(tmp, `${name}.json`);
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '--selectProjects',
        'api',
        '--runInBand',
        '--testTimeout=600000',
        '--forceExit',
        '--json',
        `--outputFile=${out}`,
        '--testPathPatterns',
        file,
      ],
      { cwd: root, env: { ...process.env, LP_PROBE_URL: url, LP_PROBE_ADMIN_TOKEN: adminToken }, stdio: 'inherit' },
    );
    child.on('exit', (c) => resolve(c ?? 1));
  });
  try {
    return { code, results: JSON.parse(readFileSync(out, 'utf8')) };
  } catch {
    say(`jest wrote no results for ${file} (exit ${code})`);
    return { code: code || 1, results: { testResults: [] } };
  }
}

// the attacks first (the fuzz's hostile sign-ins would spend the address's failure budget), then the fuzz
const runs = [
  await runJest('apps/gateway/test/api/security-probe\\.test\\.ts$', 'probe'),
  await runJest('apps/gateway/test/api/fuzz\\.test\\.ts$', 'fuzz'),
];
rmSync(tmp, { recursive: true, force: true });
const code = runs.some((r) => r.code !== 0) ? 1 : 0;
const rows = runs.flatMap(({ results }) =>
  results.testResults.flatMap((file) =>
    file.assertionResults.map((a) => ({
      check: [...a.ancestorTitles.slice(1), a.title].join(' › ') || a.title,
      result: a.status === 'passed' ? 'held' : a.status === 'failed' ? 'BROKEN' : a.status,
      ms: a.duration ?? 0,
    })),
  ),
);
const width = Math.min(110, Math.max(...rows.map((r) => r.check.length)));
console.log('');
console.log(`${'check'.padEnd(width)}  result  time`);
console.log(`${'-'.repeat(width)}  ------  ------`);
for (const r of rows)
  console.log(
    `${(r.check.length > width ? `${r.check.slice(0, width - 1)}…` : r.check).padEnd(width)}  ${r.result.padEnd(6)}  ${(r.ms / 1000).toFixed(1).padStart(5)} s`,
  );
const held = rows.filter((r) => r.result === 'held').length;
console.log('');
console.log(`security: ${held} passed, ${rows.length - held} failed`);
process.exit(rows.length > 0 && held === rows.length && code === 0 ? 0 : 1);
