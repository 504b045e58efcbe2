// Baseline (c): a bare Fastify server doing what GET /api/courses?search= costs without
// the gateway, NATS, Nest, TypeORM and the RPC layer's zod checks:
//   1. the gateway's token check: fast-jwt HS256 verify with the same options as libs/auth
//      TokenService (cache 10,000) and the same claim checks (as bench/baselines/me.mjs);
//   2. the gateway's revocation check: one Redis MGET of `auth:revoked:sid:<sid>` and
//      `auth:revoked-before:<uid>` (libs/auth revocation.ts);
//   3. the query string read like libs/contracts CourseListQuery (category, level, search,
//      limit 1..100 default 50, offset), by hand;
//   4. THE SAME SQL TEXT as the catalog service for that request: `listStatement()` below
//      is a copy of CoursesRepository.list with its COLUMNS / isoText / DECORATE constants
//      (apps/catalog/src/modules/courses/courses.repository.ts) and of likePattern / Params
//      (apps/catalog/src/common/sql.util.ts). One statement through a pg pool of
//      DB_POOL_SIZE (catalog's default 10), the unnamed extended protocol like TypeORM.
//      infra/bench.mjs checks, at every run, that this text and its parameters are exactly
//      what the built repository (apps/catalog/dist) produces for each measured request;
//   5. the same row mapping as the service: toCourse / toContentItem(full = false) of
//      apps/catalog/src/modules/courses/course.mapper.ts and iso of libs/service-kit's sql.ts
//      (copied below; numeric and bigint arrive as numbers through the same pg type parsers
//      as the kit's pool), so the body is the same JSON (the bench compares it once per URL).
// When the repository or the mapper change, update the copies here (the bench says so).
//
// Env: PORT, HOST, JWT_SECRET, REDIS_URL, POSTGRES_URL, DB_NAME (the run's catalog
// database), DB_POOL_SIZE. Prints one JSON line {"ready":true,"url":...}.
// Imported (not run), it only exports listStatement() for the bench's check.
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------- copied from the catalog service

// apps/catalog/src/common/sql.util.ts
/** Escapes LIKE wildcards in user input and wraps it for a "contains" match. */
const likePattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A timestamp as the API writes it; text already in that form (made by PostgreSQL) passes through. */
const iso = (d) => (typeof d === 'string' && ISO_UTC.test(d) ? d : (d instanceof Date ? d : new Date(d)).toISOString());
class Params {
  values = [];
  add(v) {
    this.values.push(v);
    return this.values.length;
  }
}

// apps/catalog/src/modules/courses/courses.repository.ts
/** The columns a Course is made of (search_text stays in the database). */
const COLUMNS =
  'c.id, c.title, c.description, c.price, c.category, c.level, c.instructor_id, c.institution_id, c.thumbnail, c.cover_key, c.is_published, ' +
  'c.published_at, c.enrollment_count, c.rating_avg, c.rating_count, c.created_at, c.updated_at';

/** A timestamp as the API writes it (2026-01-02T03:04:05.678Z), made by PostgreSQL: no Date parsing in the service. */
const isoText = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DECORATE = `SELECT c.id, c.title, c.description, c.price, c.category, c.level, c.instructor_id, c.institution_id, c.thumbnail, c.cover_key,
    c.is_published, ${isoText('c.published_at')} AS published_at, c.enrollment_count, c.rating_avg, c.rating_count,
    ${isoText('c.created_at')} AS created_at, ${isoText('c.updated_at')} AS updated_at, u.name AS instructor_name,
    (SELECT count(*) FROM lessons l WHERE l.course_id = c.id AND l.is_published) AS lesson_count,
    (SELECT COALESCE(json_agg(json_build_object(
              'id', i.id, 'course_id', i.course_id, 'type', i.type, 'title', i.title, 'text_content', NULL,
              'storage_key', i.storage_key, 'file_name', i.file_name, 'mime_type', i.mime_type, 'file_size', i.file_size,
              'duration_minutes', i.duration_minutes, 'sort_order', i.sort_order, 'lesson_id', i.lesson_id, 'created_at', ${isoText('i.created_at')})
            ORDER BY i.sort_order, i.created_at, i.id), '[]'::json)
       FROM content_items i WHERE i.course_id = c.id) AS content_items
  FROM page c LEFT JOIN users u ON u.id = c.instructor_id`;

/**
 * CoursesRepository.list(f, drafts), as { sql, values }: f = { category?, level?, search?,
 * limit, offset }, drafts = { userId, institutionId } | null (null for every role but
 * instructor and institution, as CoursesService.list decides).
 */
export function listStatement(f, drafts) {
  const p = new Params();
  const filters = [];
  if (f.category) filters.push(`c.category = $${p.add(f.category)}`);
  if (f.level) filters.push(`c.level = $${p.add(f.level)}`);
  if (f.search) filters.push(`c.search_text LIKE lower($${p.add(likePattern(f.search))})`);
  const extra = filters.map((x) => ` AND ${x}`).join('');
  const cut = p.add(f.limit + f.offset);
  const branches = [`(SELECT ${COLUMNS} FROM courses c WHERE c.is_published${extra} ORDER BY c.created_at DESC, c.id DESC LIMIT $${cut})`];
  if (drafts) {
    const own = [`c.instructor_id = $${p.add(drafts.userId)}`];
    if (drafts.institutionId) own.push(`c.institution_id = $${p.add(drafts.institutionId)}`);
    branches.push(
      `(SELECT ${COLUMNS} FROM courses c WHERE NOT c.is_published AND (${own.join(' OR ')})${extra} ORDER BY c.created_at DESC, c.id DESC LIMIT $${cut})`,
    );
  }
  const sql = `WITH page AS (
        SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY created_at DESC, id DESC LIMIT $${p.add(f.limit)} OFFSET $${p.add(f.offset)}
      ) ${DECORATE} ORDER BY c.created_at DESC, c.id DESC`;
  return { sql, values: p.values };
}

