import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import { identityRoutes, type AnyRoute, type Caller, type RouteOutput, type RouteRequest } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { RevocationStore, TokenService } from '@lp/auth';
import { startTestService, testEnv, type TestService, callInternal, callRoute } from '@lp/testing';
import { IdentityModule } from '../../src/app.module.js';
import { cleanTestRedis } from './redis-cleanup.js';

export interface Registered {
  token: string;
  caller: Caller;
  userId: string;
  email: string;
  password: string;
}

export interface OutboxRow {
  name: string;
  payload: Record<string, unknown>;
  request_id: string | null;
}

/** Identity booted against real PostgreSQL/NATS/Redis with a throwaway database and prefix, plus a client. */
export class IdentityHarness {
  readonly tokens: TokenService;
  readonly revocation: RevocationStore;

  private constructor(
    readonly env: Record<string, string>,
    readonly svc: TestService,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
    readonly redis: Redis,
  ) {
    this.tokens = new TokenService(env.JWT_SECRET!);
    this.revocation = new RevocationStore(redis, env.BUS_PREFIX!);
  }

  static async start(extraEnv: Record<string, string> = {}): Promise<IdentityHarness> {
    const env = testEnv(extraEnv);
    const svc = await startTestService(IdentityModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'test' });
    const redis = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: null });
    return new IdentityHarness(env, svc, new RpcClient(nc, env.BUS_PREFIX!), nc, redis);
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await cleanTestRedis(this.redis, this.env.BUS_PREFIX!).finally(() => this.redis.disconnect());
    await this.svc.stop();
  }

  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  internal<Req extends z.ZodType, Res extends z.ZodType>(
    def: { subject: string; request: Req; response: Res },
    payload: z.input<Req>,
  ): Promise<z.infer<Res>> {
    return callInternal(this.client, def, payload);
  }

  callerOf(token: string): Caller {
    return this.tokens.verify(token).caller;
  }

  issuedAt(token: string): number {
    return this.tokens.verify(token).issuedAt;
  }

  async isRevoked(token: string): Promise<boolean> {
    const v = this.tokens.verify(token);
    return this.revocation.isRevoked(v.caller.userId, v.caller.sessionId, v.issuedAt);
  }

  async register(
    over: Partial<{ name: string; email: string; password: string; role: 'learner' | 'instructor' | 'mentor' | 'institution' }> = {},
  ): Promise<Registered> {
    const email = over.email ?? uniqueEmail();
    const password = over.password ?? 'secret-pass-1';
    const { token, user } = await this.call(identityRoutes.register, {
      body: { name: over.name ?? 'Test User', email, password, role: over.role ?? 'learner' },
    });
    return { token, caller: this.callerOf(token), userId: user.id, email: email.toLowerCase(), password };
  }

  async login(email: string, password: string, totp_code?: string): Promise<string> {
    const { token } = await this.call(identityRoutes.login, { body: { email, password, ...(totp_code ? { totp_code } : {}) } });
    return token;
  }

  async outbox(name: string, userId?: string): Promise<OutboxRow[]> {
    return this.svc.ds.query(
      `SELECT name, payload, request_id FROM outbox WHERE name = $1 AND ($2::text IS NULL OR payload->>'user_id' = $2) ORDER BY seq`,
      [name, userId ?? null],
    );
  }

  get<T>(token: abstract new (...args: never[]) => T): T {
    return this.svc.app.get(token as never) as T;
  }
}

export const uniqueEmail = (): string => `user-${randomUUID().slice(0, 12)}@example.com`;
export const uniquePhone = (): string => `+2519${String(randomInt(10_000_000, 99_999_999))}`;

export { expectAppError } from '@lp/testing';
