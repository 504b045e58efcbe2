import { describe, expect, it, jest } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger } from '@lp/service-kit';
import { requestLogger } from './request-logger.js';

/** the gateway's own logger, writing its JSON lines into an array */
function capture(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('gateway', level, 'test', sink), lines };
}

describe("a request's logger (no pino child per request)", () => {
  it('writes its lines through the gateway logger with the request id, and makes no child for them', async () => {
    const { log, lines } = capture();
    const child = jest.spyOn(log, 'child');
    const req = requestLogger(log, { requestId: 'r-1' });
    req.info({ status: 200, url: '/api/x' }, 'request completed');
    req.warn('plain words');
    req.error(new Error('it broke'));
    await new Promise((r) => setImmediate(r));
    expect(child).not.toHaveBeenCalled();
    expect(lines[0]).toMatchObject({ service: 'gateway', requestId: 'r-1', status: 200, url: '/api/x', msg: 'request completed' });
    expect(lines[1]).toMatchObject({ requestId: 'r-1', msg: 'plain words', level: 40 });
    expect(lines[2]).toMatchObject({ requestId: 'r-1', msg: 'it broke', err: { message: 'it broke' } });
  });

  it('redacts secrets in its lines as the gateway logger does', async () => {
    const { log, lines } = capture();
    requestLogger(log, { requestId: 'r-2' }).warn({ body: { password: 'hunter2', email: 'a@b.c' } }, 'refused');
    await new Promise((r) => setImmediate(r));
    expect(JSON.stringify(lines[0])).not.toContain('hunter2');
    expect(lines[0]).toMatchObject({ requestId: 'r-2', body: { email: 'a@b.c' } });
  });

  it('writes nothing below its level, and answers what a logger is asked (level, a child) from a real child', async () => {
    const { log, lines } = capture('warn');
    const req = requestLogger(log, { requestId: 'r-3' });
    req.info('not written');
    req.debug({ a: 1 }, 'not written either');
    expect(req.level).toBe('warn');
    req.child({ part: 'upload' }).warn('from a child of it');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ requestId: 'r-3', part: 'upload', msg: 'from a child of it' });
  });

  it('gives a route with a level of its own the real child it asks for', async () => {
    const { log, lines } = capture('warn');
    requestLogger(log, { requestId: 'r-4' }, { level: 'info' }).info("written at the route's level");
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ requestId: 'r-4', msg: "written at the route's level" });
  });
});
