// Baseline (f): bare Fastify + pg answering GET /mentors on mentoring's own database with the
// very statement mentoring runs (mentorListQuery, imported from its dist/, so the text is the
// same): the page of published profiles with the count, in the same JSON shape. No auth, no
// bus, no validation, no framework. Env: PORT (0 = any), HOST, DATABASE_URL, DB_POOL_SIZE (10).
import Fastify from 'fastify';
import pg from 'pg';
import { mentorListQuery } from '../../apps/mentoring/dist/modules/mentors/mentor-list.sql.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE || 10) });
const app = Fastify({ logger: false });
const money = (minor, currency) => ({ amount: minor / 100, amount_minor: minor, currency });

app.get('/mentors', async (req) => {
  const q = req.query;
  const query = mentorListQuery({
    search: q.search || undefined,
    expertise: q.expertise || undefined,
    priceBand: q.price_band || undefined,
    currency: q.currency || 'USD',
    limit: Number(q.limit ?? 20),
    offset: Number(q.offset ?? 0),
  });
  const rows = await pool.query(query.sql, query.params);
  const total =
    rows.rows[0]?.total ?? (query.params && Number(q.offset ?? 0) > 0 ? (await pool.query(query.countSql, query.params)).rows[0].n : 0);
  return {
    mentors: rows.rows.map((r) => ({
      user_id: r.user_id,
      name: r.person_name ?? 'Unknown user',
      profile_image: r.person_image,
      bio: r.bio,
      expertise_areas: r.expertise_areas,
      hourly_rate: money(r.hourly_rate_minor, r.currency),
      experience_years: r.experience_years,
      languages: r.languages,
      timezone: r.timezone,
      is_accepting_bookings: r.is_accepting_bookings,
      rating: r.rating_count === 0 ? 0 : Math.round((r.rating_total / r.rating_count) * 10) / 10,
      rating_count: r.rating_count,
      total_sessions: r.total_sessions,
      is_published: r.is_published,
      updated_at: r.updated_at.toISOString(),
    })),
    total,
  };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ ready: true, name: 'baseline-mentors', url: `http://127.0.0.1:${app.server.address().port}` })}\n`,
);
for (const sig of ['SIGTERM', 'SIGINT'])
  process.once(sig, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
