import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { AnyRoute, Caller, Role, RouteOutput, RouteRequest } from '@lp/contracts';
import { connectBus, ensureEventStream, RpcClient } from '@lp/bus';
import { callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { MentoringModule } from '../../src/app.module.js';

/** A start on the booking grid (the half hour) at least `hours` from now, ISO. */
export const slotAt = (hours: number): string =>
  new Date(Math.ceil((Date.now() + hours * 3_600_000) / 1_800_000) * 1_800_000).toISOString();

/** A person in mentoring's users read model, as identity's registration event leaves them. */
export interface U {
  id: string;
  name: string;
  caller: Caller;
}

/** Mentoring booted against the real PostgreSQL, NATS and Redis, with a throwaway database and prefix. */
export interface Harness {
  svc: TestService;
  client: RpcClient;
  env: Record<string, string>;
  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>>, who: U | null): Promise<RouteOutput<R>>;
  user(role?: Role, name?: string): Promise<U>;
  stop(): Promise<void>;
}

export async function startHarness(extraEnv: Record<string, string> = {}): Promise<Harness> {
  const env = { ...testEnv(), ...extraEnv };
  const svc = await startTestService(MentoringModule.create(env), env);
  const nc: NatsConnection = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'mentoring-test' });
  await ensureEventStream(nc, env.BUS_PREFIX!);
  const client = new RpcClient(nc, env.BUS_PREFIX!, 30_000);
  return {
    svc,
    client,
    env,
    call: (route, req, who) => callRoute(client, route, req, who?.caller ?? null),
    async user(role: Role = 'learner', name?: string) {
      const id = randomUUID();
      const n = name ?? `${role} ${id.slice(0, 6)}`;
      await svc.ds.query(`INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4)`, [
        id,
        n,
        `${id.slice(0, 8)}@mentoring.test`,
        role,
      ]);
      return { id, name: n, caller: { userId: id, role, sessionId: randomUUID(), institutionId: null } };
    },
    async stop() {
      await nc.drain();
      await svc.stop();
    },
  };
}
