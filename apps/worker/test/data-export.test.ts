import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NatsConnection } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError, HealthReply, JOBS, identityRoutes, systemSubjects, type Caller } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { TokenService } from '@lp/auth';
import { LocalFileStore } from '@lp/storage';
import { callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { IdentityModule } from '../../identity/src/app.module.js';
import { WorkerModule } from '../src/app.module.js';
import { queuePrefix } from '@lp/service-kit';
import { cleanTestRedis } from '../../identity/test/support/redis-cleanup.js';

jest.setTimeout(60_000);

/** Identity and the worker side by side in this process, sharing one throwaway prefix and storage folder. */
class Stack {
  private constructor(
    readonly env: Record<string, string>,
    readonly identity: TestService,
    readonly worker: TestService,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
  ) {}

  static async start(extra: Record<string, string>): Promise<Stack> {
    const env = testEnv(extra);
    const identity = await startTestService(IdentityModule.create(env), env);
    const worker = await startTestService(WorkerModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'test' });
    return new Stack(env, identity, worker, new RpcClient(nc, env.BUS_PREFIX!, 30_000), nc);
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await this.worker.stop();
    const redis = new Redis(this.env.REDIS_URL!, { maxRetriesPerRequest: null });
    await cleanTestRedis(redis, this.env.BUS_PREFIX!).finally(() => redis.disconnect());
    await this.identity.stop();
    await rm(this.env.STORAGE_DIR!, { recursive: true, force: true });
  }

  async register(): Promise<{ caller: Caller; email: string; password: string }> {
    const email = `export-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'export-pass-1';
    const { token } = await this.client.callRoute(
      identityRoutes.register,
      { params: {}, query: {}, body: { name: 'Export Me', email, password, role: 'learner' } },
      { requestId: 'test-register' },
    );
    return { caller: new TokenService(this.env.JWT_SECRET!).verify(token).caller, email, password };
  }

  /** As the browser does: ask again while the export is being gathered (202 with the progress). */
  async exportData(caller: Caller): Promise<{ storage_key: string; filename: string; content_type: string }> {
    for (let i = 0; i < 150; i++) {
      const answer = (await callRoute(this.client, identityRoutes.exportData, {}, caller)) as unknown as Record<string, unknown>;
      if (!('pending' in answer)) return answer as { storage_key: string; filename: string; content_type: string };
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the export did not finish');
  }
}

describe('data export end to end', () => {
  let stack: Stack;
  beforeAll(async () => {
    // catalog is not running here: its part must be recorded as unavailable
    stack = await Stack.start({ EXPORT_SERVICES: 'identity,catalog', EXPORT_SERVICE_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('the worker answers its health probe', async () => {
    const health = HealthReply.parse(await stack.client.request(systemSubjects.health('worker' as never), {}, { requestId: 'health' }));
    expect(health).toMatchObject({ service: 'worker', status: 'ok' });
  });

  it("GET /users/export-data answers a JSON file gathered by the worker, with the user's e-mail and no password hash", async () => {
    const { caller, email, password } = await stack.register();
    const ref = await stack.exportData(caller);
    const today = new Date().toISOString().slice(0, 10);
    expect(ref).toEqual({
      storage_key: expect.stringMatching(new RegExp(`^exports/${caller.userId}/${caller.userId}_\\d+\\.json$`)),
      filename: `learnhub-data-${today}.json`,
      content_type: 'application/json',
    });

    const { stream } = await new LocalFileStore(stack.env.STORAGE_DIR!).open(ref.storage_key);
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({
      user_id: caller.userId,
      services: { identity: { profile: { id: caller.userId, email, name: 'Export Me' } } },
      unavailable: [{ service: 'catalog', reason: 'SERVICE_UNAVAILABLE' }],
    });
    expect(Date.parse(doc.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(text).toContain(email);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(password);
    expect(text).not.toMatch(/password_hash|passwordHash/);
  });

  it('asking twice (a retry after a timeout, a second tab) is one export: the same file, one job', async () => {
    const { caller } = await stack.register();
    const [a, b] = await Promise.all([stack.exportData(caller), stack.exportData(caller)]);
    expect(a.storage_key).toBe(b.storage_key);
    const queue = new Queue(JOBS.dataExport.queue, {
      connection: { url: stack.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: queuePrefix(stack.env.BUS_PREFIX!),
    });
    try {
      expect((await queue.getJobs(['completed'])).filter((j) => j.data.user_id === caller.userId)).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });

  it('a job with invalid data fails at once, without retries', async () => {
    const queue = new Queue(JOBS.dataExport.queue, {
      connection: { url: stack.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: queuePrefix(stack.env.BUS_PREFIX!),
    });
    try {
      const job = await queue.add('data-export', { nope: true }, { attempts: 3, backoff: { type: 'fixed', delay: 10 } });
      for (let i = 0; i < 100 && (await job.getState()) !== 'failed'; i++) await new Promise((r) => setTimeout(r, 50));
      const done = await queue.getJob(job.id!);
      expect(await done!.getState()).toBe('failed');
      expect(done!.attemptsMade).toBe(1);
      expect(done!.failedReason).toMatch(/invalid data/);
    } finally {
      await queue.close();
    }
  });
});

describe('data export when no service answers', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start({ EXPORT_SERVICES: 'catalog', EXPORT_SERVICE_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('is retried 3 times with backoff, then the route answers 503 EXPORT_FAILED', async () => {
    const { caller } = await stack.register();
    const started = Date.now();
    const err = await stack.exportData(caller).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, code: 'EXPORT_FAILED' });
    // exponential backoff of 1 s then 2 s between the three attempts
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    const queue = new Queue(JOBS.dataExport.queue, {
      connection: { url: stack.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: queuePrefix(stack.env.BUS_PREFIX!),
    });
    try {
      const [failed] = await queue.getFailed();
      // 3 attempts; on a loaded machine BullMQ may also count a run it took for stalled (the
      // worker's event loop held past the lock check) and run it again: at-least-once, never fewer
      expect(failed!.attemptsMade).toBeGreaterThanOrEqual(3);
      expect(failed!.data).toMatchObject({ user_id: caller.userId });
    } finally {
      await queue.close();
    }
  });
});
