// Summaries of a bench run: medians over rounds, ratios, the goal check, a console
// table and a markdown page.
import { median } from './load.mjs';

const METRICS = ['rps', 'p50', 'p99'];

export function summarize(scenario) {
  const sides = {};
  for (const side of ['baseline', 'target']) {
    const rounds = scenario.rounds.map((r) => r[side]);
    const m = {};
    for (const k of METRICS) m[k] = median(rounds.map((r) => r.closed?.[k]));
    m.pacedP50 = median(rounds.map((r) => r.paced?.p50));
    m.pacedP99 = median(rounds.map((r) => r.paced?.p99));
    m.pacedAchieved = median(rounds.map((r) => r.paced?.achievedRate));
    m.lightP50 = median(rounds.map((r) => r.light?.p50));
    m.lightP99 = median(rounds.map((r) => r.light?.p99));
    const cpuKeys = new Set(rounds.flatMap((r) => Object.keys(r.cpu?.perRequestUs ?? {})));
    m.cpuUsPerRequest = Object.fromEntries([...cpuKeys].map((k) => [k, median(rounds.map((r) => r.cpu?.perRequestUs?.[k]))]));
    m.cpuCores = Object.fromEntries([...cpuKeys].map((k) => [k, median(rounds.map((r) => r.cpu?.cores?.[k]))]));
    m.machineBusy = median(rounds.map((r) => r.cpu?.machineBusy));
    m.otherCores = median(rounds.map((r) => r.cpu?.otherCores));
    m.unexpected = rounds.reduce(
      (a, r) =>
        a +
        (r.closed?.unexpected ?? 0) +
        (r.closed?.errors ?? 0) +
        (r.closed?.timeouts ?? 0) +
        (r.paced?.unexpected ?? 0) +
        (r.paced?.errors ?? 0),
      0,
    );
    sides[side] = m;
  }
  const ratioRps = sides.target.rps / sides.baseline.rps;
  const addedP50Ms = sides.target.pacedP50 - sides.baseline.pacedP50;
  const addedP50ClosedMs = sides.target.p50 - sides.baseline.p50;
  const addedLightP50Ms = sides.target.lightP50 - sides.baseline.lightP50;
  const perRoundAdded = scenario.rounds.map((r) => r.target.paced?.p50 - r.baseline.paced?.p50);
  return {
    ...sides,
    ratioRps,
    addedP50Ms,
    addedP50ClosedMs,
    addedLightP50Ms,
    perRoundAddedP50Ms: perRoundAdded,
    perRoundRatio: scenario.rounds.map((r) => r.target.closed?.rps / r.baseline.closed?.rps),
  };
}

export const GOAL = { scenario: 'b', minRatio: 0.3, maxAddedP50Ms: 2 };

/** @param {Record<string, { summary: ReturnType<typeof summarize> }>} scenarios */
export function goalCheck(scenarios) {
  const s = scenarios[GOAL.scenario].summary;
  const ratioOk = s.ratioRps >= GOAL.minRatio;
  const latencyOk = s.addedP50Ms < GOAL.maxAddedP50Ms;
  return { ...GOAL, ratio: s.ratioRps, addedP50Ms: s.addedP50Ms, ratioOk, latencyOk, holds: ratioOk && latencyOk };
}

const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
const fi = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

