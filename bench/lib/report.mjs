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
    // (c): the second closed-loop level with fewer connections, when measured
    if (rounds.some((r) => r.closedLow)) {
      m.lowConn = Object.fromEntries(METRICS.map((k) => [k, median(rounds.map((r) => r.closedLow?.[k]))]));
      m.lowConn.connections = rounds.find((r) => r.closedLow)?.closedLow.connections;
      const lowKeys = new Set(rounds.flatMap((r) => Object.keys(r.cpuLow?.perRequestUs ?? {})));
      m.lowConn.cpuUsPerRequest = Object.fromEntries([...lowKeys].map((k) => [k, median(rounds.map((r) => r.cpuLow?.perRequestUs?.[k]))]));
      m.lowConn.otherCores = median(rounds.map((r) => r.cpuLow?.otherCores));
    }
    m.unexpected = rounds.reduce(
      (a, r) =>
        a +
        (r.closed?.unexpected ?? 0) +
        (r.closed?.errors ?? 0) +
        (r.closed?.timeouts ?? 0) +
        (r.closedLow?.unexpected ?? 0) +
        (r.closedLow?.errors ?? 0) +
        (r.closedLow?.timeouts ?? 0) +
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
  const low = sides.target.lowConn && sides.baseline.lowConn;
  return {
    ...sides,
    ...(low
      ? {
          ratioRpsLow: sides.target.lowConn.rps / sides.baseline.lowConn.rps,
          perRoundRatioLow: scenario.rounds.map((r) => r.target.closedLow?.rps / r.baseline.closedLow?.rps),
        }
      : {}),
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

/** (c) catalog search: the issue's goal, closed loop at the same connections for both sides */
export const GOAL_C = { scenario: 'c', maxP99Ms: 50, minRatio: 0.3 };

function levelCheck(connections, t, b, ratio) {
  const p99Ok = t.p99 < GOAL_C.maxP99Ms;
  const ratioOk = ratio >= GOAL_C.minRatio;
  return {
    connections,
    targetRps: t.rps,
    targetP50: t.p50,
    targetP99: t.p99,
    baselineRps: b.rps,
    baselineP99: b.p99,
    ratio,
    p99Ok,
    ratioOk,
    holds: p99Ok && ratioOk,
  };
}

/** @param {{ summary: ReturnType<typeof summarize>, lowConnections?: number|null, cacheInfo?: any, rate?: number }} sc */
export function catalogGoalCheck(sc, connections) {
  const s = sc.summary;
  const main = levelCheck(connections, s.target, s.baseline, s.ratioRps);
  const low = s.target.lowConn ? levelCheck(s.target.lowConn.connections, s.target.lowConn, s.baseline.lowConn, s.ratioRpsLow) : null;
  const ci = sc.cacheInfo;
  const cache = ci ? levelCheck(ci.connections, ci.target.closed, ci.baseline.closed, ci.target.closed.rps / ci.baseline.closed.rps) : null;
  const verdict = main.holds
    ? `holds at ${connections} connections`
    : low?.holds
      ? `missed at ${connections} connections, holds at ${low.connections}`
      : `not met${low ? ` (neither at ${connections} nor at ${low.connections} connections)` : ''}`;
  return {
    ...GOAL_C,
    main,
    low,
    cacheInfo: cache,
    equalLoad: { rate: sc.rate, targetP99: s.target.pacedP99, baselineP99: s.baseline.pacedP99 },
    holds: main.holds,
    holdsAtLow: low ? low.holds : null,
    verdict,
  };
}

function catalogGoalLine(g, md) {
  const b = (x) => (md ? `**${x}**` : x);
  const lvl = (l) =>
    `at ${l.connections} connections: p99 ${b(`${f(l.targetP99)} ms`)} (${l.p99Ok ? 'OK' : 'MISSED'}), ${b(`${f(l.ratio)}x`)} of the baseline's req/s (${l.ratioOk ? 'OK' : 'MISSED'})`;
  return `Goal (c): p99 < ${g.maxP99Ms} ms and >= ${g.minRatio}x of the bare handler's req/s; ${lvl(g.main)}${g.low ? `; ${lvl(g.low)}` : ''} => ${b(`goal ${g.verdict}`)}.${g.cacheInfo ? ` (Information, service default cache: ${fi(g.cacheInfo.targetRps)} req/s, p99 ${f(g.cacheInfo.targetP99)} ms, ${f(g.cacheInfo.ratio)}x.)` : ''}`;
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
    if (s.target.lowConn) {
      const n = s.target.lowConn.connections;
      for (const side of ['baseline', 'target']) {
        const m = s[side].lowConn;
        lines.push(`${pad(`(${key}) ${side} at ${n} connections`, 44)}${lpad(fi(m.rps), 9)}${lpad(f(m.p50), 9)}${lpad(f(m.p99), 9)}`);
      }
      lines.push(`${pad(`(${key}) target/baseline at ${n} connections`, 44)}${lpad(`${f(s.ratioRpsLow)}x`, 9)}`);
    }
    if (sc.cacheInfo) {
      const ci = sc.cacheInfo;
      for (const side of ['baseline', 'target']) {
        const m = ci[side].closed;
        lines.push(`${pad(`(${key}) info, cache on: ${side}`, 44)}${lpad(fi(m.rps), 9)}${lpad(f(m.p50), 9)}${lpad(f(m.p99), 9)}`);
      }
      lines.push(
        `${pad(`(${key}) info, cache on: target/baseline`, 44)}${lpad(`${f(ci.target.closed.rps / ci.baseline.closed.rps)}x`, 9)}`,
      );
    }
    lines.push('');
  }
  const g = result.goal;
  if (g)
    lines.push(
      `Goal (b): throughput >= ${g.minRatio}x of baseline: ${f(g.ratio)}x ${g.ratioOk ? 'OK' : 'MISSED'}; added p50 at equal load < ${g.maxAddedP50Ms} ms: ${f(g.addedP50Ms)} ms ${g.latencyOk ? 'OK' : 'MISSED'} => ${g.holds ? 'GOAL HOLDS' : 'GOAL NOT MET'}`,
    );
  if (result.catalogGoal) lines.push(catalogGoalLine(result.catalogGoal, false));
  lines.push('');
  lines.push(cpuTable(result).join('\n'));
  return lines.join('\n');
}

function cpuTable(result) {
  const comps = ['bench', 'baseline', 'gateway', 'service', 'nats', 'redis', 'postgres'];
  const lines = [
    'CPU per request in the closed-loop runs (microseconds of CPU time; "bench" is the load generator; "service" is identity,',
    'the do-nothing service in (s), catalog in (c); postgres/nats/redis count the whole server, other users included; "others" = cores',
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
    for (const side of ['baseline', 'target']) {
      const m = sc.summary[side].lowConn;
      if (!m) continue;
      const vals = comps.map((c) => m.cpuUsPerRequest[c]);
      const total = vals.reduce((a, v) => a + (Number.isFinite(v) ? v : 0), 0);
      lines.push(
        `${pad(`(${key}) ${side} @${m.connections}`, 24)}${vals.map((v) => lpad(f(v, 0), 10)).join('')}${lpad(f(total, 0), 10)}${lpad('', 10)}${lpad(`${f(m.otherCores, 2)} cores`, 12)}`,
      );
    }
  }
  return lines;
}

/** (c): one row per search: matches, rows, plan, SQL alone */
export function searchTable(cat) {
  const L = [];
  L.push(`| search | published matches | rows | bytes | scans of \`courses\` | EXPLAIN ANALYZE ms | SQL alone p50 / p99 ms |`);
  L.push('|---|---:|---:|---:|---|---:|---:|');
  for (const s of cat.perSearch)
    L.push(
      `| \`${s.label}\` | ${fi(s.matches)} (${s.selectivity}) | ${s.rows} | ${fi(s.bytes)} | ${s.plan.scans.map((x) => `\`${x}\``).join(', ')} | ${f(s.plan.executionMs)} | ${f(s.sql.p50)} / ${f(s.sql.p99)} |`,
    );
  return L.join('\n');
}

/** (c) in a few lines: for docs/catalog-search.md */
export function catalogFigures(result) {
  const sc = result.scenarios.c;
  const s = sc.summary;
  const g = result.catalogGoal;
  const c = result.config;
  const L = [];
  L.push(
    `${c.quick ? 'Quick smoke run, not a measurement: ' : ''}${c.rounds} round(s), closed loop ${c.durationS} s per measurement, baseline and target alternating, medians; on ${result.machine.cpus} x ${result.machine.cpuModel} shared with PostgreSQL, NATS, Redis, the load generator and other people's work (load average ${result.machine.loadavgAtEnd.map((v) => v.toFixed(1)).join(' ')} at the end). Each connection rotates over the ${sc.paths.length} searches below.`,
  );
  L.push('');
  L.push('| | connections | req/s | p50 ms | p99 ms |');
  L.push('|---|---:|---:|---:|---:|');
  const row = (name, conns, m) => L.push(`| ${name} | ${conns} | ${fi(m.rps)} | ${f(m.p50)} | ${f(m.p99)} |`);
  row(`baseline: ${sc.baseline.label}`, c.connections, s.baseline);
  row(`target: ${sc.target.label}`, c.connections, s.target);
  L.push(`| **target / baseline** | ${c.connections} | **${f(s.ratioRps)}x** | | |`);
  if (s.target.lowConn) {
    row('baseline', s.target.lowConn.connections, s.baseline.lowConn);
    row('target', s.target.lowConn.connections, s.target.lowConn);
    L.push(`| **target / baseline** | ${s.target.lowConn.connections} | **${f(s.ratioRpsLow)}x** | | |`);
  }
  if (sc.cacheInfo) {
    row('information, one run: baseline', sc.cacheInfo.connections, sc.cacheInfo.baseline.closed);
    row("information, one run: target with catalog's default cache (1 s)", sc.cacheInfo.connections, sc.cacheInfo.target.closed);
  }
  L.push(
    `| equal load ${fi(sc.rate)} req/s (open loop): baseline / target | | | ${f(s.baseline.pacedP50)} / ${f(s.target.pacedP50)} | ${f(s.baseline.pacedP99)} / ${f(s.target.pacedP99)} |`,
  );
  L.push('');
  L.push(catalogGoalLine(g, true));
  L.push('');
  L.push(
    `Cores kept busy by processes outside the run during the closed-loop measurements (median): ${f(s.baseline.otherCores)} (baseline), ${f(s.target.otherCores)} (target) of ${result.machine.cpus}.`,
  );
  L.push('');
  const comps = ['bench', 'baseline', 'gateway', 'service', 'nats', 'redis', 'postgres'];
  L.push(`CPU per request at ${c.connections} connections, microseconds (service = catalog; postgres = the whole server):`);
  L.push('');
  L.push(`| | ${comps.join(' | ')} | total |`);
  L.push(`|---|${comps.map(() => '---:').join('|')}|---:|`);
  for (const side of ['baseline', 'target']) {
    const vals = comps.map((k) => s[side].cpuUsPerRequest[k]);
    L.push(
      `| ${side} | ${vals.map((v) => f(v, 0)).join(' | ')} | ${f(
        vals.reduce((a, v) => a + (Number.isFinite(v) ? v : 0), 0),
        0,
      )} |`,
    );
  }
  L.push('');
  return L.join('\n');
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
    `Closed loop: autocannon, ${c.connections} connections, pipelining 1, ${c.durationS} s after ${c.warmupS} s warm-up. Equal load: open-loop paced requests (bench/lib/load.mjs) over ${c.pacedSockets} keep-alive sockets, ${c.pacedDurationS} s after ${c.pacedWarmupS} s warm-up, at the rate shown (half the lower closed-loop req/s of round 1, at most ${c.rateMax}, unless BENCH_RATE)${c.lightRate ? ` and at a light ${c.lightRate} req/s (the hops' latency with next to no queueing; only where that is below the first rate)` : ''}; the goal of (b) uses the first.`,
  );
  L.push(
    `The load generator runs in the bench process, on the same ${result.machine.cpus}-core machine as the servers, PostgreSQL, NATS and Redis.`,
  );
  L.push(
    `Stack: separate processes \`node apps/identity/dist/main.js\`${result.scenarios.c ? ', `node apps/catalog/dist/main.js` (COURSE_LIST_CACHE_MS=0 unless said otherwise)' : ''} and \`node apps/gateway/dist/main.js\` with ${Object.entries(
      c.stackEnv,
    )
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
    if (s.target.lowConn) {
      const n = s.target.lowConn.connections;
      for (const side of ['baseline', 'target'])
        L.push(
          `| (${key}) at ${n} connections | ${side} | ${fi(s[side].lowConn.rps)} | ${f(s[side].lowConn.p50)} | ${f(s[side].lowConn.p99)} | | | |${light ? ' | |' : ''}`,
        );
      L.push(`| (${key}) at ${n} connections | **target / baseline** | **${f(s.ratioRpsLow)}x** | | | | | |${light ? ' | |' : ''}`);
    }
    if (sc.cacheInfo) {
      const ci = sc.cacheInfo;
      for (const side of ['baseline', 'target'])
        L.push(
          `| (${key}) information: catalog's default list cache, one run | ${side} | ${fi(ci[side].closed.rps)} | ${f(ci[side].closed.p50)} | ${f(ci[side].closed.p99)} | | | |${light ? ' | |' : ''}`,
        );
      L.push(
        `| (${key}) information, cache on | target / baseline | ${f(ci.target.closed.rps / ci.baseline.closed.rps)}x | | | | | |${light ? ' | |' : ''}`,
      );
    }
  }
  L.push('');
  const g = result.goal;
  if (g) {
    L.push(
      `**Goal (b)**: throughput at least ${g.minRatio}x of its baseline: **${f(g.ratio)}x** (${g.ratioOk ? 'met' : 'missed'}); under ${g.maxAddedP50Ms} ms added at p50 at equal load: **${f(g.addedP50Ms)} ms** (${g.latencyOk ? 'met' : 'missed'}). ${g.holds ? '**Goal holds.**' : '**Goal not met.**'}`,
    );
    L.push('');
  }
  if (result.catalogGoal) {
    L.push(catalogGoalLine(result.catalogGoal, true));
    L.push('');
  }
  L.push('Per round (target/baseline req/s ratio; added p50 at equal load, ms):');
  L.push('');
  for (const [key, sc] of Object.entries(result.scenarios)) {
    L.push(
      `- (${key}) ratio ${sc.summary.perRoundRatio.map((v) => f(v)).join(', ')}${sc.summary.perRoundRatioLow ? ` (at ${sc.summary.target.lowConn.connections} connections ${sc.summary.perRoundRatioLow.map((v) => f(v)).join(', ')})` : ''}; added p50 ${sc.summary.perRoundAddedP50Ms.map((v) => f(v)).join(', ')}`,
    );
  }
  L.push('');
  L.push(
    'CPU time per request in the closed-loop runs, microseconds (medians; `bench` is the load generator; `service` is identity, the do-nothing service in (s), catalog in (c); `postgres`, `nats`, `redis` are the whole servers, other users included; `others` = cores busy with processes outside this run):',
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
    for (const side of ['baseline', 'target']) {
      const m = sc.summary[side].lowConn;
      if (!m) continue;
      const vals = comps.map((k) => m.cpuUsPerRequest[k]);
      const total = vals.reduce((a, v) => a + (Number.isFinite(v) ? v : 0), 0);
      L.push(
        `| (${key}) ${side} at ${m.connections} connections | ${vals.map((v) => f(v, 0)).join(' | ')} | ${f(total, 0)} | | ${f(m.otherCores, 2)} cores |`,
      );
    }
  }
  if (result.scenarios.c?.catalog) {
    L.push('');
    L.push(`(c) the searches, on the catalog seeded by the run (plans: \`bench/results/${result.catalogPlansFile}\`):`);
    L.push('');
    L.push(searchTable(result.scenarios.c.catalog));
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
