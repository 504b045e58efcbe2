// Baseline (b): a bare Fastify server doing what GET /api/auth/me costs, without the
// gateway, NATS, Nest or TypeORM:
//   1. the gateway's token check: fast-jwt HS256 verify with the same options as
//      libs/auth TokenService (cache 10,000) and the same claim checks;
//   2. the gateway's revocation check: one Redis MGET of `auth:revoked:sid:<sid>` and
//      `auth:revoked-before:<uid>` (libs/auth revocation.ts);
//   3. identity's reads with pg, through a pool of DB_POOL_SIZE connections (identity's
//      default is 10), selecting every column of the table as TypeORM does while the
//      entity matches the table:
//        `SELECT <users columns> FROM users WHERE id = $1 LIMIT 1`
//      and, when ME_QUERIES=user,memberships (the default when the table exists; what
//      identity's `me` does since its accounts module landed):
//        `SELECT <portal_memberships columns> FROM portal_memberships WHERE user_id = $1
//         ORDER BY is_primary DESC, institution_name ASC`
// and answers the same JSON as identity's `me` handler (404 for an unknown user here;
// identity answers 401 "This account no longer exists").
//
// Env: PORT, HOST, JWT_SECRET, REDIS_URL, POSTGRES_URL, DB_NAME, DB_POOL_SIZE, ME_QUERIES.
// Prints one JSON line {"ready":true,"url":...,"queries":[...]}.
import Fastify from 'fastify';
import { createVerifier } from 'fast-jwt';
import { Redis } from 'ioredis';
import pg from 'pg';

const env = process.env;
const ROLES = ['learner', 'instructor', 'mentor', 'institution', 'admin'];
const poolSize = Number(env.DB_POOL_SIZE ?? 10);

const verify = createVerifier({ key: env.JWT_SECRET, algorithms: ['HS256'], cache: 10_000 });
// the gateway's keys are under the deployment's BUS_PREFIX (libs/auth revocation.ts)
const revocationPrefix = env.BUS_PREFIX ?? '';
const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
const pool = new pg.Pool({
  connectionString: `${(env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/${env.DB_NAME}`,
  max: poolSize,
});

/** The table's columns as they are now (identity's migrations add some over time). */
async function columnsOf(table) {
  const { rows } = await pool.query(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
    [table],
  );
  return rows.map((r) => `"${r.column_name}"`).join(', ');
}

const userCols = await columnsOf('users');
if (!userCols) throw new Error(`no users table in ${env.DB_NAME}`);
const selectUser = `SELECT ${userCols} FROM users WHERE id = $1 LIMIT 1`;
const membershipCols = await columnsOf('portal_memberships');
const wanted = (env.ME_QUERIES ?? 'user,memberships').split(',');
const selectMemberships =
  wanted.includes('memberships') && membershipCols
    ? `SELECT ${membershipCols} FROM portal_memberships WHERE user_id = $1 ORDER BY is_primary DESC, institution_name ASC`
    : null;
const queries = [selectUser, ...(selectMemberships ? [selectMemberships] : [])];

const fail = (reply, status, detail, code) => reply.code(status).send({ detail, code, errors: [] });

const app = Fastify({ logger: false });
app.get('/api/auth/me', async (request, reply) => {
  const header = request.headers.authorization;
  if (!header) return fail(reply, 401, 'Authentication required', 'UNAUTHENTICATED');
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !value) return fail(reply, 401, 'Authentication required', 'UNAUTHENTICATED');
  let claims;
  try {
    claims = verify(value.trim());
  } catch {
    return fail(reply, 401, 'Invalid token', 'UNAUTHENTICATED');
  }
  if (!claims.sub || !claims.sid || !ROLES.includes(claims.role)) return fail(reply, 401, 'Invalid token', 'UNAUTHENTICATED');

  const [sid, before] = await redis.mget(
    `${revocationPrefix}auth:revoked:sid:${claims.sid}`,
    `${revocationPrefix}auth:revoked-before:${claims.sub}`,
  );
  if (sid || (before !== null && before !== undefined && claims.iat <= Number(before))) {
    return fail(reply, 401, 'Your session has ended. Please sign in again.', 'TOKEN_REVOKED');
  }

  const { rows } = await pool.query(selectUser, [claims.sub]);
  const u = rows[0];
  if (!u) return fail(reply, 404, 'User not found', 'NOT_FOUND');
  if (u.status === 'pending_deletion') return fail(reply, 401, 'This account is scheduled for deletion', 'ACCOUNT_PENDING_DELETION');
  const memberships = selectMemberships ? (await pool.query(selectMemberships, [u.id])).rows : [];
  const primary = memberships.find((m) => m.is_primary);
  const current = claims.inst ?? primary?.institution_id ?? null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    institution: primary ? { id: primary.institution_id, name: primary.institution_name, subdomain: primary.subdomain } : null,
    available_portals: memberships.map((m) => ({
      institution_id: m.institution_id,
      name: m.institution_name,
      subdomain: m.subdomain,
      role: m.role,
      is_primary: m.is_primary,
      is_current: m.institution_id === current,
    })),
    profile_image: u.profile_image,
    notification_settings: u.notification_settings,
    two_factor_enabled: u.totp_enabled_at !== null && u.totp_enabled_at !== undefined,
    created_at: u.created_at.toISOString(),
  };
});

await app.listen({ port: Number(env.PORT ?? 0), host: env.HOST ?? '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ ready: true, name: 'baseline-me', url: `http://127.0.0.1:${app.server.address().port}`, poolSize, queries })}\n`,
);

for (const sig of ['SIGTERM', 'SIGINT']) {
  process.once(sig, async () => {
    await app.close();
    redis.disconnect();
    await pool.end().catch(() => undefined);
    process.exit(0);
  });
}
