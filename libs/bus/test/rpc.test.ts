import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { AppError, defineRoute } from '@lp/contracts';
import { testEnv } from '@lp/testing';
import { CallerSigner, CallerVerifier, CheckedJson, connectBus, generateCallerKeys, RpcClient, RpcServer } from '../src/index.js';
import { silent } from './helpers.js';

const echo = defineRoute({
  subject: 'identity.test.echo',
  service: 'identity',
  method: 'POST',
  path: '/test/echo',
  guard: 'any',
  summary: 'echo',
  body: z.object({ text: z.string().min(1) }),
  response: z.object({ text: z.string(), user: z.string() }),
});

const Row = z.object({ id: z.string(), n: z.number().int() });
const board = defineRoute({
  subject: 'identity.test.board',
  service: 'identity',
  method: 'GET',
  path: '/test/board',
  guard: 'any',
  summary: 'a large part checked once',
  query: z.object({ title: z.string() }),
  response: z.object({ title: z.string(), rows: z.array(Row), top: Row.nullable() }),
});
/** checked and encoded once, answered to every caller (checked-json.ts) */
const rows = CheckedJson.of(board.response.shape.rows, [
  { id: 'a', n: 1 },
  { id: 'b', n: 2, hidden: 'stripped' } as { id: string; n: number },
]);

describe('request-reply', () => {
  const env = testEnv();
  let nc: NatsConnection;
  let server: RpcServer;
  let client: RpcClient;
  const caller = { userId: 'u-1', role: 'learner' as const, sessionId: 's-1', institutionId: null };

  beforeAll(async () => {
    nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'test' });
    const keys = generateCallerKeys();
    server = new RpcServer(nc, env.BUS_PREFIX!, 'test', silent, new CallerVerifier(keys.publicKey));
    client = new RpcClient(nc, env.BUS_PREFIX!, 2000, new CallerSigner(keys.privateKey));
    server.route(echo, async (input, ctx) => {
      if (input.body.text === 'conflict') throw AppError.conflict('DUPLICATE', 'Already there');
      if (input.body.text === 'boom') throw new Error('database password is hunter2');
      if (input.body.text === 'slow') await new Promise((r) => setTimeout(r, 500));
      return { text: input.body.text, user: ctx.caller!.userId, secret: 'stripped' } as never;
    });
    server.route(board, async (input) => {
      if (input.query.title === 'elsewhere') return { title: 'x', rows: CheckedJson.of(z.array(Row), []) as never, top: null };
      if (input.query.title === 'outside') return { title: 42 as never, rows, top: null };
      return { title: input.query.title, rows, top: { id: 'a', n: 1, extra: true } as never };
    });
  });
  afterAll(async () => {
    await server.drain();
    await nc.close();
  });

  it('carries the signed caller and strips fields outside the response contract', async () => {
    const out = await client.callRoute(echo, { params: {}, query: {}, body: { text: 'hi' } }, { requestId: 'r-1', caller });
    expect(out).toEqual({ text: 'hi', user: 'u-1' });
  });

  it('splices a part checked once into the answer, checks the rest and strips it', async () => {
    const out = await client.callRoute(board, { params: {}, query: { title: 'week' }, body: undefined }, { requestId: 'r-2', caller });
    expect(out).toEqual({
      title: 'week',
      rows: [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ],
      top: { id: 'a', n: 1 },
    });
  });

  it('refuses an answer whose other fields break the contract, or whose part was checked against another schema', async () => {
    for (const title of ['outside', 'elsewhere'])
      await expect(
        client.callRoute(board, { params: {}, query: { title }, body: undefined }, { requestId: 'r-3', caller }),
      ).rejects.toMatchObject({ status: 500 });
  });

  it('keeps an AppError status across the wire', async () => {
    await expect(
      client.callRoute(echo, { params: {}, query: {}, body: { text: 'conflict' } }, { requestId: 'r', caller }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'DUPLICATE',
      detail: 'Already there',
    });
  });

  it('turns an unexpected error into a 500 with a reference and no internal message', async () => {
    const e = await client
      .callRoute(echo, { params: {}, query: {}, body: { text: 'boom' } }, { requestId: 'r', caller })
      .catch((x: unknown) => x as AppError);
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(500);
    expect(e.detail).not.toContain('hunter2');
    expect(e.detail).toMatch(/Reference: [0-9a-f-]{36}/);
  });

  it('validates input on the service side too', async () => {
    await expect(client.callRoute(echo, { params: {}, query: {}, body: { text: '' } }, { requestId: 'r', caller })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses a call without a caller on a guarded route', async () => {
    await expect(client.callRoute(echo, { params: {}, query: {}, body: { text: 'x' } }, { requestId: 'r' })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('answers 504 when the service is too slow and 503 when nobody listens', async () => {
    await expect(
      client.request(echo.subject, { body: { text: 'slow' } }, { requestId: 'r', caller, timeoutMs: 100 }),
    ).rejects.toMatchObject({ status: 504, code: 'SERVICE_TIMEOUT' });
    await expect(client.request('identity.nobody.home', {}, { requestId: 'r', caller })).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
