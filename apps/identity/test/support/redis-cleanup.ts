import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { revocationKeys } from '@lp/auth';
import { queuePrefix } from '@lp/service-kit';

async function deleteMatching(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Removes what a test run left in the shared Redis: revocations of its sessions, its queues, its dev sign-in sessions. Call before the database is dropped. */
export async function cleanTestRedis(redis: Redis, ds: DataSource, busPrefix: string): Promise<void> {
  const sessions: Array<{ id: string }> = await ds.query('SELECT id FROM sessions');
  const users: Array<{ id: string }> = await ds.query('SELECT id FROM users');
  const keys = [...sessions.map((s) => revocationKeys.session(s.id)), ...users.map((u) => revocationKeys.userBefore(u.id))];
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  await deleteMatching(redis, `${queuePrefix(busPrefix)}:*`);
  await deleteMatching(redis, `${busPrefix}identity:*`);
}
