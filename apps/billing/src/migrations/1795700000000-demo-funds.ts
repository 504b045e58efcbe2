import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Demo funds (issue 24): money that came in through the demo checkout is marked in the ledger
 * and never leaves to a real payout rail.
 * - each entry carries the demo part of its amount (`demo_amount`), each person's account the
 *   demo part of its balance (`demo_balance`), moved by the same apply trigger;
 * - CHECK accounts_demo_within_balance: 0 <= demo_balance <= balance. A real payout takes no
 *   demo money from the wallet, so a withdrawal that would need some fails here;
 * - a journal's demo parts sum to zero per currency at commit, like its amounts;
 * - demo money may sit only on people's accounts, the demo clearing accounts (the demo
 *   provider's and the demo payout rail's) and the platform's revenue: a real provider's or
 *   a real payout rail's clearing refuses it.
 * The checkouts keep their payer (only they confirm). Balances held before this migration,
 * in a database where the demo provider ever moved money, count as demo funds: before it,
 * telebirr and M-Pesa always went through the demo checkout.
 */
export class DemoFunds1795700000000 implements MigrationInterface {
  name = 'DemoFunds1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "demo_checkouts" ADD "payer_id" uuid');
    await q.query('ALTER TABLE "ledger_entries" ADD "demo_amount" bigint NOT NULL DEFAULT \'0\'');
    await q.query('ALTER TABLE "accounts" ADD "demo_balance" bigint NOT NULL DEFAULT \'0\'');
    await q.query(`UPDATE accounts SET demo_balance = balance
      WHERE kind IN ('wallet', 'withdrawal_hold') AND EXISTS (SELECT 1 FROM accounts WHERE key LIKE 'provider_clearing:demo:%')`);
    await q.query(
      'ALTER TABLE "accounts" ADD CONSTRAINT "accounts_demo_within_balance" CHECK (demo_balance >= 0 AND demo_balance <= balance)',
    );

    await q.query(`CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE acct_currency char(3); acct_kind text; acct_key text;
      BEGIN
        -- the platform's own accounts are summed from their entries, never kept on one hot row
        UPDATE accounts SET balance = balance + NEW.amount, demo_balance = demo_balance + NEW.demo_amount
          WHERE id = NEW.account_id AND currency = NEW.currency AND kind IN ('wallet', 'withdrawal_hold');
        IF NOT FOUND THEN
          SELECT currency, kind, key INTO acct_currency, acct_kind, acct_key FROM accounts WHERE id = NEW.account_id;
          IF acct_currency IS NULL OR acct_currency <> NEW.currency THEN
            RAISE EXCEPTION 'ledger entry in % on an account in %', NEW.currency, coalesce(acct_currency, 'no currency')
              USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_currency_matches';
          END IF;
          -- demo money never reaches a real provider's or a real payout rail's clearing
          IF NEW.demo_amount <> 0 AND NOT (acct_kind = 'platform_revenue' OR split_part(acct_key, ':', 2) IN ('demo', 'payout_demo')) THEN
            RAISE EXCEPTION 'demo money on %', acct_key USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_demo_only_on_demo_accounts';
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE OR REPLACE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_entries WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0 OR sum(demo_amount) <> 0) THEN
          RAISE EXCEPTION 'ledger journal % does not sum to zero', NEW.journal_id
            USING ERRCODE = '23514', CONSTRAINT = 'ledger_journals_balanced';
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_entries WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0) THEN
          RAISE EXCEPTION 'ledger journal % does not sum to zero', NEW.journal_id
            USING ERRCODE = '23514', CONSTRAINT = 'ledger_journals_balanced';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE acct_currency char(3); acct_kind text;
      BEGIN
        UPDATE accounts SET balance = balance + NEW.amount
          WHERE id = NEW.account_id AND currency = NEW.currency AND kind IN ('wallet', 'withdrawal_hold');
        IF NOT FOUND THEN
          SELECT currency, kind INTO acct_currency, acct_kind FROM accounts WHERE id = NEW.account_id;
          IF acct_currency IS NULL OR acct_currency <> NEW.currency THEN
            RAISE EXCEPTION 'ledger entry in % on an account in %', NEW.currency, coalesce(acct_currency, 'no currency')
              USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_currency_matches';
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query('ALTER TABLE "accounts" DROP CONSTRAINT "accounts_demo_within_balance"');
    await q.query('ALTER TABLE "accounts" DROP COLUMN "demo_balance"');
    await q.query('ALTER TABLE "ledger_entries" DROP COLUMN "demo_amount"');
    await q.query('ALTER TABLE "demo_checkouts" DROP COLUMN "payer_id"');
  }
}
