import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';

/** Starts a service (no HTTP: it speaks NATS only) and stops it cleanly on SIGINT/SIGTERM. */
export async function bootstrapService(module: Type<unknown> | DynamicModule): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  return app;
}
