import { afterEach, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { answerClientError } from './client-errors.js';

// a bare Fastify over a socket (Fastify's inject loads an ESM-only module Jest cannot require)
describe("the parser's refusals", () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function serve(): Promise<string> {
    app = Fastify({ logger: false, clientErrorHandler: answerClientError });
    app.get('/api/x', async () => ({ ok: true }));
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  it('answer an address over 16 KB with 431 in the error shape, with the security headers', async () => {
    const url = await serve();
    const res = await fetch(`${url}/api/x?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      detail: 'The address or the headers of the request are too large',
      code: 'REQUEST_HEADERS_TOO_LARGE',
      errors: [],
    });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answer a malformed request line with 400 in the error shape', async () => {
    const url = new URL(await serve());
    const raw = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(url.port), url.hostname, () => s.write('GARBAGE\r\n\r\n'));
      let out = '';
      s.on('data', (d) => (out += d.toString()));
      s.on('end', () => resolve(out));
      s.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(raw).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(raw.split('\r\n\r\n')[1]!)).toEqual({ detail: 'The request is malformed', code: 'BAD_REQUEST', errors: [] });
  });
});
