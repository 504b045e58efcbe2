// Self time of a .cpuprofile by package and by function, and who calls the given native
// functions (writev, writeUtf8String, ... are syscalls: which library makes them?).
//   node bench/diag/cpuprofile-summary.mjs /tmp/gateway.cpuprofile [writev writeUtf8String ...]
import { readFileSync } from 'node:fs';

const [file, ...callersOf] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
let total = 0;
p.samples.forEach((id, i) => {
  const dt = p.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});
const short = (url) => url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|libs)\//, '$1/');
const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const pkgOf = (n) => {
  const u = n.callFrame.url;
  if (!u) return `(${n.callFrame.functionName})`;
  if (u.startsWith('node:')) return 'node core';
  return u.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? short(u).split('/').slice(0, 2).join('/');
};
const byFn = new Map();
const byPkg = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  byFn.set(label(n), (byFn.get(label(n)) ?? 0) + t);
  byPkg.set(pkgOf(n), (byPkg.get(pkgOf(n)) ?? 0) + t);
}
const top = (m, k) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nBY PACKAGE (self time)\n${top(byPkg, 20)}\n\nBY FUNCTION (self time)\n${top(byFn, 30)}`,
);
for (const name of callersOf) {
  const agg = new Map();
  for (const [id, t] of self) {
    if (byId.get(id).callFrame.functionName !== name) continue;
    const chain = [];
    for (let cur = parent.get(id); cur && chain.length < 4; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (n.callFrame.url && !n.callFrame.url.startsWith('node:')) chain.push(label(n));
    }
    const key = chain.join(' < ') || '(node core only)';
    agg.set(key, (agg.get(key) ?? 0) + t);
  }
  console.log(`\nCALLERS OF ${name}\n${top(agg, 5)}`);
}
