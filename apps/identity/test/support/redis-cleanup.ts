import type { Redis } from 'ioredis';
import { queuePrefix } from '@lp/service-kit';
import { deleteKeysMatching } from '@lp/testing';

/** Removes what a test run left in the shared Redis: its revocations and their loaded mark, its queues, its dev sign-in sessions. */
export async function cleanTestRedis(redis: Redis, busPrefix: string): Promise<void> {
  if (!busPrefix) throw new Error('cleanTestRedis: no BUS_PREFIX, refusing to delete the keys of a real deployment');
  await deleteKeysMatching(redis, `${busPrefix}auth:*`);
  await deleteKeysMatching(redis, `${queuePrefix(busPrefix)}:*`);
  await deleteKeysMatching(redis, `${busPrefix}identity:*`);
}
