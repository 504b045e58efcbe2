import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EntityManager } from 'typeorm';
import type { AccessLevel, AnyRoute, Caller, LevelType, Role, RouteOutput, RouteRequest } from '@lp/contracts';
import { connectBus, ensureEventStream, RpcClient } from '@lp/bus';
import { callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { InstitutionModule } from '../../src/app.module.js';
import { enterSystemScope } from '../../src/common/tenancy.js';

/** A person in institution's users read model, as identity's registration event leaves them. */
export interface U {
  id: string;
  name: string;
  email: string;
  caller: Caller;
}

export interface Made {
  id: string;
  name: string;
  subdomain: string;
  pathIds: string[];
}

/** Institution booted against the real PostgreSQL, NATS and Redis, with a throwaway database and prefix. */
export interface Harness {
  svc: TestService;
  client: RpcClient;
  nc: NatsConnection;
  env: Record<string, string>;
  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>>, who: U | null): Promise<RouteOutput<R>>;
  user(role?: Role, name?: string): Promise<U>;
  /** runs fn in one transaction that sees every row (row-level security's system scope) */
  system<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T>;
  /**
   * an institution made straight in the database (verified unless said otherwise), with `admin`
   * as its admin member at the given access level; under `parent` when given
   */
  institution(
    admin: U | null,
    opts?: {
      name?: string;
      parent?: Made;
      level?: number;
      levelType?: LevelType;
      accessLevel?: AccessLevel;
      status?: 'pending' | 'verified' | 'rejected';
    },
  ): Promise<Made>;
  /** adds `who` as a member of `inst` straight in the database */
  member(inst: Made, who: U, type?: 'student' | 'faculty' | 'admin', accessLevel?: AccessLevel): Promise<string>;
  stop(): Promise<void>;
}

export async function startHarness(extraEnv: Record<string, string> = {}): Promise<Harness> {
  const env = { ...testEnv(), ...extraEnv };
  const svc = await startTestService(InstitutionModule.create(env), env);
  const nc: NatsConnection = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'institution-test' });
  await ensureEventStream(nc, env.BUS_PREFIX!);
  const client = new RpcClient(nc, env.BUS_PREFIX!, 30_000);
  const system = <T>(fn: (tx: EntityManager) => Promise<T>) =>
    svc.ds.transaction(async (tx) => {
      await enterSystemScope(tx);
      return fn(tx);
    });
  const member = async (inst: Made, who: U, type: 'student' | 'faculty' | 'admin' = 'student', accessLevel: AccessLevel = 'standard') => {
    const id = randomUUID();
    const role = type === 'admin' ? 'institution' : type === 'faculty' ? 'instructor' : 'learner';
    await system((tx) =>
      tx.query(
        `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, access_level) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, inst.id, who.id, type, role, accessLevel],
      ),
    );
    return id;
  };
  return {
    svc,
    client,
    nc,
    env,
    system,
    member,
    call: (route, req, who) => callRoute(client, route, req, who?.caller ?? null),
    async user(role: Role = 'learner', name?: string) {
      const id = randomUUID();
      const n = name ?? `${role} ${id.slice(0, 6)}`;
      const email = `${id.slice(0, 8)}@institution.test`;
      await svc.ds.query(`INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4)`, [id, n, email, role]);
      return { id, name: n, email, caller: { userId: id, role, sessionId: randomUUID(), institutionId: null } };
    },
    async institution(admin, opts = {}) {
      const id = randomUUID();
      const name = opts.name ?? `Institution ${id.slice(0, 6)}`;
      const subdomain = `t-${id.slice(0, 12)}`;
      const pathIds = [...(opts.parent?.pathIds ?? []), id];
      const level = opts.level ?? (opts.parent ? pathIds.length : 1);
      await system(async (tx) => {
        await tx.query(
          `INSERT INTO institutions (id, parent_id, path_ids, hierarchy_level, organizational_level, level_type, name, subdomain, verification_status, verified_at, contact_email, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $9 = 'pending' THEN NULL ELSE now() END, $10, $11)`,
          [
            id,
            opts.parent?.id ?? null,
            pathIds,
            pathIds.length - 1,
            level,
            opts.levelType ?? (opts.parent ? 'subsidiary' : 'corporation'),
            name,
            subdomain,
            opts.status ?? 'verified',
            `${subdomain}@institution.test`,
            admin?.id ?? randomUUID(),
          ],
        );
        await tx.query(`INSERT INTO subdomains (subdomain, institution_id, name) VALUES ($1, $2, $3)`, [subdomain, id, name]);
      });
      const made = { id, name, subdomain, pathIds };
      if (admin) await member(made, admin, 'admin', opts.accessLevel ?? 'admin');
      return made;
    },
    async stop() {
      await nc.drain();
      await svc.stop();
    },
  };
}
