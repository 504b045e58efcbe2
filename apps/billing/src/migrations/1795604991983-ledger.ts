import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ledger (accounts, journals, entries), the transactions people see, revenue shares, idempotency keys and webhook receipts; generated from the entities. */
export class Ledger1795604991983 implements MigrationInterface {
  name = 'Ledger1795604991983';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "key" text NOT NULL, "kind" character varying(30) NOT NULL, "owner_id" uuid, "currency" character(3) NOT NULL, "balance" bigint NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "accounts_balance_non_negative" CHECK (kind NOT IN (\'wallet\', \'withdrawal_hold\') OR balance >= 0), CONSTRAINT "accounts_currency_check" CHECK (currency IN (\'USD\', \'ETB\', \'EUR\')), CONSTRAINT "accounts_kind_check" CHECK (kind IN (\'wallet\', \'withdrawal_hold\', \'platform_revenue\', \'provider_clearing\')), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "accounts_owner_idx" ON "accounts"  ("owner_id", "kind") ');
    await q.query('CREATE UNIQUE INDEX "accounts_key_key" ON "accounts"  ("key") ');
    await q.query(
      'CREATE TABLE "ledger_journals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(30) NOT NULL, "transaction_id" uuid, "description" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_29a6f30e8f1cc9f0d184dcdc78e" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "ledger_journals_transaction_idx" ON "ledger_journals"  ("transaction_id") ');
    await q.query(
      'CREATE TABLE "ledger_entries" ("id" BIGSERIAL NOT NULL, "journal_id" uuid NOT NULL, "account_id" uuid NOT NULL, "currency" character(3) NOT NULL, "amount" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ledger_entries_amount_nonzero" CHECK (amount <> 0), CONSTRAINT "PK_6efcb84411d3f08b08450ae75d5" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries"  ("journal_id") ');
    await q.query('CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries"  ("account_id", "id") ');
    await q.query(
      'CREATE TABLE "transactions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "type" character varying(20) NOT NULL, "direction" character varying(10) NOT NULL, "status" character varying(20) NOT NULL, "amount_minor" bigint NOT NULL, "currency" character(3) NOT NULL, "description" text NOT NULL, "payment_method" character varying(20), "provider" character varying(20), "provider_ref" text, "checkout_url" text, "item_type" character varying(20), "item_id" text, "payment_id" uuid, "recipient_id" uuid, "details" jsonb NOT NULL DEFAULT \'{}\', "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "transactions_direction_check" CHECK (direction IN (\'credit\', \'debit\')), CONSTRAINT "transactions_status_check" CHECK (status IN (\'pending\', \'completed\', \'failed\', \'cancelled\', \'expired\', \'refunded\')), CONSTRAINT "transactions_type_check" CHECK (type IN (\'payment\', \'deposit\', \'withdrawal\', \'refund\', \'earning\')), CONSTRAINT "transactions_currency_check" CHECK (currency IN (\'USD\', \'ETB\', \'EUR\')), CONSTRAINT "transactions_amount_positive" CHECK (amount_minor > 0), CONSTRAINT "PK_a219afd8dd77ed80f5a862f1db9" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "transactions_payment_idx" ON "transactions"  ("payment_id") WHERE payment_id IS NOT NULL');
    await q.query('CREATE INDEX "transactions_pending_idx" ON "transactions"  ("expires_at") WHERE status = \'pending\'');
    await q.query('CREATE UNIQUE INDEX "transactions_provider_ref_key" ON "transactions"  ("provider_ref") WHERE provider_ref IS NOT NULL');
    await q.query('CREATE INDEX "transactions_user_idx" ON "transactions"  ("user_id", "created_at") ');
    await q.query(
      'CREATE TABLE "revenue_shares" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "payment_id" uuid NOT NULL, "recipient_id" uuid NOT NULL, "recipient_type" character varying(20) NOT NULL, "item_type" character varying(20) NOT NULL, "item_id" text NOT NULL, "description" text NOT NULL, "currency" character(3) NOT NULL, "gross_minor" bigint NOT NULL, "recipient_minor" bigint NOT NULL, "fee_minor" bigint NOT NULL, "fee_percentage" numeric(5,2) NOT NULL, "reversed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "revenue_shares_recipient_type_check" CHECK (recipient_type IN (\'instructor\', \'mentor\', \'institution\')), CONSTRAINT "revenue_shares_amounts_check" CHECK (recipient_minor >= 0 AND fee_minor >= 0 AND recipient_minor + fee_minor = gross_minor), CONSTRAINT "PK_a7fb93d3a5f93e1d18e07eed7ed" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "revenue_shares_recipient_idx" ON "revenue_shares"  ("recipient_id", "created_at") ');
    await q.query('CREATE UNIQUE INDEX "revenue_shares_payment_key" ON "revenue_shares"  ("payment_id") ');
    await q.query(
      'CREATE TABLE "idempotency_keys" ("user_id" uuid NOT NULL, "scope" text NOT NULL, "key" text NOT NULL, "request_hash" text NOT NULL, "response" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e5a877e0cd296419232cea4e2e" PRIMARY KEY ("user_id", "scope", "key"))',
    );
    await q.query(
      'CREATE TABLE "webhook_receipts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "provider" character varying(20) NOT NULL, "provider_ref" text NOT NULL, "outcome" character varying(20) NOT NULL, "payload" jsonb NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1a8bab60675c961a6c4a654086c" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "webhook_receipts_ref_idx" ON "webhook_receipts"  ("provider", "provider_ref") ');
    await q.query(
      'ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_fkey"');
    await q.query('ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_journal_fkey"');
    await q.query('DROP INDEX "public"."webhook_receipts_ref_idx"');
    await q.query('DROP TABLE "webhook_receipts"');
    await q.query('DROP TABLE "idempotency_keys"');
    await q.query('DROP INDEX "public"."revenue_shares_payment_key"');
    await q.query('DROP INDEX "public"."revenue_shares_recipient_idx"');
    await q.query('DROP TABLE "revenue_shares"');
    await q.query('DROP INDEX "public"."transactions_user_idx"');
    await q.query('DROP INDEX "public"."transactions_provider_ref_key"');
    await q.query('DROP INDEX "public"."transactions_pending_idx"');
    await q.query('DROP INDEX "public"."transactions_payment_idx"');
    await q.query('DROP TABLE "transactions"');
    await q.query('DROP INDEX "public"."ledger_entries_account_idx"');
    await q.query('DROP INDEX "public"."ledger_entries_journal_idx"');
    await q.query('DROP TABLE "ledger_entries"');
    await q.query('DROP INDEX "public"."ledger_journals_transaction_idx"');
    await q.query('DROP TABLE "ledger_journals"');
    await q.query('DROP INDEX "public"."accounts_key_key"');
    await q.query('DROP INDEX "public"."accounts_owner_idx"');
    await q.query('DROP TABLE "accounts"');
  }
}
