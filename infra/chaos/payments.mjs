// The chaos run's payments: learners top up their wallets through the demo provider's hosted
// checkout and buy paid courses from them, each request under an Idempotency-Key and retried
// with the same key when the answer was lost (a 5xx, a timeout, a dropped connection), as a
// careful client does. It runs for the whole load, so billing is killed with payments in
// flight, and so are the parts they pass through (the gateway's NATS, catalog's enrollment).
//
// The books, afterwards:
//   - lost: a top-up or purchase the client was told succeeded that billing does not hold as
//     completed, or a purchase whose enrollment never reached catalog;
//   - doubled: a key answered with two different transactions, a transaction carried out by
//     two journals of its kind, a course charged twice to one learner, or a wallet whose
//     balance is not its completed deposits less its completed payments;
//   - unbalanced: a journal whose entries do not sum to zero, an account whose balance is not
//     the sum of its entries (billing's own invariant query, LedgerRepository.invariantViolations).
import { randomUUID } from 'node:crypto';

const TOP_UP = 6; // dollars a top-up
const PRICES = [1, 2, 2.5];

export function paymentsLoad(ctx, { payers = 2, courses = 40 } = {}) {
  const { api, register, sql, db, retry, answered, isStopping, sleep } = ctx;
  const state = { payers: [], courses: [], keys: new Map(), topUps: [], purchases: [], unsure: 0, refused: {} };
  let running = false;
  let loops = [];

  /** one request under one key until it is answered (not a 5xx, not lost); every answer's transaction is remembered */
  async function keyed(op, path, token, body) {
    const key = `chaos-${randomUUID()}`;
    const seen = new Set();
    state.keys.set(key, seen);
    const r = await retry(
      async () => {
        const res = await api(op, 'POST', path, { token, body, headers: { 'idempotency-key': key } });
        if (res.body?.transaction_id) seen.add(res.body.transaction_id);
        return res;
      },
      answered,
      80,
    );
    return r;
  }

  async function topUp(payer) {
    const started = await keyed('topup', '/wallet/topup', payer.token, { amount: TOP_UP, payment_method: 'telebirr' });
    if (started?.status !== 201)
      return void (state.refused[`topup ${started?.status}`] = (state.refused[`topup ${started?.status}`] ?? 0) + 1);
    const reference = decodeURIComponent(started.body.checkout_url.split('/demo-checkout/')[1]);
    let tries = 0;
    const paid = await retry(
      () => (
        tries++,
        api('checkout-confirm', 'POST', `/demo-checkout/${encodeURIComponent(reference)}`, {
          token: payer.token,
          body: { action: 'confirm' },
        })
      ),
      answered,
      80,
    );
    if (paid?.status === 200 && paid.body.status === 'paid') {
      state.topUps.push({ id: started.body.transaction_id, user: payer.user.id, minor: TOP_UP * 100 });
      payer.model += TOP_UP * 100;
    } else if (paid?.status === 409 && tries > 1) {
      // an earlier confirm went through but its answer was lost: the client cannot tell, billing's history can
      state.unsure++;
    }
  }

  async function buy(payer) {
    const course = state.courses[payer.next];
    if (!course) return false;
    const res = await keyed('buy-course', '/payments/initiate', payer.token, {
      payment_method: 'wallet',
      item_type: 'course',
      item_id: course.id,
    });
    if (res?.status === 200 && res.body.status === 'completed') {
      state.purchases.push({ id: res.body.transaction_id, user: payer.user.id, course: course.id, minor: res.body.amount_minor });
      payer.model -= res.body.amount_minor;
      payer.next++;
    } else {
      const k = `buy ${res?.status} ${res?.body?.code ?? ''}`.trim();
      state.refused[k] = (state.refused[k] ?? 0) + 1;
      // a wallet too short waits for the next top-up; anything else moves on to the next course
      if (res?.body?.code !== 'INSUFFICIENT_BALANCE') payer.next++;
    }
    return true;
  }

  return {
    name: 'payments',
    async setup(instructor) {
      for (let i = 0; i < courses; i++) {
        const res = await api('setup', 'POST', '/courses', {
          token: instructor.token,
          body: {
            title: `Chaos paid course ${i + 1}`,
            description: 'Paid for under fire',
            price: PRICES[i % PRICES.length],
            is_published: true,
          },
        });
        if (res.status !== 201) throw new Error(`could not create a paid course: ${res.status} ${JSON.stringify(res.body)}`);
        state.courses.push(res.body);
      }
      for (let i = 0; i < payers; i++) {
        const p = await register('learner');
        if (!p) throw new Error('could not register a payer');
        state.payers.push({ ...p, model: 0, next: 0 });
      }
    },
    start() {
      running = true;
      loops = state.payers.map(async (payer) => {
        while (running && !isStopping()) {
          await topUp(payer);
          // steady, not flat out: the machine is shared with the rest of the load
          await sleep((await buy(payer)) ? 100 : 300);
        }
      });
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    async books() {
      const b = db('billing');
      const acked = [...state.topUps, ...state.purchases];
      const ids = acked.map((p) => p.id);
      const completed = new Set(
        (await sql(b, "SELECT id::text FROM transactions WHERE id = ANY($1::uuid[]) AND status = 'completed'", [ids])).map((r) => r.id),
      );
      const users = state.payers.map((p) => p.user.id);
      const enrolled = new Set(
        (
          await sql(db('catalog'), 'SELECT course_id::text || user_id::text AS k FROM enrollments WHERE user_id = ANY($1::uuid[])', [users])
        ).map((r) => r.k),
      );
      const [journals] = await sql(
        b,
        `SELECT count(*)::int AS n FROM (SELECT transaction_id, kind FROM ledger_journals
           WHERE transaction_id IS NOT NULL AND kind IN ('deposit', 'payment') GROUP BY 1, 2 HAVING count(*) > 1) d`,
      );
      const [charged] = await sql(
        b,
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM transactions WHERE type = 'payment' AND status = 'completed'
           AND item_type = 'course' GROUP BY user_id, item_id HAVING count(*) > 1) d`,
      );
      const wallets = await sql(
        b,
        `SELECT u.id::text AS user_id, coalesce(a.balance, 0)::bigint AS balance,
                coalesce((SELECT sum(CASE WHEN t.type = 'deposit' THEN t.amount_minor ELSE -t.amount_minor END) FROM transactions t
                   WHERE t.user_id = u.id AND t.status = 'completed' AND t.currency = 'USD' AND t.type IN ('deposit', 'payment')), 0)::bigint AS history
           FROM unnest($1::uuid[]) AS u(id) LEFT JOIN accounts a ON a.key = 'wallet:' || u.id || ':USD'`,
        [users],
      );
      const [badAccounts] = await sql(
        b,
        `SELECT count(*)::int AS n FROM accounts a
           LEFT JOIN (SELECT account_id, sum(amount) AS sum, sum(demo_amount) AS demo FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
          WHERE a.kind IN ('wallet', 'withdrawal_hold') AND (a.balance <> coalesce(s.sum, 0) OR a.balance < 0
             OR a.demo_balance <> coalesce(s.demo, 0) OR a.demo_balance < 0 OR a.demo_balance > a.balance)`,
      );
      const [unbalanced] = await sql(
        b,
        `SELECT count(*)::int AS n FROM (SELECT journal_id FROM ledger_entries GROUP BY journal_id, currency
           HAVING sum(amount) <> 0 OR sum(demo_amount) <> 0) j`,
      );
      const [entries] = await sql(b, 'SELECT count(*)::int AS n, count(DISTINCT journal_id)::int AS journals FROM ledger_entries');
      const model = new Map(state.payers.map((p) => [p.user.id, p.model]));
      return {
        topUps: state.topUps.length,
        purchases: state.purchases.length,
        unsureConfirms: state.unsure,
        refused: state.refused,
        lostPayments: ids.filter((id) => !completed.has(id)).length,
        purchasesNotEnrolled: state.purchases.filter((p) => !enrolled.has(p.course + p.user)).length,
        keysWithTwoAnswers: [...state.keys.values()].filter((s) => s.size > 1).length,
        doubledJournals: journals.n,
        coursesChargedTwice: charged.n,
        walletsOffHistory: wallets.filter((w) => Number(w.balance) !== Number(w.history)).length,
        // more than the client was told is the answer of a lost confirm (counted above as unsure), less is a loss
        walletsBelowAcknowledged: wallets.filter((w) => Number(w.balance) < model.get(w.user_id)).length,
        accountsOffEntries: badAccounts.n,
        unbalancedJournals: unbalanced.n,
        journals: entries.journals,
        entries: entries.n,
      };
    },
    settled: (b) => b.purchasesNotEnrolled === 0,
    lost: (b) => b.lostPayments + b.purchasesNotEnrolled + b.walletsBelowAcknowledged,
    doubled: (b) => b.keysWithTwoAnswers + b.doubledJournals + b.coursesChargedTwice + b.walletsOffHistory,
    checks: (b) => [
      [
        'billing: no payment lost',
        b.lostPayments + b.purchasesNotEnrolled + b.walletsBelowAcknowledged === 0 && b.topUps + b.purchases > 0,
      ],
      ['billing: no payment doubled', b.keysWithTwoAnswers + b.doubledJournals + b.coursesChargedTwice + b.walletsOffHistory === 0],
      ['billing: the ledger balanced', b.accountsOffEntries + b.unbalancedJournals === 0],
    ],
    report: (b, say) => {
      say(
        `payments: ${b.topUps} top-ups and ${b.purchases} course purchases acknowledged (${b.unsureConfirms} confirms whose answer was lost); refused: ${
          Object.entries(b.refused)
            .map(([k, v]) => `${k} x${v}`)
            .join(', ') || 'none'
        }`,
      );
      say(
        `payments lost: ${b.lostPayments} not completed in billing, ${b.purchasesNotEnrolled} purchases not enrolled in catalog, ${b.walletsBelowAcknowledged} wallets below what the client was told`,
      );
      say(
        `payments doubled: keys answered with two transactions ${b.keysWithTwoAnswers}, transactions with two journals ${b.doubledJournals}, courses charged twice ${b.coursesChargedTwice}, wallets off their history ${b.walletsOffHistory}`,
      );
      say(
        `ledger: ${b.journals} journals, ${b.entries} entries; unbalanced journals ${b.unbalancedJournals}, accounts off their entries ${b.accountsOffEntries}`,
      );
    },
  };
}
