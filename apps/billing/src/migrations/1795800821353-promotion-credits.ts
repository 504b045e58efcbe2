import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- billing PromotionCredits`:
 * promotional credits (a referral's reward, asked by gamification) paid from the platform's
 * new `platform_promotions` account, once per caller's key. TypeORM compares checks by name
 * only, so the widened accounts_kind_check is written here by hand.
 */
export class PromotionCredits1795800821353 implements MigrationInterface {
  name = 'PromotionCredits1795800821353';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "accounts" DROP CONSTRAINT "accounts_kind_check"');
    await q.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "accounts_kind_check" CHECK (kind IN ('wallet', 'withdrawal_hold', 'platform_revenue', 'provider_clearing', 'platform_promotions'))`,
    );
    await q.query(
      'CREATE TABLE "promotion_credits" ("idempotency_key" text NOT NULL, "user_id" uuid NOT NULL, "amount_minor" bigint NOT NULL, "currency" character(3) NOT NULL, "reason" character varying(40) NOT NULL, "transaction_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "promotion_credits_currency_check" CHECK (currency IN (\'USD\', \'ETB\', \'EUR\')), CONSTRAINT "promotion_credits_amount_positive" CHECK (amount_minor > 0), CONSTRAINT "PK_528197f37a8e3153065c2b16120" PRIMARY KEY ("idempotency_key"))',
    );
    await q.query('CREATE UNIQUE INDEX "promotion_credits_transaction_key" ON "promotion_credits"  ("transaction_id") ');
    await q.query('CREATE INDEX "promotion_credits_user_idx" ON "promotion_credits"  ("user_id", "created_at") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."promotion_credits_user_idx"');
    await q.query('DROP INDEX "public"."promotion_credits_transaction_key"');
    await q.query('DROP TABLE "promotion_credits"');
    await q.query('ALTER TABLE "accounts" DROP CONSTRAINT "accounts_kind_check"');
    await q.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "accounts_kind_check" CHECK (kind IN ('wallet', 'withdrawal_hold', 'platform_revenue', 'provider_clearing'))`,
    );
  }
}
