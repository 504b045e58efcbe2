import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { identityInternal, type Caller, type Role } from '@lp/contracts';
import { CallerSigner, RpcClient, inboxPrefixOf } from '@lp/bus';
import { DEV_CALLER_KEYS } from '../dev-keys.js';
import { DEMO_PASSWORD, SEED_AREAS, SeedError, type DemoUser, type SeedArea, type SeedContext, type Seeder } from './seed-context.js';

/**
 * Seeds a running development stack with every service's demo data, over the bus: `npm start`
 * and `npm run seed` (infra/start.mjs) call `seed` from this module's compiled file. The services'
 * seed modules are loaded by path from their dist/ (services never import each other), in
 * SEED_AREAS order.
 */

/** The repository root: this file is libs/service-kit/{src,dist}/seed/. */
const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface SeedOptions {
  natsUrl: string;
  busPrefix?: string;
  /** the seed's NATS user (development stacks have one) */
  auth?: { user: string; pass: string } | null;
  /** the stack's caller-signing key, so the services believe the demo users the seed acts for */
  signingKey?: string;
  root?: string;
  storageDir?: string;
  log?: (line: string) => void;
  /** how long a call is asked again while its service is not subscribed yet, or its retry codes come back */
  timeoutMs?: number;
}

export interface SeedResult {
  /** identity's demo accounts, one a role (the start banner prints them) */
  accounts: Array<DemoUser & { role: Role }>;
}

/** A service's compiled seed module: apps/<area>/dist/seed/<area>-demo.js, exporting `seeder`. */
export async function loadSeeder(area: SeedArea, root = defaultRoot): Promise<Seeder> {
  const file = join(root, 'apps', area, 'dist', 'seed', `${area}-demo.js`);
  if (!existsSync(file)) throw new SeedError(`${area}: ${file} is missing (node infra/build.mjs builds it)`);
  const { seeder } = (await import(pathToFileURL(file).href)) as { seeder?: Seeder };
  if (seeder?.area !== area) throw new SeedError(`${area}: ${file} exports no seeder for ${area}`);
  return seeder;
}

export async function seed({
  natsUrl,
  busPrefix = '',
  auth = null,
  signingKey,
  root = defaultRoot,
  storageDir = join(root, '.data', 'storage'),
  log = (line) => console.log(`[seed] ${line}`),
  timeoutMs = 15_000,
}: SeedOptions): Promise<SeedResult> {
  const seeders = await Promise.all(SEED_AREAS.map((area) => loadSeeder(area, root)));
  const nc = await connect({
    servers: natsUrl.split(','),
    name: 'lp-seed',
    timeout: 5000,
    ...(auth ? { ...auth, inboxPrefix: inboxPrefixOf('seed') } : {}),
  });
  // the bus's own client, so the reply format lives in one place
  const rpc = new RpcClient(nc, busPrefix, 10_000, new CallerSigner(signingKey ?? DEV_CALLER_KEYS.privateKey));

  /** Asked again while the service is not subscribed yet (503) and on `retryCodes`, until timeoutMs. */
  async function send<T>(subject: string, body: unknown, caller: Caller | null, retryCodes: readonly string[] = []): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await rpc.request<T>(subject, body, { requestId: `seed-${Date.now()}`, caller });
      } catch (e) {
        const { status, code, detail, message } = e as { status?: number; code?: string; detail?: string; message?: string };
        if ((status === 503 || (code !== undefined && retryCodes.includes(code))) && Date.now() < until) {
          await new Promise((done) => setTimeout(done, 300));
          continue;
        }
        const what = status === 503 ? 'no service answers it (is it running?)' : `${status ?? ''} ${code ?? ''} ${detail ?? message}`;
        throw new SeedError(`${subject}: ${what}`, { status, code });
      }
    }
  }

  const ctx: SeedContext = {
    request: (def, body) => send(def.subject, body, null),
    call: (route, req, caller, opts = {}) =>
      send(
        route.subject,
        { params: req.params ?? {}, query: req.query ?? {}, body: req.body, headers: req.headers ?? {} },
        caller,
        opts.retryCodes,
      ),
    as: (user, role, institutionId = null) => ({ userId: user.id, role, sessionId: `seed-${user.email}`, institutionId }),
    async ensureUser({ email, name, role }) {
      const { id, created } = await ctx.request(identityInternal.ensureUser, { email, name, password: DEMO_PASSWORD, role });
      ctx.people[email] = { id, email, name };
      return { id, email, name, created };
    },
    users: {},
    people: {},
    courses: {},
    storageDir,
    log,
  };
  try {
    for (const s of seeders) {
      const t = Date.now();
      await s.run(ctx);
      log(`${s.area}: done in ${Date.now() - t} ms`);
    }
  } finally {
    await nc.drain().catch(() => nc.close());
  }
  return { accounts: Object.entries(ctx.users).map(([role, user]) => ({ role: role as Role, ...user })) };
}
