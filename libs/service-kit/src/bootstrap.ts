import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { BusTransport } from './bus-transport.js';

export interface StartOptions {
  /** Nest's own log levels; tests pass false */
  logger?: false | Array<'error' | 'warn' | 'log'>;
  /** stop cleanly on SIGINT/SIGTERM (a process of its own, not a test) */
  shutdownHooks?: boolean;
}

/**
 * Starts a service as a Nest microservice on the bus transport: modules initialised (database
 * migrated, connections open), then listening on its subjects and events.
 */
export async function startService(module: Type<unknown> | DynamicModule, o: StartOptions = {}): Promise<INestMicroservice> {
  const transport = new BusTransport();
  const app = await NestFactory.createMicroservice(module, { strategy: transport, logger: o.logger ?? ['error', 'warn'] });
  if (o.shutdownHooks) app.enableShutdownHooks();
  // no app.init() first: @nestjs/microservices 12.1 would then run every onModuleInit twice
  // (its registerModules does not see that init ran them), opening each queue twice
  transport.serve(app);
  await app.listen();
  return app;
}

/** A service's main: starts it and stops it cleanly on SIGINT/SIGTERM. */
export function bootstrapService(module: Type<unknown> | DynamicModule): Promise<INestMicroservice> {
  return startService(module, { shutdownHooks: true });
}
