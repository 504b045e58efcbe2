// Ceiling (i): the leaderboard route answered by the service kit's own RPC server and nothing
// else. Gamification is stopped; this process serves the route's bus subject with the kit's
// RpcServer (the gateway's signed caller verified, the guard enforced, params and query parsed
// with the route's schemas, the answer checked against its contract and encoded) and a handler
// that returns one real answer, its 100 top rows checked and encoded once as gamification's top
// page is (CheckedJson). No Redis, no PostgreSQL, no ranking: what any route of a kit service
// costs on this bus, the ceiling between the hop (a responder that checks nothing) and the route.
// Env: NATS_URL, BUS_PREFIX, ANSWER_FILE (the JSON answer), NODE_ENV=test (the development
// caller key the bench's stack signs with).
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { CallerVerifier, CheckedJson, RpcServer, connectBus } from '@lp/bus';
import { LeaderboardResponse, gamificationRoutes } from '@lp/contracts';
import { callerVerifyKey } from '@lp/service-kit';

const prefix = process.env.BUS_PREFIX ?? '';
const answer = JSON.parse(readFileSync(process.env.ANSWER_FILE, 'utf8'));
const entries = CheckedJson.of(LeaderboardResponse.shape.entries, answer.entries);
const nc = await connectBus({ url: process.env.NATS_URL || 'nats://127.0.0.1:4222', prefix, name: 'lp-bench-kit-route' });
const server = new RpcServer(nc, prefix, 'bench-kit-route', pino({ level: 'warn' }), new CallerVerifier(callerVerifyKey(process.env)));
server.route(gamificationRoutes.leaderboard, async () => ({ ...answer, entries }));
await nc.flush();
console.log(JSON.stringify({ url: `nats:${prefix}${gamificationRoutes.leaderboard.subject}` }));
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    void nc.drain().finally(() => process.exit(0));
  });
