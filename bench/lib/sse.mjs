// A live-update stream (GET /api/live/..., server-sent events) read as bytes by the benches that
// time a fan-out (bench/live-fanout.mjs, bench/notifications.mjs).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One socket per stream: no keep-alive pool in the way of a thousand open streams. */
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * One receiver: an SSE stream read as bytes, resolved once the server said `: ready`;
 * `expect(marker, timeoutMs)` resolves with the moment (performance.now()) a frame holding the
 * marker arrived, null on timeout. A frame may be split across reads: the last 400 characters of
 * the previous read are searched again.
 */
export function openStream(base, path, token) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    let seen = '';
    let ready = false;
    const waiting = new Map();
    const req = http.get(
      {
        agent: streamAgent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => reject(new Error(`${path}: ${res.statusCode} ${body.slice(0, 200)}`)));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const now = performance.now();
          const text = seen + chunk;
          if (!ready && text.includes(': ready\n')) {
            ready = true;
            resolve(stream);
          }
          for (const [marker, done] of waiting)
            if (text.includes(marker)) {
              waiting.delete(marker);
              done(now);
            }
          seen = text.slice(-400);
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    const stream = {
      expect(marker, timeoutMs) {
        return new Promise((done) => {
          const timer = setTimeout(() => {
            waiting.delete(marker);
            done(null);
          }, timeoutMs);
          waiting.set(marker, (t) => {
            clearTimeout(timer);
            done(t);
          });
        });
      },
      close: () => req.destroy(),
    };
  });
}
