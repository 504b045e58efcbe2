import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dropDatabase } from '@lp/service-kit';

export interface TestService {
  app: INestApplicationContext;
  ds: DataSource;
  /** closes the app and drops its throwaway database */
  stop(): Promise<void>;
}

/** Boots a service module against the real PostgreSQL/NATS/Redis with its test env. */
export async function startTestService(module: DynamicModule, env: Record<string, string>): Promise<TestService> {
  const app = await NestFactory.createApplicationContext(module, { logger: false });
  await app.init();
  const ds = app.get(DataSource);
  const dbName = ds.isInitialized ? (ds.options.database as string | undefined) ?? new URL((ds.options as { url: string }).url).pathname.slice(1) : null;
  return {
    app,
    ds,
    async stop() {
      await app.close();
      if (dbName) await dropDatabase(env.POSTGRES_URL!, dbName);
    },
  };
}
