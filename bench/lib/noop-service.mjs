// A do-nothing service for the optional scenario (s) (BENCH_STUB=1): built from the same
// kit piece as every service, libs/bus RpcServer (NATS queue group, headers -> caller,
// zod parse of input and output, JSON reply), answering the existing `identity.auth.me`
// subject with a constant user and `identity.system.health` with ok. No database, no Nest.
// It runs on a BUS_PREFIX of its own with a second, unmodified gateway process, so the
// gateway's real route table is used and nothing is added to libs/contracts.
//
// Env: NATS_URL, BUS_PREFIX. Prints one JSON line {"ready":true}.
import { connectBus, RpcServer } from '@lp/bus';
import { identityRoutes, systemSubjects } from '@lp/contracts';
import { pino } from 'pino';

const prefix = process.env.BUS_PREFIX ?? '';
const nc = await connectBus({ url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', prefix, name: 'bench-noop' });
const server = new RpcServer(nc, prefix, 'identity', pino({ level: 'warn' }));
const createdAt = new Date().toISOString();

server.route(identityRoutes.me, async (_input, ctx) => ({
  id: ctx.caller.userId,
  name: 'Bench User',
  email: 'bench@example.com',
  phone: null,
  role: ctx.caller.role,
  institution: null,
  available_portals: [],
  profile_image: null,
  notification_settings: { email: true, studyReminders: true, assignmentDeadlines: true },
  two_factor_enabled: false,
  created_at: createdAt,
}));
server.raw(systemSubjects.health('identity'), async () => ({ service: 'identity', status: 'ok', db: true, uptime_s: 0 }));

process.stdout.write(`${JSON.stringify({ ready: true, name: 'noop-service' })}\n`);
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.once(sig, async () => {
    await server.drain(1000);
    await nc.drain().catch(() => undefined);
    process.exit(0);
  });
}