// apps/catalog/src/common/names.ts
const UNKNOWN_USER_NAME = 'Unknown user';

// apps/catalog/src/modules/courses/course.mapper.ts, toContentItem(r, false) and toCourse
function toContentItem(r) {
  return {
    id: r.id,
    course_id: r.course_id,
    type: r.type,
    title: r.title,
    url: null,
    content: null,
    duration: r.duration_minutes,
    file_name: r.file_name,
    file_size: r.file_size,
    mime_type: r.mime_type,
    order: r.sort_order,
    lesson_id: r.lesson_id,
    created_at: iso(r.created_at),
  };
}

function toCourse(r) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    price: r.price,
    category: r.category,
    level: r.level,
    instructor_id: r.instructor_id,
    instructor_name: r.instructor_name ?? UNKNOWN_USER_NAME,
    institution_id: r.institution_id,
    thumbnail: r.thumbnail,
    cover_url: r.cover_key
      ? `/api/courses/${r.id}/cover?v=${r.cover_key.slice(r.cover_key.lastIndexOf('/') + 1, r.cover_key.lastIndexOf('.'))}`
      : null,
    is_published: r.is_published,
    enrollment_count: r.enrollment_count,
    rating_avg: r.rating_avg,
    rating_count: r.rating_count,
    lesson_count: r.lesson_count ?? 0,
    content_items: (r.content_items ?? []).map(toContentItem),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

// ---------------------------------------------------------------- the server

// libs/contracts/src/catalog/schemas.ts (BROWSE_CATEGORIES, COURSE_LEVELS, CourseListQuery bounds)
const CATEGORIES = ['programming', 'business', 'design', 'marketing', 'language', 'exam-prep', 'data-science', 'personal-development'];
const LEVELS = ['beginner', 'intermediate', 'advanced'];
const ROLES = ['learner', 'instructor', 'mentor', 'institution', 'admin'];

/** CourseListQuery by hand: undefined for a 400. */
function readQuery(q) {
  const blank = (v) => v === undefined || v === '' || v === null;
  const category = blank(q.category) || q.category === 'all' ? undefined : q.category;
  if (category !== undefined && !CATEGORIES.includes(category)) return undefined;
  const level = blank(q.level) ? undefined : q.level;
  if (level !== undefined && !LEVELS.includes(level)) return undefined;
  let search = blank(q.search) ? undefined : String(q.search).trim();
  if (search === '') search = undefined;
  if (search !== undefined && search.length > 200) return undefined;
  const limit = blank(q.limit) ? 50 : Number(q.limit);
  const offset = blank(q.offset) ? 0 : Number(q.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0 || offset > 1_000_000)
    return undefined;
  return { category, level, search, limit, offset };
}

async function main() {
  const { default: Fastify } = await import('fastify');
  const { createVerifier } = await import('fast-jwt');
  const { Redis } = await import('ioredis');
  const { default: pg } = await import('pg');
  const env = process.env;
  const poolSize = Number(env.DB_POOL_SIZE ?? 10);
  const verify = createVerifier({ key: env.JWT_SECRET, algorithms: ['HS256'], cache: 10_000 });
  // the gateway's keys are under the deployment's BUS_PREFIX (libs/auth revocation.ts)
  const revocationPrefix = env.BUS_PREFIX ?? '';
  const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
  const pool = new pg.Pool({
    connectionString: `${(env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/${env.DB_NAME}`,
    max: poolSize,
    // as libs/service-kit's pgTypeParsers: numeric and bigint (count) as numbers
    types: { getTypeParser: (oid, format) => (oid === 1700 || oid === 20 ? Number : pg.types.getTypeParser(oid, format)) },
  });
  const fail = (reply, status, detail, code) => reply.code(status).send({ detail, code, errors: [] });

  const app = Fastify({ logger: false });
  app.get('/api/courses', async (request, reply) => {
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
    const f = readQuery(request.query ?? {});
    if (!f) return fail(reply, 400, 'Please check the highlighted fields', 'VALIDATION_FAILED');
    // CoursesService.list: instructors and institutions also see their drafts
    const author = claims.role === 'instructor' || claims.role === 'institution';
    const drafts = author ? { userId: claims.sub, institutionId: claims.role === 'institution' ? (claims.inst ?? null) : null } : null;
    const { sql, values } = listStatement(f, drafts);
    const { rows } = await pool.query(sql, values);
    return rows.map(toCourse);
  });

  await app.listen({ port: Number(env.PORT ?? 0), host: env.HOST ?? '127.0.0.1' });
  process.stdout.write(
    `${JSON.stringify({ ready: true, name: 'baseline-courses', url: `http://127.0.0.1:${app.server.address().port}`, poolSize })}\n`,
  );
  for (const sig of ['SIGTERM', 'SIGINT']) {
    process.once(sig, async () => {
      await app.close();
      redis.disconnect();
      await pool.end().catch(() => undefined);
      process.exit(0);
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
