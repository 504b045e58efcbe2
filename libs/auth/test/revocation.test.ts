import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { RevocationStore, RevocationsNotReady } from '../src/index.js';

/**
 * The revocation copy the gateway reads, on the real Redis: two deployments sharing one Redis
 * (a test run beside `npm start`, staging beside production) keep lists of their own. Its
 * "loaded" mark was once a single key for everyone: one identity's warm-up marked the other's
 * list loaded while it was still empty, and the other's gateway let a revoked token through.
 */
describe('RevocationStore on a shared Redis', () => {
  let redis: Redis;
  const run = randomBytes(4).toString('hex');
  const prefixes = [`rv${run}a.`, `rv${run}b.`];

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
  });
  afterAll(async () => {
    for (const p of prefixes) {
      const keys = await redis.keys(`${p}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it("one deployment's loaded mark does not mark the other's list loaded", async () => {
    const [a, b] = prefixes.map((p) => new RevocationStore(redis, p)) as [RevocationStore, RevocationStore];
    await a.markWarm();
    const now = Math.floor(Date.now() / 1000);
    expect(await a.isRevoked(randomUUID(), randomUUID(), now)).toBe(false);
    // b's identity has not loaded b's list: b's gateway must still refuse every token
    await expect(b.isRevoked(randomUUID(), randomUUID(), now)).rejects.toBeInstanceOf(RevocationsNotReady);
  });

  it("a session revoked in one deployment is revoked there only, and its keys carry the deployment's prefix", async () => {
    const [a, b] = prefixes.map((p) => new RevocationStore(redis, p)) as [RevocationStore, RevocationStore];
    await a.markWarm();
    await b.markWarm();
    const user = randomUUID();
    const session = randomUUID();
    await a.revokeSession(session);
    const now = Math.floor(Date.now() / 1000);
    expect(await a.isRevoked(user, session, now)).toBe(true);
    expect(await b.isRevoked(user, session, now)).toBe(false);
    expect(await redis.exists(`${prefixes[0]}auth:revoked:sid:${session}`)).toBe(1);
    expect(await redis.exists(`auth:revoked:sid:${session}`)).toBe(0);
  });
});
