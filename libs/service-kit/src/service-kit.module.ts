import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Redis } from 'ioredis';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { CallerVerifier, connectBus, EventConsumer, inboxPrefixOf, OutboxRelay, RpcClient, RpcServer } from '@lp/bus';
import { BaseEnvSchema, callerVerifyKey, databaseName, isDevelopmentLike, parseEnv, type BaseEnv } from './config.js';
import { createLogger, type Logger } from './logger.js';
import {
  assertLeastPrivilege,
  assertRuntimeRole,
  asTransactionalDb,
  createDataSource,
  dataSourceOptions,
  ensureDatabase,
  ensureRuntimeRole,
  grantRuntime,
  migrate,
  runtimeRoleOf,
  serviceDatabaseUrl,
  serviceRole,
} from './database.js';
import { ENV, LOGGER, NATS, REDIS, SERVICE_OPTIONS } from './tokens.js';
import { UnitOfWork } from './unit-of-work.js';
import { Clock } from './clock.js';
import { BusBinder } from './bus-binder.js';
import type { ServiceKitOptions } from './service-kit-options.js';

export type { ServiceKitOptions } from './service-kit-options.js';

/**
 * Everything a service needs besides its domain: config, logs, its database
 * (created and migrated on boot), NATS (request-reply and events), Redis, and the
 * binding of @Handles/@OnEvent methods to subjects.
 */
/** Holds the service's settings, its options and its logger (ServiceKitModule.forRoot gives it its providers). */
@Module({})
export class ServiceKitConfigModule {}

/** Where the database is, and whether the kit provisions it (development and tests) or is given it (production). */
interface DatabasePlace {
  adminUrl: string;
  name: string;
  /** the service's own role, made by the kit; undefined in production */
  role: string | undefined;
  /** the role the service works as after migrating, when its tables have row-level security */
  runtimeRole: string | undefined;
  /** production: the runtime role's password (DB_RUNTIME_PASSWORD) */
  runtimePassword: string | undefined;
  log: Logger;
}

function databasePlace(opts: ServiceKitOptions, env: BaseEnv, log: Logger): DatabasePlace {
  return {
    adminUrl: env.POSTGRES_URL,
    name: databaseName(env, opts.service),
    role: isDevelopmentLike(env.NODE_ENV) ? serviceRole(opts.service) : undefined,
    runtimeRole: opts.runtimeRole ? runtimeRoleOf(opts.service) : undefined,
    runtimePassword: env.DB_RUNTIME_PASSWORD,
    log,
  };
}

/** Creates the database and role where the kit provisions them, connects, checks the role's privileges and migrates. */
async function openDatabase(place: DatabasePlace, options: DataSourceOptions): Promise<DataSource> {
  const ds = new DataSource(options);
  if (place.role) await ensureDatabase(place.adminUrl, place.name, place.role);
  await ds.initialize();
  if (!place.role) await assertLeastPrivilege(ds, place.name);
  const ran = await migrate(ds);
  if (ran.length) place.log.info({ migrations: ran }, 'migrations applied');
  if (!place.runtimeRole) return ds;
  return openRuntime(place, options, ds, place.runtimeRole);
}

/** Migrated as the owner: grants the runtime role its privileges, then works as that role. */
async function openRuntime(place: DatabasePlace, options: DataSourceOptions, owner: DataSource, role: string): Promise<DataSource> {
  if (place.role) await ensureRuntimeRole(place.adminUrl, role);
  await grantRuntime(owner, place.name, role);
  await owner.destroy();
  const url = new URL((options as { url: string }).url);
  url.username = role;
  url.password = place.runtimePassword ?? '';
  const ds = new DataSource({ ...options, url: url.toString(), migrations: [] } as DataSourceOptions);
  await ds.initialize();
  await assertRuntimeRole(ds);
  return ds;
}

@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(opts: ServiceKitOptions): DynamicModule {
    const config: Provider[] = [
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
    ];
    // the settings and the logger in a module of their own, so that @nestjs/typeorm's module can be given them
    const configModule: DynamicModule = { module: ServiceKitConfigModule, providers: config, exports: [SERVICE_OPTIONS, ENV, LOGGER] };
    let place: DatabasePlace | undefined;
    const database: DynamicModule | Provider =
      opts.database === false
        ? // an app without a database of its own (the worker) still has the kit's DataSource token, never opened
          {
            provide: DataSource,
            inject: [ENV],
            useFactory: (env: BaseEnv) =>
              createDataSource({
                url: serviceDatabaseUrl(env.POSTGRES_URL, databaseName(env, opts.service)),
                entities: [],
                migrations: [],
                poolSize: 1,
              }),
          }
        : TypeOrmModule.forRootAsync({
            imports: [configModule],
            inject: [ENV, LOGGER],
            useFactory: (env: BaseEnv, log: Logger) => {
              place = databasePlace(opts, env, log);
              const url = serviceDatabaseUrl(env.POSTGRES_URL, place.name, place.role);
              // one attempt: a service that cannot reach its database at boot exits and its supervisor restarts it
              return {
                ...dataSourceOptions({ url, entities: opts.entities, migrations: opts.migrations, poolSize: env.DB_POOL_SIZE }),
                retryAttempts: 1,
              };
            },
            dataSourceFactory: (options) => openDatabase(place!, options!),
          });
    const providers: Provider[] = [
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
      // the time every expiry is computed against, one for the whole service (tests move it)
      Clock,
      BusBinder,
    ];
    const isModule = (d: DynamicModule | Provider): d is DynamicModule => 'module' in d;
    return {
      module: ServiceKitModule,
      imports: [DiscoveryModule, configModule, ...(isModule(database) ? [database] : [])],
      providers: [...(isModule(database) ? [] : [database]), ...providers],
      exports: [
        configModule,
        ...(isModule(database) ? [database] : [DataSource]),
        NATS,
        REDIS,
        RpcServer,
        RpcClient,
        OutboxRelay,
        EventConsumer,
        UnitOfWork,
        Clock,
      ],
    };
  }
}
