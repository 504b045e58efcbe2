import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { CallerVerifier, connectBus, EventConsumer, inboxPrefixOf, OutboxRelay, RpcClient, RpcServer } from '@lp/bus';
import { BaseEnvSchema, callerVerifyKey, databaseName, isDevelopmentLike, parseEnv, type BaseEnv } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { assertLeastPrivilege, asTransactionalDb, createDataSource, ensureDatabase, migrate, serviceDatabaseUrl, serviceRole } from './database.js';
import { ENV, LOGGER, NATS, REDIS, SERVICE_OPTIONS } from './tokens.js';
import { UnitOfWork } from './unit-of-work.js';
import { BusBinder } from './bus-binder.js';
import type { ServiceKitOptions } from './service-kit-options.js';

export type { ServiceKitOptions } from './service-kit-options.js';


/**
 * Everything a service needs besides its domain: config, logs, its database
 * (created and migrated on boot), NATS (request-reply and events), Redis, and the
 * binding of @Handles/@OnEvent methods to subjects.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(opts: ServiceKitOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: SERVICE_OPTIONS, useValue: opts },
      {
        provide: ENV,
        useFactory: () => {
          const source = { ...process.env, ...opts.env };
          const base = parseEnv(BaseEnvSchema, source);
          return opts.envSchema ? { ...base, ...parseEnv(opts.envSchema, source) } : base;
        },
      },
      { provide: LOGGER, inject: [ENV], useFactory: (env: BaseEnv) => createLogger(opts.service, env.LOG_LEVEL, env.NODE_ENV) },
      {
        provide: DataSource,
        inject: [ENV, LOGGER],
        useFactory: async (env: BaseEnv, log: Logger) => {
          const name = databaseName(env, opts.service);
          // development and tests provision the service's own role from the administrator URL; production is given it
          const role = isDevelopmentLike(env.NODE_ENV) ? serviceRole(opts.service) : undefined;
          const url = serviceDatabaseUrl(env.POSTGRES_URL, name, role);
          const ds = createDataSource({ url, entities: opts.entities, migrations: opts.migrations, poolSize: env.DB_POOL_SIZE });
          if (opts.database === false) return ds;
          if (role) await ensureDatabase(env.POSTGRES_URL, name, role);
          await ds.initialize();
          if (!role) await assertLeastPrivilege(ds, name);
          const ran = await migrate(ds);
          if (ran.length) log.info({ migrations: ran }, 'migrations applied');
          return ds;
        },
      },
      {
        provide: NATS,
        inject: [ENV],
        useFactory: (env: BaseEnv) =>
          connectBus({
            url: env.NATS_URL,
            prefix: env.BUS_PREFIX,
            name: opts.service,
            user: env.NATS_USER,
            pass: env.NATS_PASSWORD,
            inboxPrefix: inboxPrefixOf(opts.service),
            tlsCaFile: env.NATS_TLS_CA_FILE,
          }),
      },
      {
        provide: REDIS,
        inject: [ENV],
        useFactory: (env: BaseEnv) => new Redis(env.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: false }),
      },
      {
        provide: RpcServer,
        inject: [NATS, ENV, LOGGER],
        useFactory: (nc: NatsConnection, env: BaseEnv, log: Logger) =>
          new RpcServer(nc, env.BUS_PREFIX, opts.service, log, new CallerVerifier(callerVerifyKey(env))),
      },
      {
        provide: RpcClient,
        inject: [NATS, ENV],
        useFactory: (nc: NatsConnection, env: BaseEnv) => new RpcClient(nc, env.BUS_PREFIX, env.RPC_TIMEOUT_MS),
      },
      {
        provide: OutboxRelay,
        inject: [NATS, DataSource, ENV, LOGGER],
        useFactory: (nc: NatsConnection, ds: DataSource, env: BaseEnv, log: Logger) =>
          new OutboxRelay(nc, asTransactionalDb(ds), env.BUS_PREFIX, log.child({ component: 'outbox-relay' })),
      },
      {
        provide: EventConsumer,
        inject: [NATS, DataSource, ENV, LOGGER],
        useFactory: (nc: NatsConnection, ds: DataSource, env: BaseEnv, log: Logger) =>
          new EventConsumer(nc, asTransactionalDb(ds), env.BUS_PREFIX, opts.service, log.child({ component: 'events' })),
      },
      UnitOfWork,
      BusBinder,
    ];
    return {
      module: ServiceKitModule,
      imports: [DiscoveryModule],
      providers,
      exports: [ENV, LOGGER, DataSource, NATS, REDIS, RpcServer, RpcClient, OutboxRelay, EventConsumer, UnitOfWork, SERVICE_OPTIONS],
    };
  }
}
