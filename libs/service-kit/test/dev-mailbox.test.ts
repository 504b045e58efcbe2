import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { testEnv } from '@lp/testing';
import { DEV_MAILBOX_SIZE, DevMailbox, devMailboxKey, type DevMailboxMessage } from '../src/index.js';

const message = (n: number): DevMailboxMessage => ({
  id: `m${n}`,
  message_id: `<m${n}@learning-platform.local>`,
  to: `user${n}@example.test`,
  from: 'Learning Platform <no-reply@learning-platform.local>',
  subject: `Message ${n}`,
  text: `Body ${n}`,
  html: null,
  kind: 'test',
  sent_at: new Date(Date.UTC(2026, 10, 25, 10, 0, n)).toISOString(),
  raw: `Subject: Message ${n}\n\nBody ${n}\n`,
});

/** The development mailbox the worker writes and the gateway reads, on a real Redis. */
describe('development mailbox', () => {
  const env = testEnv();
  const redis = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: null });
  afterAll(async () => {
    await redis.del(devMailboxKey(env.BUS_PREFIX!), devMailboxKey(`${env.BUS_PREFIX!}other.`));
    redis.disconnect();
  });

  it('lists newest first, keeps only the newest 200, and finds one by id', async () => {
    const box = new DevMailbox(redis, env.BUS_PREFIX!);
    for (let n = 1; n <= DEV_MAILBOX_SIZE + 5; n++) await box.add(message(n));
    const list = await box.list();
    expect(list).toHaveLength(DEV_MAILBOX_SIZE);
    expect(list[0]).toEqual(message(DEV_MAILBOX_SIZE + 5));
    expect(list.at(-1)!.id).toBe('m6');
    expect(await redis.llen(devMailboxKey(env.BUS_PREFIX!))).toBe(DEV_MAILBOX_SIZE);
    expect(await box.get('m100')).toEqual(message(100));
    expect(await box.get('m5')).toBeNull();
  });

  it("is the run's own: another prefix sees an empty mailbox", async () => {
    expect(await new DevMailbox(redis, `${env.BUS_PREFIX!}other.`).list()).toEqual([]);
  });

  it('refuses to store a message of the wrong shape and skips a foreign entry when reading', async () => {
    const box = new DevMailbox(redis, `${env.BUS_PREFIX!}other.`);
    await expect(box.add({ ...message(1), to: undefined } as unknown as DevMailboxMessage)).rejects.toThrow();
    await redis.lpush(devMailboxKey(`${env.BUS_PREFIX!}other.`), 'not json', JSON.stringify({ id: 'x' }));
    await box.add(message(2));
    expect((await box.list()).map((m) => m.id)).toEqual(['m2']);
  });
});
