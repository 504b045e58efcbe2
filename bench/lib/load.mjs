// Load generation, in the bench process itself (on a 2-core box it competes with the
// servers for CPU; the same for baseline and target).
//
// closedLoop(): autocannon, N connections each with one request in flight (pipelining
//   1): the most requests per second the server gives. Latencies are recorded here from
//   autocannon's 'response' events at full resolution (autocannon's own histogram has
//   1 ms buckets and keeps 2xx only; scenario (a)'s target answers 404 by design).
// paced(): an open-loop constant rate ("equal load"): request i is sent at t0 + i/rate,
//   whatever the earlier ones are doing, over a keep-alive pool of sockets; latency is
//   from send to the last byte. Autocannon's overallRate is not used for this: it gives
//   each connection rate/connections requests per second and sends them back to back
//   at the start of every second, i.e. a burst at full concurrency then silence, so its
//   p50 is the p50 under saturation (see bench/README.md).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Percentile of a sorted Float64Array (nearest rank). */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

class Samples {
  constructor(capacity = 1 << 16) {
    this.buf = new Float64Array(capacity);
    this.n = 0;
  }
  push(v) {
    if (this.n === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.n++] = v;
  }
  summary() {
    const s = this.buf.slice(0, this.n).sort();
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += s[i];
    return {
      count: s.length,
      p50: percentile(s, 50),
      p90: percentile(s, 90),
      p99: percentile(s, 99),
      mean: s.length ? sum / s.length : NaN,
      max: s.length ? s[s.length - 1] : NaN,
    };
  }
}

function runAutocannon(opts, onResponse) {
  return new Promise((resolve, reject) => {
    const inst = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    if (onResponse) inst.on('response', onResponse);
  });
}

/**
 * @param {{ url: string, paths?: string[], headers?: Record<string,string>, connections: number, durationS: number, warmupS: number, expectStatus: number, sample?: () => unknown }} o
 *   sample: called right before and right after the measured part (not the warm-up); both values are returned
 *   paths: when given, the requests rotate over these paths (on url's host)
 */
export async function closedLoop(o) {
  const base = { url: o.url, headers: o.headers ?? {}, connections: o.connections, pipelining: 1, timeout: 10 };
  // several URLs (same host): each connection cycles through them in order
  if (o.paths?.length) base.requests = o.paths.map((path) => ({ method: 'GET', path }));
  if (o.warmupS > 0) await runAutocannon({ ...base, duration: o.warmupS });
  const lat = new Samples();
  let good = 0;
  let other = 0;
  const statuses = {};
  const before = o.sample?.();
  const t0 = performance.now();
  const res = await runAutocannon({ ...base, duration: o.durationS }, (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode === o.expectStatus) {
      good++;
      lat.push(responseTime);
    } else other++;
  });
  const elapsedS = (performance.now() - t0) / 1000;
  const after = o.sample?.();
  const s = lat.summary();
  return {
    mode: 'closed-loop',
    connections: o.connections,
    durationS: res.duration ?? elapsedS,
    rps: good / (res.duration || elapsedS),
    p50: s.p50,
    p90: s.p90,
    p99: s.p99,
    mean: s.mean,
    max: s.max,
    requests: good,
    unexpected: other,
    errors: res.errors,
    timeouts: res.timeouts,
    statuses,
    samples: o.sample ? { before, after } : undefined,
  };
}

/**
 * @param {{ url: string, paths?: string[], headers?: Record<string,string>, rate: number, durationS: number, warmupS: number, sockets: number, expectStatus: number }} o
 *   paths: when given, request i goes to paths[i % paths.length] (on url's host)
 */
export async function paced(o) {
  const u = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.sockets, maxFreeSockets: o.sockets });
  try {
    if (o.warmupS > 0) await pacedOnce(u, agent, o, o.warmupS);
    return await pacedOnce(u, agent, o, o.durationS);
  } finally {
    agent.destroy();
  }
}

function pacedOnce(u, agent, o, durationS) {
  const total = Math.max(1, Math.round(o.rate * durationS));
  const lat = new Samples(total);
  const statuses = {};
  let sent = 0;
  let finished = 0;
  let good = 0;
  let other = 0;
  let errors = 0;
  let maxLagMs = 0;
  const reqOpts = { agent, host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'GET', headers: o.headers ?? {} };
  const paths = o.paths?.length ? o.paths : null;
  let nth = 0;
  return new Promise((resolve) => {
    const t0 = performance.now();
    let lastSendAt = t0;
    const done = () => {
      if (++finished < total) return;
      const s = lat.summary();
      const sendSpanS = (lastSendAt - t0) / 1000 + 1 / o.rate;
      resolve({
        mode: 'paced',
        targetRate: o.rate,
        achievedRate: total / sendSpanS,
        sockets: o.sockets,
        durationS,
        rps: good / ((performance.now() - t0) / 1000),
        p50: s.p50,
        p90: s.p90,
        p99: s.p99,
        mean: s.mean,
        max: s.max,
        requests: good,
        unexpected: other,
        errors,
        maxSendLagMs: maxLagMs,
        statuses,
      });
    };
    const fire = (scheduledAt) => {
      const start = performance.now();
      maxLagMs = Math.max(maxLagMs, start - scheduledAt);
      lastSendAt = start;
      const req = http.request(paths ? { ...reqOpts, path: paths[nth++ % paths.length] } : reqOpts, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          const ms = performance.now() - start;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode === o.expectStatus) {
            good++;
            lat.push(ms);
          } else other++;
          done();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        done();
      });
      req.end();
    };
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - t0) * o.rate) / 1000) + 1);
      while (sent < due) fire(t0 + (sent++ * 1000) / o.rate);
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, t0 + (sent * 1000) / o.rate - performance.now())));
    };
    tick();
  });
}

export { sleep };

/**
 * The standalone scripts' closed loop over their own requests (bench/lib/http.mjs): `connections`
 * loops, each taking the next job (a function answering `{status, ms, text, json}`, or null when
 * none is left) as soon as its last answer came, for `seconds`. A request counts as an error
 * unless `ok(result)` (default: status 200).
 */
export async function jobLoop(nextJob, connections, seconds, ok = (r) => r.status === 200) {
  const until = performance.now() + seconds * 1000;
  const results = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const job = nextJob();
        if (!job) return;
        results.push(await job());
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const ms = Float64Array.from(results.map((r) => r.ms)).sort();
  const errors = results.filter((r) => !ok(r));
  return {
    requests: results.length,
    perS: results.length / elapsed,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    errors: errors.length,
    errorSamples: errors.slice(0, 3).map((r) => `${r.status} ${String(r.text ?? '').slice(0, 160)}`),
  };
}
