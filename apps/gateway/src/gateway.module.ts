import { PassportModule } from '@nestjs/passport';
import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { NatsConnection } from '@nats-io/transport-node';
import { CallerSigner, connectBus, inboxPrefixOf, RpcClient } from '@lp/bus';
import { DownloadLinks, RevocationStore, TokenService } from '@lp/auth';
import { LocalFileStore } from '@lp/storage';
import { createLogger, ENV, LOGGER, NATS, REDIS } from '@lp/service-kit';
import { callerSigningKey, loadGatewayEnv, type GatewayEnv } from './config/gateway-env.js';
import { RateLimiter } from './routing/rate-limiter.js';
import { GoogleSignInController } from './sign-in/google-sign-in.controller.js';
import { GoogleSignInGuard } from './sign-in/google-sign-in.guard.js';
import { GoogleStrategy } from './sign-in/google.strategy.js';

export const FILE_STORE = Symbol('FILE_STORE');

/** The gateway's collaborators; HTTP routes are registered on Fastify from the contracts (see server.ts). */
@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(
    @Inject(NATS) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  static create(overrides: Record<string, string | undefined> = {}): DynamicModule {
    // the Google strategy exists only with its client id (the guard sends the browser elsewhere without it)
    const google = loadGatewayEnv(overrides).GOOGLE_CLIENT_ID ? [GoogleStrategy] : [];
    return {
      module: GatewayModule,
      imports: [PassportModule],
      controllers: [GoogleSignInController],
      providers: [
        ...google,
        GoogleSignInGuard,
        { provide: ENV, useFactory: () => loadGatewayEnv(overrides) },
        { provide: LOGGER, inject: [ENV], useFactory: (env: GatewayEnv) => createLogger('gateway', env.LOG_LEVEL, env.NODE_ENV) },
        {
          provide: NATS,
          inject: [ENV],
          useFactory: (env: GatewayEnv) =>
            connectBus({
              url: env.NATS_URL,
              prefix: env.BUS_PREFIX,
              name: 'gateway',
              user: env.NATS_USER,
              pass: env.NATS_PASSWORD,
              inboxPrefix: inboxPrefixOf('gateway'),
              tlsCaFile: env.NATS_TLS_CA_FILE,
            }),
        },
        {
          provide: REDIS,
          inject: [ENV],
          useFactory: (env: GatewayEnv) => new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true }),
        },
        {
          provide: RpcClient,
          inject: [NATS, ENV],
          useFactory: (nc: NatsConnection, env: GatewayEnv) =>
            new RpcClient(nc, env.BUS_PREFIX, env.RPC_TIMEOUT_MS, new CallerSigner(callerSigningKey(env))),
        },
        { provide: TokenService, inject: [ENV], useFactory: (env: GatewayEnv) => new TokenService(env.JWT_SECRET) },
        {
          provide: RevocationStore,
          inject: [REDIS, ENV],
          useFactory: (r: Redis, env: GatewayEnv) => new RevocationStore(r, env.BUS_PREFIX),
        },
        { provide: DownloadLinks, inject: [ENV], useFactory: (env: GatewayEnv) => new DownloadLinks(env.JWT_SECRET) },
        {
          provide: RateLimiter,
          inject: [REDIS, ENV],
          useFactory: (r: Redis, env: GatewayEnv) => new RateLimiter(r, env.BUS_PREFIX, env.RATE_LIMIT_SCALE),
        },
        { provide: FILE_STORE, inject: [ENV], useFactory: (env: GatewayEnv) => new LocalFileStore(env.STORAGE_DIR) },
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
    this.redis.disconnect();
  }
}
