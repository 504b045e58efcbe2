// Runs an app entry point under the V8 CPU profiler for a window of its life and writes
// a .cpuprofile (open it in Chrome DevTools, or summarize it with cpuprofile-summary.mjs).
// Works where `node --cpu-prof` does not: Nest's shutdown hooks exit by re-raising the
// signal, so --cpu-prof never writes its file.
//
//   PROF_START_S=8 PROF_STOP_S=8 PROF_OUT=/tmp/gateway.cpuprofile \
//     <the app's env> node bench/diag/profile.mjs apps/gateway/dist/main.js
//
// Start the load (e.g. BENCH_HOLD=1 npm run bench prints URLs and tokens) inside the window.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROF_INTERVAL_US ?? 200) });
const out = process.env.PROF_OUT ?? `/tmp/profile-${process.pid}.cpuprofile`;
setTimeout(
  async () => {
    await session.post('Profiler.start');
    setTimeout(
      async () => {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(out, JSON.stringify(profile));
        process.stderr.write(`${JSON.stringify({ profiled: out })}\n`);
      },
      Number(process.env.PROF_STOP_S ?? 10) * 1000,
    );
  },
  Number(process.env.PROF_START_S ?? 5) * 1000,
);
await import(pathToFileURL(resolve(process.argv[2])).href);
