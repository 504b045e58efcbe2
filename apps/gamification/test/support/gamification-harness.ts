import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { z } from 'zod';
import { identityEvents, type AnyRoute, type Caller, type EventDef, type Role, type RouteOutput, type RouteRequest } from '@lp/contracts';
import { connectBus, durableName, encode, ensureEventStream, eventSubject, RpcClient, streamName } from '@lp/bus';
import { callInternal, callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { GamificationModule } from '../../src/app.module.js';

export interface TestUser {
  id: string;
  name: string;
  caller: Caller;
}

/** Gamification booted against the real PostgreSQL, NATS and Redis, with a throwaway database and bus prefix. */
export class GamificationHarness {
  private constructor(
    readonly env: Record<string, string>,
    readonly svc: TestService,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<GamificationHarness> {
    const env = testEnv(extraEnv);
    const svc = await startTestService(GamificationModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'gamification-test' });
    await ensureEventStream(nc, env.BUS_PREFIX!);
    return new GamificationHarness(env, svc, new RpcClient(nc, env.BUS_PREFIX!, 30_000), nc);
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await this.svc.stop();
  }

  get ds() {
    return this.svc.ds;
  }

  /** A route, called as the gateway calls it (the caller signed). */
  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  /** A bus-only subject (libs/contracts `gamificationInternal`). */
  internal<Req extends z.ZodType, Res extends z.ZodType>(
    def: { subject: string; request: Req; response: Res },
    payload: z.input<Req>,
  ): Promise<z.infer<Res>> {
    return callInternal(this.client, def, payload);
  }

  /** An event, as its owning service's outbox relay publishes it; answers its id. */
  async publish<E extends EventDef>(event: E, payload: z.input<E['schema']>): Promise<string> {
    const id = randomUUID();
    await this.deliver(id, event, payload, id);
    return id;
  }

  /**
   * The same event (envelope id `id`) delivered again, as JetStream does after a lost ack or
   * past its 10-minute dedupe window: a fresh message id, so the stream does not drop it and
   * only the consumer's inbox and the ledger's key stand between it and a second award.
   */
  async redeliver<E extends EventDef>(id: string, event: E, payload: z.input<E['schema']>): Promise<void> {
    await this.deliver(id, event, payload, randomUUID());
  }

  private async deliver<E extends EventDef>(id: string, event: E, payload: z.input<E['schema']>, msgID: string): Promise<void> {
    const envelope = { id, name: event.name, occurred_at: new Date().toISOString(), payload };
    await jetstream(this.nc).publish(eventSubject(this.env.BUS_PREFIX!, event.name), encode(envelope), { msgID });
  }

  /** A person gamification knows: identity's registration event published and applied here (the users read model). */
  async user(role: Role = 'learner', name = `${role} ${randomUUID().slice(0, 6)}`): Promise<TestUser> {
    const id = randomUUID();
    await this.publish(identityEvents.userRegistered, {
      v: 1,
      user_id: id,
      email: `${id.slice(0, 8)}@gamification.test`,
      phone: null,
      name,
      role,
      ref: null,
      created_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
    return { id, name, caller: { userId: id, role, sessionId: randomUUID(), institutionId: null } };
  }

  /** The payloads of the events `name` in the outbox, oldest first. */
  async outbox(name: string): Promise<Array<{ payload: Record<string, unknown>; request_id: string }>> {
    return (await this.ds.query('SELECT payload, request_id FROM outbox WHERE name = $1 ORDER BY seq', [name])) as Array<{
      payload: Record<string, unknown>;
      request_id: string;
    }>;
  }

  /**
   * Waits until gamification's consumer of `event` holds nothing: none waiting to be delivered,
   * none delivered and not yet acked (a message is acked once its transaction committed). XP
   * events are applied several transactions at once (common/event-concurrency.ts), so a later
   * event applied says nothing of an earlier one; this does.
   */
  async idle(event: EventDef): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    await this.waitFor(async () => {
      const info = await jsm.consumers.info(streamName(this.env.BUS_PREFIX!), durableName('gamification', event.name));
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
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
