import type { Redis } from 'ioredis';
import { queuePrefix } from '@lp/service-kit';

async function deleteMatching(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Removes what a test run left in the shared Redis: its revocations and their loaded mark, its queues, its dev sign-in sessions. */
export async function cleanTestRedis(redis: Redis, busPrefix: string): Promise<void> {
  if (!busPrefix) throw new Error('cleanTestRedis: no BUS_PREFIX, refusing to delete the keys of a real deployment');
  await deleteMatching(redis, `${busPrefix}auth:*`);
  await deleteMatching(redis, `${queuePrefix(busPrefix)}:*`);
  await deleteMatching(redis, `${busPrefix}identity:*`);
}
