import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- gamification Referrals` (only
 * the referral tables kept; other areas' tables come in their own migrations): referral codes
 * and the referrals registered with them (docs/gamification.md, "Referrals").
 */
export class Referrals1795800923484 implements MigrationInterface {
  name = 'Referrals1795800923484';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "referral_codes" ("user_id" uuid NOT NULL, "code" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c369901fa4e5d32ad6bc69a11e0" PRIMARY KEY ("user_id"))',
    );
    await q.query('CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes"  ("code") ');
    await q.query(
      'CREATE TABLE "referrals" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "code" text NOT NULL, "referrer_id" uuid, "referred_id" uuid NOT NULL, "referred_email" text NOT NULL, "referred_email_normalized" text NOT NULL, "status" character varying(20) NOT NULL, "refusal" character varying(30), "reward_claimed" boolean NOT NULL DEFAULT false, "reward_minor" integer NOT NULL DEFAULT \'0\', "completed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "referrals_reward_check" CHECK (reward_minor >= 0), CONSTRAINT "referrals_refusal_check" CHECK (refusal IS NULL OR refusal IN (\'self_referral\', \'same_email\', \'already_referred\', \'monthly_cap\', \'unknown_code\')), CONSTRAINT "referrals_status_check" CHECK (status IN (\'pending\', \'completed\', \'refused\')), CONSTRAINT "PK_ea9980e34f738b6252817326c08" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "referrals_unclaimed_idx" ON "referrals"  ("completed_at") WHERE status = \'completed\' AND reward_minor > 0 AND NOT reward_claimed',
    );
    await q.query('CREATE INDEX "referrals_status_idx" ON "referrals"  ("status", "created_at") ');
    await q.query('CREATE INDEX "referrals_email_idx" ON "referrals"  ("referred_email_normalized") ');
    await q.query('CREATE INDEX "referrals_referrer_idx" ON "referrals"  ("referrer_id", "created_at") ');
    await q.query('CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals"  ("referred_id") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."referrals_referred_key"');
    await q.query('DROP INDEX "public"."referrals_referrer_idx"');
    await q.query('DROP INDEX "public"."referrals_email_idx"');
    await q.query('DROP INDEX "public"."referrals_status_idx"');
    await q.query('DROP INDEX "public"."referrals_unclaimed_idx"');
    await q.query('DROP TABLE "referrals"');
    await q.query('DROP INDEX "public"."referral_codes_code_key"');
    await q.query('DROP TABLE "referral_codes"');
  }
}
