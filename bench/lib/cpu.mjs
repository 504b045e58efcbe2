// Where the CPU goes during a measurement (Linux /proc, read only): user+system time of
// our own processes by pid, of PostgreSQL / NATS / Redis summed by command name, and the
// whole machine's busy share. Divided by the requests served it gives CPU-microseconds
// per request per component, which is what decides throughput on a 2-core box.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const cpus = () => availableParallelism();

const TICK_MS = 10; // USER_HZ is 100 on Linux x86-64/arm64
const SHARED = { postgres: 'postgres', 'nats-server': 'nats', 'redis-server': 'redis' };

function procTimes(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { comm: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), ms: (Number(rest[11]) + Number(rest[12])) * TICK_MS };
  } catch {
    return null;
  }
}

function machine() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { idle, total };
  } catch {
    return null;
  }
}

/** @param {Record<string, number>} own name -> pid of processes we started (and ourselves) */
export function cpuSnapshot(own) {
  // shared servers are kept per pid: PostgreSQL forks a process per connection, and a sum
  // over whoever is alive at each snapshot would lose (or count twice) the CPU time of
  // backends that end or start in between (other users' test runs connect all the time)
  const snap = { at: performance.now(), own: {}, shared: {}, sharedPids: {}, machine: machine() };
  for (const [name, pid] of Object.entries(own)) {
    const t = pid ? procTimes(pid) : null;
    if (t) snap.own[name] = t.ms;
  }
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    /* not Linux */
  }
  for (const pid of pids) {
    const t = procTimes(pid);
    const group = t && SHARED[t.comm];
    if (group) {
      snap.shared[group] = (snap.shared[group] ?? 0) + t.ms;
      snap.sharedPids[pid] = { group, ms: t.ms };
    }
  }
  return snap;
}

/** CPU ms per component between two snapshots, per request (us) and the machine's busy share. */
export function cpuDelta(a, b, requests) {
  const out = { wallMs: b.at - a.at, perRequestUs: {}, cores: {} };
  const add = (name, ms) => {
    if (!(ms >= 0)) return;
    out.cores[name] = ms / out.wallMs;
    out.perRequestUs[name] = requests ? (ms * 1000) / requests : NaN;
  };
  for (const k of Object.keys(b.own)) if (k in a.own) add(k, b.own[k] - a.own[k]);
  if (a.sharedPids && b.sharedPids) {
    // per pid: a process new since the first snapshot counts from zero; one that ended in
    // between is lost (its last seconds are not known), never subtracted
    const groups = {};
    for (const [pid, t] of Object.entries(b.sharedPids)) {
      const before = a.sharedPids[pid];
      const d = before && before.group === t.group ? t.ms - before.ms : t.ms;
      groups[t.group] = (groups[t.group] ?? 0) + Math.max(0, d);
    }
    for (const [k, ms] of Object.entries(groups)) add(k, ms);
  } else for (const k of Object.keys(b.shared)) add(k, b.shared[k] - (a.shared[k] ?? 0));
  if (a.machine && b.machine) {
    const total = b.machine.total - a.machine.total;
    out.machineBusy = total > 0 ? 1 - (b.machine.idle - a.machine.idle) / total : NaN;
    // everything else on the box (other users' tests, the desktop, ...), in cores
    const tracked = Object.values(out.cores).reduce((x, y) => x + y, 0);
    out.otherCores = Math.max(0, out.machineBusy * cpus() - tracked);
  }
  return out;
}
