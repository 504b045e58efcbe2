import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { z } from 'zod';
import {
  billingInternal,
  catalogInternal,
  identityEvents,
  type AnyRoute,
  type Caller,
  type EventDef,
  type Role,
  type RouteOutput,
  type RouteRequest,
} from '@lp/contracts';
import { connectBus, encode, ensureEventStream, eventSubject, RpcClient } from '@lp/bus';
import { callInternal, callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { BillingModule } from '../../src/app.module.js';
// billing prices courses by asking catalog over the bus: the real catalog runs beside it
import { CatalogModule } from '../../../catalog/src/app.module.js';

export interface TestUser {
  id: string;
  caller: Caller;
}

/** Billing and catalog booted against the real PostgreSQL/NATS/Redis, with a throwaway database each and one bus prefix. */
export class BillingHarness {
  private constructor(
    readonly env: Record<string, string>,
    readonly billing: TestService,
    readonly catalog: TestService,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<BillingHarness> {
    const env = testEnv(extraEnv);
    const catalog = await startTestService(CatalogModule.create(env), env);
    const billing = await startTestService(BillingModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'billing-test' });
    await ensureEventStream(nc, env.BUS_PREFIX!);
    return new BillingHarness(env, billing, catalog, new RpcClient(nc, env.BUS_PREFIX!, 30_000), nc);
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await this.billing.stop();
    await this.catalog.stop();
  }

  get ds() {
    return this.billing.ds;
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

  async publish<E extends EventDef>(event: E, payload: z.input<E['schema']>): Promise<void> {
    const id = randomUUID();
    const envelope = { id, name: event.name, occurred_at: new Date().toISOString(), payload };
    await jetstream(this.nc).publish(eventSubject(this.env.BUS_PREFIX!, event.name), encode(envelope), { msgID: id });
  }

  /** A person known to catalog (identity's registration event applied there). */
  async user(role: Role = 'learner'): Promise<TestUser> {
    const id = randomUUID();
    await this.publish(identityEvents.userRegistered, {
      v: 1,
      user_id: id,
      email: `${id.slice(0, 8)}@billing.test`,
      phone: null,
      name: `${role} ${id.slice(0, 4)}`,
      role,
      ref: null,
      created_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.catalog.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
    return { id, caller: { userId: id, role, sessionId: randomUUID(), institutionId: null } };
  }

  /** A course in catalog, published unless said otherwise. */
  async course(instructor: TestUser, price: number, isPublished = true): Promise<string> {
    const r = await this.internal(catalogInternal.ensureCourse, {
      instructor_id: instructor.id,
      title: `Course ${randomUUID().slice(0, 8)}`,
      description: 'A course for billing tests',
      price,
      category: 'programming',
      level: 'beginner',
      is_published: isPublished,
    });
    return r.id;
  }

  /** Money in a wallet, as the demo data puts it there (a completed demo-provider deposit). */
  async fund(user: TestUser, minor: number, currency: 'USD' | 'ETB' | 'EUR' = 'USD'): Promise<void> {
    await this.internal(billingInternal.seedWallet, {
      user_id: user.id,
      currency,
      deposit_minor: minor,
      description: `Test deposit ${randomUUID()}`,
    });
  }

  async balance(user: TestUser, currency = 'USD'): Promise<number> {
    const rows = (await this.ds.query(`SELECT balance FROM accounts WHERE key = $1`, [`wallet:${user.id}:${currency}`])) as Array<{
      balance: number;
    }>;
    return rows[0]?.balance ?? 0;
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
