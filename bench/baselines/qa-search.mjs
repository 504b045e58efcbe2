// Baseline (h): bare Fastify + pg answering GET /qa/questions?search= on community's own
// database with the very statements community runs (imported from its dist/, so the text is
// the same): full-text ranked, trigram for a term under 3 characters or one full-text search
// does not find, the page with its total. No auth, no bus, no validation, no framework.
// Env: PORT (0 = any), HOST, DATABASE_URL, DB_POOL_SIZE (10). Prints {"ready":true,"url":...}.
import Fastify from 'fastify';
import pg from 'pg';
import {
  QA_FULL_TEXT_MIN_CHARS,
  QA_SEARCH_FULL_TEXT_SQL,
  QA_SEARCH_TRIGRAM_SQL,
} from '../../apps/community/dist/modules/qa/qa-search.sql.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE || 10) });
const app = Fastify({ logger: false });

app.get('/qa/questions', async (req) => {
  const term = String(req.query.search ?? '').trim();
  const user = String(req.query.user ?? '00000000-0000-0000-0000-000000000000');
  const params = (t) => [
    t,
    req.query.category ?? null,
    req.query.post_type ?? null,
    Number(req.query.limit ?? 20),
    Number(req.query.offset ?? 0),
    user,
  ];
  let rows = term.length >= QA_FULL_TEXT_MIN_CHARS ? (await pool.query(QA_SEARCH_FULL_TEXT_SQL, params(term))).rows : [];
  if (!rows.length) rows = (await pool.query(QA_SEARCH_TRIGRAM_SQL, params(term.toLowerCase()))).rows;
  return {
    questions: rows.map(({ total: _total, ...q }) => ({
      ...q,
      created_at: q.created_at.toISOString(),
      updated_at: q.updated_at.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ ready: true, name: 'baseline-qa-search', url: `http://127.0.0.1:${app.server.address().port}` })}\n`,
);
for (const sig of ['SIGTERM', 'SIGINT'])
  process.once(sig, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
