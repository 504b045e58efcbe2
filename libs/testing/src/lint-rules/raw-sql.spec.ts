import lp from '../../../../tools/eslint-rules/index.mjs';
import { at, ruleTester } from './rule-tester.js';

const service = at('apps/catalog/src/modules/enrollments/member-enrollment.service.ts');
const rawSql = { messageId: 'rawSql' };

ruleTester().run('lp/raw-sql', lp.rules['raw-sql'], {
  valid: [
    // the places SQL text belongs to
    {
      filename: at('apps/catalog/src/modules/courses/courses.repository.ts'),
      code: "await tx.query('SELECT 1 FROM courses WHERE id = $1', [id]);",
    },
    { filename: at('apps/institution/src/modules/insights/insights.sql.ts'), code: 'await queryRows(db, `SELECT count(*) FROM members`);' },
    {
      filename: at('apps/catalog/src/migrations/1700000000000-init.ts'),
      code: "await queryRunner.query('CREATE TABLE courses (id uuid)');",
    },
    // a reason right above the statement, on one line or running over several
    {
      filename: service,
      code: "// raw-sql: the advisory lock must be taken in this transaction, before the check\nawait tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);",
    },
    {
      filename: service,
      code: '/**\n * Counted in one statement.\n * raw-sql: one atomic UPDATE, so concurrent\n * failures all count\n */\nconst rows = await tx.query(`UPDATE users SET n = n + 1 WHERE id = $1`, [id]);',
    },
    // or right above the call inside a bigger statement
    {
      filename: service,
      code: "await Promise.all([\n  // raw-sql: both rows are locked in one round trip here\n  tx.query('SELECT 1 FROM a FOR UPDATE'),\n]);",
    },
    // not SQL text: a query builder, a query passed in by the caller, a non-const string
    { filename: service, code: "await repo.createQueryBuilder('c').where('c.id = :id', { id }).getOne();" },
    { filename: service, code: 'export const run = (db, sql, params) => db.query(sql, params);' },
    { filename: service, code: "let text = 'SELECT 1';\nawait tx.query(text);" },
    { filename: service, code: "const q = useQuery({ queryKey: ['a'] });\nawait client.query(q);" },
  ],
  invalid: [
    { filename: service, code: "await tx.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [id]);", errors: [rawSql] },
    { filename: service, code: 'return this.ds.query(`DELETE FROM outbox WHERE published_at < now()`);', errors: [rawSql] },
    // a query the file keeps in a constant is still SQL text
    {
      filename: service,
      code: 'const UPSERT = `INSERT INTO course_stats (course_id) VALUES ($1)`;\nawait tx.query(UPSERT, [id]);',
      errors: [rawSql],
    },
    // service-kit's helpers hand their text to .query()
    {
      filename: service,
      code: 'const rows = await queryRows(this.ds.manager, `SELECT id FROM sessions WHERE mentor_id = $1`, [id]);',
      errors: [rawSql],
    },
    { filename: service, code: "const row = await queryOne(tx, 'SELECT 1');", errors: [rawSql] },
    // a reason that says nothing, a comment further up, or one that belongs to the line before
    { filename: service, code: "// raw-sql: ok\nawait tx.query('SELECT 1');", errors: [{ messageId: 'noReason' }] },
    {
      filename: service,
      code: "// raw-sql: the advisory lock must be taken in this transaction\n\nawait tx.query('SELECT 1');",
      errors: [rawSql],
    },
    {
      filename: service,
      code: "await a(); // raw-sql: the advisory lock must be taken in this transaction\nawait tx.query('SELECT 1');",
      errors: [rawSql],
    },
    // a file that only looks like a repository
    {
      filename: at('apps/catalog/src/modules/courses/courses.repository.helpers.ts'),
      code: "await tx.query('SELECT 1');",
      errors: [rawSql],
    },
  ],
});
