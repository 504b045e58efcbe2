import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineEvent } from '@lp/contracts';
import { currentCaller, currentRequestId, optionalCaller, runInContext, writeEvent, type SqlRunner } from '@lp/bus';
import { createLogger } from './logger.js';

const caller = { userId: 'u-1', role: 'learner' as const, sessionId: 's-1', institutionId: null };

describe('the request context', () => {
  it('follows the work through awaits, timers and parallel branches, and each request keeps its own', async () => {
    const seen = await Promise.all(
      ['r-1', 'r-2'].map((requestId) =>
        runInContext({ requestId, caller: { ...caller, userId: `user-of-${requestId}` } }, async () => {
          await new Promise((r) => setTimeout(r, 5));
          const [a, b] = await Promise.all([
            Promise.resolve().then(currentRequestId),
            new Promise((r) => setImmediate(() => r(currentCaller().userId))),
          ]);
          return [a, b];
        }),
      ),
    );
    expect(seen).toEqual([
      ['r-1', 'user-of-r-1'],
      ['r-2', 'user-of-r-2'],
    ]);
    expect(currentRequestId()).toBeUndefined();
  });

  it('refuses work that needs a caller outside one with a 401, and tells public work it has none', async () => {
    expect(() => currentCaller()).toThrow(expect.objectContaining({ status: 401, code: 'UNAUTHENTICATED' }));
    await runInContext({ requestId: 'r', caller: null }, async () => {
      expect(() => currentCaller()).toThrow(expect.objectContaining({ status: 401 }));
      expect(optionalCaller()).toBeNull();
    });
  });

  it('gives writeEvent the request id, so an event names the request that caused it', async () => {
    const Happened = defineEvent({
      name: 'test.thing.happened',
      service: 'catalog',
      summary: 'a test event',
      schema: z.object({ v: z.literal(1), id: z.string() }),
    });
    const calls: unknown[][] = [];
    const tx: SqlRunner = { query: async (_sql: string, params?: unknown[]) => (calls.push(params ?? []), [] as never) };
    await runInContext({ requestId: 'req-42', caller }, () => writeEvent(tx, Happened, { v: 1, id: 'x' }));
    await writeEvent(tx, Happened, { v: 1, id: 'y' });
    expect(calls.map((p) => p[3])).toEqual(['req-42', null]);
  });

  it('stamps the request id and the user on every log line written for it, and nothing outside', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()),
    });
    const log = createLogger('test', 'info', 'test', sink);
    await runInContext({ requestId: 'req-7', caller }, async () => {
      await Promise.resolve();
      log.info('inside');
    });
    await runInContext({ requestId: 'req-8', caller: null }, async () => log.info('public'));
    log.info('outside');
    expect(lines.map((l) => [l.msg, l.requestId, l.userId])).toEqual([
      ['inside', 'req-7', 'u-1'],
      ['public', 'req-8', undefined],
      ['outside', undefined, undefined],
    ]);
  });
});
