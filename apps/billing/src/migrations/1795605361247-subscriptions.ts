import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pricing plans and subscriptions (one live subscription per user: subscriptions_user_live_key);
 * generated from the entities by `npm run migration:generate -- billing Subscriptions`.
 */
export class Subscriptions1795605361247 implements MigrationInterface {
  name = 'Subscriptions1795605361247';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "pricing_plans" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "user_type" character varying(20) NOT NULL, "price_minor" bigint NOT NULL, "currency" character(3) NOT NULL DEFAULT \'USD\', "billing_cycle" character varying(10) NOT NULL, "description" text NOT NULL DEFAULT \'\', "features" jsonb NOT NULL DEFAULT \'[]\', "max_students" integer, "max_faculty" integer, "max_courses" integer, "max_sessions_per_month" integer, "is_featured" boolean NOT NULL DEFAULT false, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pricing_plans_limits_check" CHECK ((max_students IS NULL OR max_students > 0) AND (max_faculty IS NULL OR max_faculty > 0) AND (max_courses IS NULL OR max_courses > 0) AND (max_sessions_per_month IS NULL OR max_sessions_per_month > 0)), CONSTRAINT "pricing_plans_price_check" CHECK (price_minor >= 0), CONSTRAINT "pricing_plans_currency_check" CHECK (currency IN (\'USD\', \'ETB\', \'EUR\')), CONSTRAINT "pricing_plans_billing_cycle_check" CHECK (billing_cycle IN (\'monthly\', \'yearly\')), CONSTRAINT "pricing_plans_user_type_check" CHECK (user_type IN (\'institution\', \'mentor\', \'instructor\')), CONSTRAINT "PK_57aa9837d4777aafc70ba090fb6" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "pricing_plans_user_type_idx" ON "pricing_plans"  ("user_type", "price_minor") ');
    await q.query(
      'CREATE TABLE "subscriptions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "user_type" character varying(20) NOT NULL, "plan_id" uuid NOT NULL, "status" character varying(20) NOT NULL, "billing_cycle" character varying(10) NOT NULL, "price_minor" bigint NOT NULL, "currency" character(3) NOT NULL DEFAULT \'USD\', "current_period_start" TIMESTAMP WITH TIME ZONE NOT NULL, "current_period_end" TIMESTAMP WITH TIME ZONE NOT NULL, "cancel_at_period_end" boolean NOT NULL DEFAULT false, "grace_until" TIMESTAMP WITH TIME ZONE, "last_payment_id" uuid, "renewal_attempted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "subscriptions_grace_check" CHECK (status <> \'past_due\' OR grace_until IS NOT NULL), CONSTRAINT "subscriptions_period_check" CHECK (current_period_end > current_period_start), CONSTRAINT "subscriptions_price_check" CHECK (price_minor >= 0), CONSTRAINT "subscriptions_currency_check" CHECK (currency IN (\'USD\', \'ETB\', \'EUR\')), CONSTRAINT "subscriptions_billing_cycle_check" CHECK (billing_cycle IN (\'monthly\', \'yearly\')), CONSTRAINT "subscriptions_user_type_check" CHECK (user_type IN (\'institution\', \'mentor\', \'instructor\')), CONSTRAINT "subscriptions_status_check" CHECK (status IN (\'pending\', \'active\', \'past_due\', \'cancelled\', \'expired\')), CONSTRAINT "PK_a87248d73155605cf782be9ee5e" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "subscriptions_grace_idx" ON "subscriptions"  ("grace_until") WHERE status = \'past_due\'');
    await q.query('CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions"  ("current_period_end") WHERE status = \'active\'');
    await q.query('CREATE INDEX "subscriptions_plan_idx" ON "subscriptions"  ("plan_id") ');
    await q.query('CREATE INDEX "subscriptions_user_idx" ON "subscriptions"  ("user_id", "created_at") ');
    await q.query(
      'CREATE UNIQUE INDEX "subscriptions_user_live_key" ON "subscriptions"  ("user_id") WHERE status IN (\'pending\', \'active\', \'past_due\')',
    );
    await q.query(
      'ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_fkey" FOREIGN KEY ("plan_id") REFERENCES "pricing_plans"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_plan_fkey"');
    await q.query('DROP INDEX "public"."subscriptions_user_live_key"');
    await q.query('DROP INDEX "public"."subscriptions_user_idx"');
    await q.query('DROP INDEX "public"."subscriptions_plan_idx"');
    await q.query('DROP INDEX "public"."subscriptions_period_end_idx"');
    await q.query('DROP INDEX "public"."subscriptions_grace_idx"');
    await q.query('DROP TABLE "subscriptions"');
    await q.query('DROP INDEX "public"."pricing_plans_user_type_idx"');
    await q.query('DROP TABLE "pricing_plans"');
  }
}