export function consoleTable(result) {
  const lines = [];
  const { connections } = result.config;
  lines.push('');
  lines.push(
    `Medians of ${result.config.rounds} round(s); closed loop = ${connections} connections, pipelining 1, ${result.config.durationS} s after ${result.config.warmupS} s warm-up;`,
  );
  lines.push('equal load = open-loop paced requests at the rate shown (same rate for baseline and target of a scenario).');
  lines.push('The load generator runs in the bench process on the same 2-core machine as every server.');
  lines.push('');
  const light = result.config.lightRate;
  const head = `${pad('scenario', 44)}${lpad('req/s', 9)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}  | ${pad('equal load', 12)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}${light ? `  | ${pad(`at ${light}/s`, 10)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}` : ''}`;
  lines.push(head);
  lines.push('-'.repeat(head.length));
  for (const [key, sc] of Object.entries(result.scenarios)) {
    const s = sc.summary;
    for (const side of ['baseline', 'target']) {
      const m = s[side];
      lines.push(
        `${pad(`(${key}) ${side}: ${sc[side].label}`, 44)}${lpad(fi(m.rps), 9)}${lpad(f(m.p50), 9)}${lpad(f(m.p99), 9)}  | ${pad(`${fi(sc.rate)} req/s`, 12)}${lpad(f(m.pacedP50), 8)}${lpad(f(m.pacedP99), 8)}${light ? `  | ${pad('', 10)}${lpad(f(m.lightP50), 8)}${lpad(f(m.lightP99), 8)}` : ''}`,
      );
    }
    lines.push(
      `${pad(`(${key}) target/baseline`, 44)}${lpad(`${f(s.ratioRps)}x`, 9)}${lpad(`+${f(s.addedP50ClosedMs)}`, 9)}${lpad('', 9)}  | ${pad('added p50', 12)}${lpad(`${f(s.addedP50Ms)}`, 8)}${light ? `${lpad('', 8)}  | ${pad('added p50', 10)}${lpad(f(s.addedLightP50Ms), 8)}` : ''}`,
    );
    lines.push('');
  }
  const g = result.goal;
  lines.push(
    `Goal (b): throughput >= ${g.minRatio}x of baseline: ${f(g.ratio)}x ${g.ratioOk ? 'OK' : 'MISSED'}; added p50 at equal load < ${g.maxAddedP50Ms} ms: ${f(g.addedP50Ms)} ms ${g.latencyOk ? 'OK' : 'MISSED'} => ${g.holds ? 'GOAL HOLDS' : 'GOAL NOT MET'}`,
  );
  lines.push('');
  lines.push(cpuTable(result).join('\n'));
  return lines.join('\n');
}

function cpuTable(result) {
  const comps = ['bench', 'baseline', 'gateway', 'service', 'nats', 'redis', 'postgres'];
  const lines = [
    'CPU per request in the closed-loop runs (microseconds of CPU time; "bench" is the load generator; "service" is identity,',
    'or the do-nothing service in (s); postgres/nats/redis count the whole server, other users included; "others" = cores',
    'busy with processes outside this run):',
  ];
  const head = `${pad('', 24)}${comps.map((c) => lpad(c, 10)).join('')}${lpad('total', 10)}${lpad('box busy', 10)}${lpad('others', 12)}`;
  lines.push(head);
  for (const [key, sc] of Object.entries(result.scenarios)) {
    for (const side of ['baseline', 'target']) {
      const m = sc.summary[side];
      const vals = comps.map((c) => m.cpuUsPerRequest[c]);
      const total = vals.reduce((a, v) => a + (Number.isFinite(v) ? v : 0), 0);
      lines.push(
        `${pad(`(${key}) ${side}`, 24)}${vals.map((v) => lpad(f(v, 0), 10)).join('')}${lpad(f(total, 0), 10)}${lpad(`${f(m.machineBusy * 100, 0)}%`, 10)}${lpad(`${f(m.otherCores, 2)} cores`, 12)}`,
      );
    }
  }
  return lines;
}

