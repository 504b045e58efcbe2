// Baseline (e): bare Fastify + pg doing the ledger transaction of a wallet payment on
// billing's own database (its tables, checks and triggers): the payer's payment row, the
// journal, three entries (payer -price, recipient +share, platform +fee; the triggers move the
// balances and refuse an overdraft), the revenue share, the recipient's earning row and the
// outbox event, in one transaction. No auth, no pricing call, no idempotency key, no framework.
// Env: PORT (0 = any), HOST, DATABASE_URL, DB_POOL_SIZE (10). Prints {"ready":true,"url":...}.
import Fastify from 'fastify';
import pg from 'pg';

pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE || 10) });
const app = Fastify({ logger: false });
const accountIds = new Map();

async function accountId(c, key, kind, ownerId) {
  const known = accountIds.get(key);
  if (known) return known;
  const ins = await c.query(
    `INSERT INTO accounts (key, kind, owner_id, currency) VALUES ($1, $2, $3, 'USD') ON CONFLICT DO NOTHING RETURNING id`,
    [key, kind, ownerId],
  );
  if (ins.rows[0]) return ins.rows[0].id;
  const id = (await c.query('SELECT id FROM accounts WHERE key = $1', [key])).rows[0].id;
  accountIds.set(key, id);
  return id;
}

app.post('/pay', async (req, reply) => {
  const { payer, recipient, course, price_minor: price, title } = req.body;
  const fee = Math.floor((price * 2000) / 10_000);
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const t = (
      await c.query(
        `INSERT INTO transactions (user_id, type, direction, status, amount_minor, currency, description, payment_method, item_type, item_id, recipient_id, details, completed_at)
         VALUES ($1, 'payment', 'debit', 'completed', $2, 'USD', $3, 'wallet', 'course', $4, $5, '{"fee_percent":20,"recipient_type":"instructor"}', now()) RETURNING id`,
        [payer, price, `Course: ${title}`, course, recipient],
      )
    ).rows[0].id;
    const legs = [
      [await accountId(c, `wallet:${payer}:USD`, 'wallet', payer), -price],
      [await accountId(c, `wallet:${recipient}:USD`, 'wallet', recipient), price - fee],
      [await accountId(c, 'platform_revenue:USD', 'platform_revenue', null), fee],
    ].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    // demo funds as billing keeps them: the payer's demo money is spent first (read under the
    // lock of both people's accounts, in id order) and goes to the seller's wallet first
    const [payerAcc, sellerAcc] = [legs.find((l) => l[1] === -price)[0], legs.find((l) => l[1] === price - fee)[0]];
    const locked = await c.query('SELECT id, demo_balance FROM accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [
      [payerAcc, sellerAcc].sort(),
    ]);
    const take = Math.min(price, Number(locked.rows.find((r) => r.id === payerAcc).demo_balance));
    const toSeller = Math.min(take, price - fee);
    const demoOf = (id) => (id === payerAcc ? -take : id === sellerAcc ? toSeller : take - toSeller);
    const j = (
      await c.query(`INSERT INTO ledger_journals (kind, transaction_id, description) VALUES ('payment', $1, $2) RETURNING id`, [
        t,
        `Course: ${title}`,
      ])
    ).rows[0].id;
    await c.query(
      `INSERT INTO ledger_entries (journal_id, account_id, currency, amount, demo_amount) VALUES ($1, $2, 'USD', $3, $4), ($1, $5, 'USD', $6, $7), ($1, $8, 'USD', $9, $10)`,
      [
        j,
        legs[0][0],
        legs[0][1],
        demoOf(legs[0][0]),
        legs[1][0],
        legs[1][1],
        demoOf(legs[1][0]),
        legs[2][0],
        legs[2][1],
        demoOf(legs[2][0]),
      ],
    );
    await c.query(
      `INSERT INTO revenue_shares (payment_id, recipient_id, recipient_type, item_type, item_id, description, currency, gross_minor, recipient_minor, fee_minor, fee_percentage)
       VALUES ($1, $2, 'instructor', 'course', $3, $4, 'USD', $5, $6, $7, 20)`,
      [t, recipient, course, `Course: ${title}`, price, price - fee, fee],
    );
    await c.query(
      `INSERT INTO transactions (user_id, type, direction, status, amount_minor, currency, description, item_type, item_id, payment_id, completed_at)
       VALUES ($1, 'earning', 'credit', 'completed', $2, 'USD', $3, 'course', $4, $5, now())`,
      [recipient, price - fee, `Sale: Course: ${title}`, course, t],
    );
    await c.query(
      `INSERT INTO outbox (id, name, payload, request_id, published_at) VALUES (gen_random_uuid(), 'billing.payment.completed', $1, null, now())`,
      [
        JSON.stringify({
          v: 1,
          payment_id: t,
          user_id: payer,
          item_type: 'course',
          item_id: course,
          amount: price / 100,
          amount_minor: price,
          currency: 'USD',
          payment_method: 'wallet',
        }),
      ],
    );
    await c.query('COMMIT');
    return { status: 'completed', transaction_id: t };
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    if (e.constraint === 'accounts_balance_non_negative') return reply.code(422).send({ detail: 'Insufficient balance' });
    throw e;
  } finally {
    c.release();
  }
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ ready: true, name: 'baseline-ledger', url: `http://127.0.0.1:${app.server.address().port}` })}\n`);
for (const sig of ['SIGTERM', 'SIGINT'])
  process.once(sig, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
