import 'reflect-metadata';
import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dropDatabase, startService } from '@lp/service-kit';
import { connectBus, streamName } from '@lp/bus';
import { jetstreamManager } from '@nats-io/jetstream';
import { deleteRunKeys } from './redis-keys.js';

export interface TestService {
  app: INestApplicationContext;
  ds: DataSource;
  /** closes the app and drops its throwaway database, its stream and its Redis keys */
  stop(): Promise<void>;
}

/** Boots a service module against the real PostgreSQL/NATS/Redis with its test env. */
export async function startTestService(module: DynamicModule, env: Record<string, string>): Promise<TestService> {
  // as in production: a Nest microservice on the bus transport
  const app = await startService(module, { logger: false });
  const ds = app.get(DataSource);
  const dbName = ds.isInitialized
    ? ((ds.options.database as string | undefined) ?? new URL((ds.options as { url: string }).url).pathname.slice(1))
    : null;
  return {
    app,
    ds,
    async stop() {
      await app.close();
      if (dbName) await dropDatabase(env.POSTGRES_URL!, dbName);
      await deleteTestStream(env);
      // the run's keys in the shared Redis go too (each run left its leaderboards behind)
      if (env.BUS_PREFIX && env.REDIS_URL) await deleteRunKeys(env.REDIS_URL, env.BUS_PREFIX);
    },
  };
}

/** The run's JetStream stream lives on the shared NATS: remove it so runs leave nothing behind. */
async function deleteTestStream(env: Record<string, string>): Promise<void> {
  if (!env.BUS_PREFIX) return; // never the real stream
  const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX, name: 'test-cleanup' });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName(env.BUS_PREFIX)).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
