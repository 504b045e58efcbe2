import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's rules, held by the database itself (what an entity cannot describe):
 * - an entry moves its account's balance as it is inserted, on the account row, so concurrent
 *   movements of one wallet queue on its row lock and the CHECK accounts_balance_non_negative
 *   sees every one of them: no wallet is overdrawn, however many requests race;
 * - an entry must be in its account's currency: nothing converts silently;
 * - a journal's entries sum to zero per currency, checked at commit (deferred);
 * - journals and entries are never updated nor deleted.
 */
export class LedgerRules1795604991984 implements MigrationInterface {
  name = 'LedgerRules1795604991984';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE acct_currency char(3); acct_kind text;
      BEGIN
        -- the platform's own accounts are summed from their entries, never kept on one hot row
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
    await q.query(`CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry()`);

    await q.query(`CREATE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_entries WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0) THEN
          RAISE EXCEPTION 'ledger journal % does not sum to zero', NEW.journal_id
            USING ERRCODE = '23514', CONSTRAINT = 'ledger_journals_balanced';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_journal_balanced()`);

    await q.query(`CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME USING ERRCODE = '55000';
      END $$`);
    for (const table of ['ledger_entries', 'ledger_journals'])
      await q.query(`CREATE TRIGGER ${table}_immutable BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ledger_immutable()`);
    await q.query(`CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER ledger_entries_no_truncate ON ledger_entries');
    for (const table of ['ledger_entries', 'ledger_journals']) await q.query(`DROP TRIGGER ${table}_immutable ON ${table}`);
    await q.query('DROP FUNCTION ledger_immutable()');
    await q.query('DROP TRIGGER ledger_entries_balanced ON ledger_entries');
    await q.query('DROP FUNCTION ledger_journal_balanced()');
    await q.query('DROP TRIGGER ledger_entries_apply ON ledger_entries');
    await q.query('DROP FUNCTION ledger_apply_entry()');
  }
}