export function markdown(result) {
  const L = [];
  const c = result.config;
  L.push(`# Benchmark: gateway + NATS + service vs bare Fastify`);
  L.push('');
  L.push(
    `Run ${result.startedAt} (${Math.round(result.elapsedS)} s) on ${result.machine.cpus} x ${result.machine.cpuModel}, Node ${result.machine.node}, commit ${result.git.commit}${result.git.dirty ? ' (working tree with uncommitted changes)' : ''}.`,
  );
  L.push(
    `${c.quick ? '**Quick smoke run (BENCH_QUICK=1): not a measurement to quote.** ' : ''}${c.rounds} round(s), baseline and target alternating (the first side alternates between rounds); medians reported.`,
  );
  L.push(
    `Closed loop: autocannon, ${c.connections} connections, pipelining 1, ${c.durationS} s after ${c.warmupS} s warm-up. Equal load: open-loop paced requests (bench/lib/load.mjs) over ${c.pacedSockets} keep-alive sockets, ${c.pacedDurationS} s after ${c.pacedWarmupS} s warm-up, at the rate shown (half the lower closed-loop req/s of round 1, at most ${c.rateMax}, unless BENCH_RATE)${c.lightRate ? ` and at a light ${c.lightRate} req/s (the hops' latency with next to no queueing)` : ''}; the goal uses the first.`,
  );
  L.push(
    `The load generator runs in the bench process, on the same ${result.machine.cpus}-core machine as the servers, PostgreSQL, NATS and Redis.`,
  );
  L.push(
    `Stack: separate processes \`node apps/identity/dist/main.js\` and \`node apps/gateway/dist/main.js\` with ${Object.entries(c.stackEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}.`,
  );
  L.push('');
  const light = c.lightRate;
  L.push(
    `| scenario | side | req/s | p50 ms | p99 ms | equal-load rate | p50 ms | p99 ms |${light ? ` p50 ms at ${light}/s | p99 ms at ${light}/s |` : ''}`,
  );
  L.push(`|---|---|---:|---:|---:|---:|---:|---:|${light ? '---:|---:|' : ''}`);
  for (const [key, sc] of Object.entries(result.scenarios)) {
    const s = sc.summary;
    for (const side of ['baseline', 'target']) {
      const m = s[side];
      L.push(
        `| (${key}) ${sc.title} | ${side}: ${sc[side].label} | ${fi(m.rps)} | ${f(m.p50)} | ${f(m.p99)} | ${fi(sc.rate)}/s | ${f(m.pacedP50)} | ${f(m.pacedP99)} |${light ? ` ${f(m.lightP50)} | ${f(m.lightP99)} |` : ''}`,
      );
    }
    L.push(
      `| (${key}) | **target / baseline** | **${f(s.ratioRps)}x** | +${f(s.addedP50ClosedMs)} | | | **+${f(s.addedP50Ms)} ms** | |${light ? ` +${f(s.addedLightP50Ms)} ms | |` : ''}`,
    );
  }
  L.push('');
  const g = result.goal;
  L.push(
    `**Goal (b)**: throughput at least ${g.minRatio}x of its baseline: **${f(g.ratio)}x** (${g.ratioOk ? 'met' : 'missed'}); under ${g.maxAddedP50Ms} ms added at p50 at equal load: **${f(g.addedP50Ms)} ms** (${g.latencyOk ? 'met' : 'missed'}). ${g.holds ? '**Goal holds.**' : '**Goal not met.**'}`,
  );
  L.push('');
  L.push('Per round (target/baseline req/s ratio; added p50 at equal load, ms):');
  L.push('');
  for (const [key, sc] of Object.entries(result.scenarios)) {
    L.push(
      `- (${key}) ratio ${sc.summary.perRoundRatio.map((v) => f(v)).join(', ')}; added p50 ${sc.summary.perRoundAddedP50Ms.map((v) => f(v)).join(', ')}`,
    );
  }
  L.push('');
  L.push(
    'CPU time per request in the closed-loop runs, microseconds (medians; `bench` is the load generator; `service` is identity, or the do-nothing service in (s); `postgres`, `nats`, `redis` are the whole servers, other users included; `others` = cores busy with processes outside this run):',
  );
  L.push('');
  const comps = ['bench', 'baseline', 'gateway', 'service', 'nats', 'redis', 'postgres'];
  L.push(`| | ${comps.join(' | ')} | total | machine busy | others |`);
  L.push(`|---|${comps.map(() => '---:').join('|')}|---:|---:|---:|`);
  for (const [key, sc] of Object.entries(result.scenarios)) {
    for (const side of ['baseline', 'target']) {
      const m = sc.summary[side];
      const vals = comps.map((k) => m.cpuUsPerRequest[k]);
      const total = vals.reduce((a, v) => a + (Number.isFinite(v) ? v : 0), 0);
      L.push(
        `| (${key}) ${side} | ${vals.map((v) => f(v, 0)).join(' | ')} | ${f(total, 0)} | ${f(m.machineBusy * 100, 0)}% | ${f(m.otherCores, 2)} cores |`,
      );
    }
  }
  L.push('');
  L.push('What is measured:');
  L.push('');
  for (const [key, sc] of Object.entries(result.scenarios)) {
    L.push(`- (${key}) baseline: ${sc.baseline.description}`);
    L.push(`- (${key}) target: ${sc.target.description}`);
  }
  if (result.notes.length) {
    L.push('');
    L.push('Notes from this run:');
    L.push('');
    for (const n of result.notes) L.push(`- ${n}`);
  }
  L.push('');
  L.push(`Raw figures: \`bench/results/${result.file}\`. How to run and read it: \`bench/README.md\`.`);
  L.push('');
  return L.join('\n');
}
