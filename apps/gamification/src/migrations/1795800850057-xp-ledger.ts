import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated from the entities by `npm run migration:generate -- gamification XpLedger`; the tables of XP, levels, streaks and badges (the rules and badges themselves are seeded by the next migration). */
export class XpLedger1795800850057 implements MigrationInterface {
  name = 'XpLedger1795800850057';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "activity_days" ("user_id" uuid NOT NULL, "day" date NOT NULL, CONSTRAINT "PK_35dedb6145b9037d0bbda07f331" PRIMARY KEY ("user_id", "day"))',
    );
    await q.query(
      'CREATE TABLE "badge_definitions" ("code" text NOT NULL, "name" text NOT NULL, "description" text NOT NULL, "icon" text NOT NULL, "criteria" jsonb NOT NULL, "active" boolean NOT NULL DEFAULT true, "sort" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_b113e2f3ca39354e79708fb0f33" PRIMARY KEY ("code"))',
    );
    await q.query(
      'CREATE TABLE "user_badges" ("user_id" uuid NOT NULL, "badge_code" text NOT NULL, "earned_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_50954916869024bdacabebeba07" PRIMARY KEY ("user_id", "badge_code"))',
    );
    await q.query('CREATE INDEX "user_badges_badge_idx" ON "user_badges"  ("badge_code") ');
    await q.query(
      'CREATE TABLE "user_stats" ("user_id" uuid NOT NULL, "total_xp" integer NOT NULL DEFAULT \'0\', "level" integer NOT NULL DEFAULT \'1\', "highest_level" integer NOT NULL DEFAULT \'1\', "current_streak" integer NOT NULL DEFAULT \'0\', "longest_streak" integer NOT NULL DEFAULT \'0\', "last_active_day" date, "time_zone" text, "hide_from_leaderboards" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e0da843088caf61925ded4434e" PRIMARY KEY ("user_id"))',
    );
    await q.query(
      'CREATE TABLE "xp_ledger" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "rule_code" text NOT NULL, "xp" integer NOT NULL, "source_event_id" text NOT NULL, "source_key" text NOT NULL, "course_id" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "day" date NOT NULL, "reverses" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "xp_ledger_source_key" UNIQUE ("user_id", "rule_code", "source_event_id"), CONSTRAINT "PK_71b3df250d5723d34caa393645a" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "xp_ledger_occurred_idx" ON "xp_ledger"  ("occurred_at") ');
    await q.query('CREATE INDEX "xp_ledger_user_course_idx" ON "xp_ledger"  ("user_id", "course_id") WHERE "course_id" IS NOT NULL');
    await q.query('CREATE INDEX "xp_ledger_user_source_idx" ON "xp_ledger"  ("user_id", "source_key") ');
    await q.query('CREATE INDEX "xp_ledger_user_rule_day_idx" ON "xp_ledger"  ("user_id", "rule_code", "day") ');
    await q.query('CREATE UNIQUE INDEX "xp_ledger_reverses_key" ON "xp_ledger"  ("reverses") WHERE "reverses" IS NOT NULL');
    await q.query(
      'CREATE TABLE "xp_rules" ("code" text NOT NULL, "event" text NOT NULL, "description" text NOT NULL, "xp" integer NOT NULL, "daily_cap" integer, "reversed_by" text, "counts_as_activity" boolean NOT NULL DEFAULT false, "active" boolean NOT NULL DEFAULT true, CONSTRAINT "xp_rules_cap_check" CHECK ("daily_cap" IS NULL OR "daily_cap" > 0), CONSTRAINT "PK_1d638369f42a12c50155ced15c8" PRIMARY KEY ("code"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "xp_rules"');
    await q.query('DROP INDEX "public"."xp_ledger_reverses_key"');
    await q.query('DROP INDEX "public"."xp_ledger_user_rule_day_idx"');
    await q.query('DROP INDEX "public"."xp_ledger_user_source_idx"');
    await q.query('DROP INDEX "public"."xp_ledger_user_course_idx"');
    await q.query('DROP INDEX "public"."xp_ledger_occurred_idx"');
    await q.query('DROP TABLE "xp_ledger"');
    await q.query('DROP TABLE "user_stats"');
    await q.query('DROP INDEX "public"."user_badges_badge_idx"');
    await q.query('DROP TABLE "user_badges"');
    await q.query('DROP TABLE "badge_definitions"');
    await q.query('DROP TABLE "activity_days"');
  }
}
