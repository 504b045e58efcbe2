// Demo data for `npm start` (and `npm run seed`, which is `node infra/start.mjs --seed-only`).
// Everything goes over the bus to the owning service, through idempotent internal
// subjects (`<service>.seed.*`), so seeding twice changes nothing.
//
// Adding a service's demo data: write `async function seedCatalog(ctx)` below, using
// `ctx.request(subject, body)` and what earlier areas left in `ctx` (ctx.users.<role>.id),
// and add it to `seeders` after the areas it depends on.
import { connect } from '@nats-io/transport-node';

export const DEMO_PASSWORD = 'Password123!';

/** One account per role; the banner of `npm start` prints this list. */
export const demoAccounts = [
  { role: 'learner', email: 'learner@learnhub.local', name: 'Lena Learner', password: DEMO_PASSWORD },
  { role: 'instructor', email: 'instructor@learnhub.local', name: 'Ivan Instructor', password: DEMO_PASSWORD },
  { role: 'mentor', email: 'mentor@learnhub.local', name: 'Mia Mentor', password: DEMO_PASSWORD },
  { role: 'institution', email: 'institution@learnhub.local', name: 'Ada Institution', password: DEMO_PASSWORD },
  { role: 'admin', email: 'admin@learnhub.local', name: 'Adam Admin', password: DEMO_PASSWORD },
];

/** identity: the demo accounts (`identity.seed.ensure-user` answers {id, created}). */
export async function seedIdentity(ctx) {
  for (const a of demoAccounts) {
    const { id, created } = await ctx.request('identity.seed.ensure-user', {
      email: a.email,
      name: a.name,
      password: a.password,
      role: a.role,
    });
    ctx.users[a.role] = { id, email: a.email, name: a.name };
    ctx.log(`identity: ${a.email} (${a.role}) ${created ? 'created' : 'already there'}`);
  }
}

// Later areas (catalog: courses; assessment: quizzes; mentoring: mentors; community:
// groups; institution: an institution) add their function here.

/** In order: an area may use what the ones before it created. */
export const seeders = [{ area: 'identity', run: seedIdentity }];

export class SeedError extends Error {}

/**
 * Runs every seeder against a running stack.
 * @param {{ natsUrl: string, busPrefix?: string, log?: (line: string) => void, timeoutMs?: number }} opts
 */
export async function seed({ natsUrl, busPrefix = '', log = (l) => console.log(`[seed] ${l}`), timeoutMs = 15_000 }) {
  const nc = await connect({ servers: natsUrl.split(','), name: 'lp-seed', timeout: 5000 });
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  /** Request-reply with the bus's reply envelope; retried while the service is not subscribed yet. */
  async function request(subject, body) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      let msg;
      try {
        msg = await nc.request(`${busPrefix}${subject}`, enc.encode(JSON.stringify(body)), { timeout: 10_000 });
      } catch (e) {
        const noResponders = /no responders|503/i.test(String(e?.message)) || e?.code === '503';
        if (noResponders && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        throw new SeedError(`${subject}: ${noResponders ? 'no service answers it (is it running?)' : e.message}`);
      }
      const reply = JSON.parse(dec.decode(msg.data));
      if (reply.ok) return reply.data;
      throw new SeedError(`${subject}: ${reply.status} ${reply.error?.code ?? ''} ${reply.error?.detail ?? JSON.stringify(reply)}`);
    }
  }
  const ctx = { request, users: {}, log, nc };
  try {
    for (const s of seeders) {
      const t = Date.now();
      await s.run(ctx);
      log(`${s.area}: done in ${Date.now() - t} ms`);
    }
  } finally {
    await nc.drain().catch(() => nc.close());
  }
  return ctx;
}
