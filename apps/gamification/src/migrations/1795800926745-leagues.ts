import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly leagues (weeks, cohorts, members) and the institution members read model that
 * portal boards rank within (generated from the entities).
 */
export class Leagues1795800926745 implements MigrationInterface {
  name = 'Leagues1795800926745';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "institution_members" ("institution_id" uuid NOT NULL, "user_id" uuid NOT NULL, "member_id" uuid NOT NULL, "member_type" text NOT NULL, "is_suspended" boolean NOT NULL DEFAULT false, "removed" boolean NOT NULL DEFAULT false, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5a2b9b326dc225259b98f2a09c4" PRIMARY KEY ("institution_id", "user_id"))',
    );
    await q.query('CREATE INDEX "institution_members_user_idx" ON "institution_members"  ("user_id") ');
    await q.query(
      'CREATE TABLE "league_weeks" ("week_start" date NOT NULL, "status" text NOT NULL DEFAULT \'open\', "leagues_closed" integer NOT NULL DEFAULT \'0\', "promoted" integer NOT NULL DEFAULT \'0\', "demoted" integer NOT NULL DEFAULT \'0\', "closed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "league_weeks_status_check" CHECK (status IN (\'open\', \'closed\')), CONSTRAINT "PK_1c43fcb2ae2225bbf1f085029be" PRIMARY KEY ("week_start"))',
    );
    await q.query(
      'CREATE TABLE "leagues" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "week_start" date NOT NULL, "tier" text NOT NULL, "band" integer NOT NULL, "member_count" integer NOT NULL DEFAULT \'0\', "closed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "leagues_tier_check" CHECK (tier IN (\'bronze\', \'silver\', \'gold\', \'platinum\', \'diamond\')), CONSTRAINT "PK_2275e1e3e32e9223298c3a0b514" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "leagues_open_idx" ON "leagues"  ("week_start", "tier", "band", "member_count") ');
    await q.query(
      'CREATE TABLE "league_members" ("week_start" date NOT NULL, "user_id" uuid NOT NULL, "league_id" uuid NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "final_rank" integer, "outcome" text, CONSTRAINT "league_members_outcome_check" CHECK (outcome IS NULL OR outcome IN (\'promoted\', \'stayed\', \'demoted\')), CONSTRAINT "PK_721f532cba4136a1de958735bee" PRIMARY KEY ("week_start", "user_id"))',
    );
    await q.query('CREATE INDEX "league_members_user_idx" ON "league_members"  ("user_id", "week_start") ');
    await q.query('CREATE INDEX "league_members_league_idx" ON "league_members"  ("league_id") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."league_members_league_idx"');
    await q.query('DROP INDEX "public"."league_members_user_idx"');
    await q.query('DROP TABLE "league_members"');
    await q.query('DROP INDEX "public"."leagues_open_idx"');
    await q.query('DROP TABLE "leagues"');
    await q.query('DROP TABLE "league_weeks"');
    await q.query('DROP INDEX "public"."institution_members_user_idx"');
    await q.query('DROP TABLE "institution_members"');
  }
}
