import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { Queue } from 'bullmq';
import type { z } from 'zod';
import {
  identityEvents,
  JOBS,
  type AnyRoute,
  type Caller,
  type EventDef,
  type Role,
  type RouteOutput,
  type RouteRequest,
} from '@lp/contracts';
import { connectBus, encode, ensureEventStream, eventSubject, RpcClient } from '@lp/bus';
import { Clock, ENV, queuePrefix } from '@lp/service-kit';
import { callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { CommunityModule } from '../../src/app.module.js';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  caller: Caller;
}

/** Community booted against the real PostgreSQL/NATS/Redis, with a throwaway database and bus prefix; people arrive as identity's events. */
export class CommunityHarness {
  private constructor(
    readonly env: Record<string, string>,
    readonly svc: TestService,
    readonly client: RpcClient,
    readonly emails: Queue,
    private readonly nc: NatsConnection,
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<CommunityHarness> {
    const env = testEnv(extraEnv);
    const svc = await startTestService(CommunityModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'community-test' });
    await ensureEventStream(nc, env.BUS_PREFIX!);
    const emails = new Queue(JOBS.sendEmail.queue, {
      connection: { url: env.REDIS_URL!, maxRetriesPerRequest: null },
      prefix: queuePrefix(env.BUS_PREFIX!),
    });
    return new CommunityHarness(env, svc, new RpcClient(nc, env.BUS_PREFIX!, 30_000), emails, nc);
  }

  async stop(): Promise<void> {
    await this.emails.obliterate({ force: true }).catch(() => undefined);
    await this.emails.close();
    await this.nc.drain();
    await this.svc.stop();
    await rm(this.env.STORAGE_DIR!, { recursive: true, force: true });
  }

  get ds() {
    return this.svc.ds;
  }

  get clock(): Clock {
    return this.svc.app.get(Clock);
  }

  /** The service's settings object (a test may switch NODE_ENV for one call and back). */
  get serviceEnv(): Record<string, unknown> {
    return this.svc.app.get(ENV);
  }

  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  /** Publishes an event as its owner's relay would; answers the envelope id (the inbox's key). */
  async publish<E extends EventDef>(event: E, payload: z.input<E['schema']>): Promise<string> {
    const id = randomUUID();
    const envelope = { id, name: event.name, occurred_at: new Date().toISOString(), payload };
    await jetstream(this.nc).publish(eventSubject(this.env.BUS_PREFIX!, event.name), encode(envelope), { msgID: id });
    return id;
  }

  /** A person known to community (identity's registration event applied). */
  async user(role: Role = 'learner', name?: string): Promise<TestUser> {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@community.test`;
    const shown = name ?? `${role} ${id.slice(0, 4)}`;
    await this.publish(identityEvents.userRegistered, {
      v: 1,
      user_id: id,
      email,
      phone: null,
      name: shown,
      role,
      ref: null,
      created_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
    return { id, email, name: shown, caller: { userId: id, role, sessionId: randomUUID(), institutionId: null } };
  }

  async outbox(name: string): Promise<Array<{ payload: Record<string, unknown> }>> {
    return (await this.ds.query('SELECT payload FROM outbox WHERE name = $1 ORDER BY seq', [name])) as Array<{
      payload: Record<string, unknown>;
    }>;
  }

  async waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not met in time');
  }
}
