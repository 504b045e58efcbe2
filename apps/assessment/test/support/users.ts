import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { identityEvents, type AnyRoute, type Caller, type Role, type RouteOutput, type RouteRequest } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { callRoute } from '@lp/testing';
import type { AssessmentHarness } from './assessment-harness.js';

export interface TestUser {
  caller: Caller;
  id: string;
  name: string;
  email: string;
}

/** A bus client on the harness's run (calls routes as the gateway does) and users known through identity's events. */
export class AssessmentCaller {
  private constructor(
    private readonly h: AssessmentHarness,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
  ) {}

  static async open(h: AssessmentHarness): Promise<AssessmentCaller> {
    const nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'assessment-test-calls' });
    return new AssessmentCaller(h, new RpcClient(nc, h.env.BUS_PREFIX!, 30_000), nc);
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }

  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  /** A user assessment knows by name: identity's registration is published and applied. */
  async user(role: Role = 'learner', name = `${role} ${randomUUID().slice(0, 6)}`): Promise<TestUser> {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@example.test`;
    await this.h.publish(identityEvents.userRegistered, {
      v: 1,
      user_id: id,
      name,
      email,
      phone: null,
      role,
      ref: null,
      created_at: new Date().toISOString(),
    });
    await this.h.waitFor(async () => (await this.h.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
    return { caller: stranger(role, id), id, name, email };
  }
}

/** A caller identity never announced by identity (the read model does not know their name). */
export function stranger(role: Role = 'learner', id: string = randomUUID()): Caller {
  return { userId: id, role, sessionId: randomUUID(), institutionId: null };
}

export { expectAppError } from '@lp/testing';
