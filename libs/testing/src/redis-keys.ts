import { Redis } from 'ioredis';
import { queuePrefix } from '@lp/service-kit';

/** Deletes the keys matching `pattern` (SCAN, never KEYS: the Redis is shared). */
export async function deleteKeysMatching(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * Everything a test run keeps in the shared Redis: the keys under its BUS_PREFIX (boards,
 * counters, revocations) and its queues. Refuses an empty prefix: that is a real deployment's.
 */
export async function deleteRunKeys(redisUrl: string, busPrefix: string): Promise<void> {
  if (!busPrefix) throw new Error('deleteRunKeys: no BUS_PREFIX, refusing to delete the keys of a real deployment');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (const pattern of [`${busPrefix}*`, `${queuePrefix(busPrefix)}:*`]) await deleteKeysMatching(redis, pattern);
  } finally {
    redis.disconnect();
  }
}
