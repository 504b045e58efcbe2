// The standalone bench scripts' HTTP client: our own keep-alive pool, so a request's time is
// the stack's and not a connection set-up's.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request; resolves (never rejects) with status, parsed JSON, text and the latency from send to the last byte. */
export function request(base, method, path, { token, body } = {}) {
  const url = new URL(path, base);
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, json, text, ms });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, json: null, text: e.message, ms: performance.now() - t0 }));
    if (payload) req.write(payload);
    req.end();
  });
}
