import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

/**
 * The bus's outbox and inbox, the users read model, and mentoring's first tables: mentor
 * profiles, the weekly schedule (btree_gist lets one exclusion constraint refuse overlapping
 * openings of a mentor's weekday) and time off. Generated from the entities, then gathered here.
 */
export class Initial1795704817006 implements MigrationInterface {
  name = 'Initial1795704817006';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);
    await q.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await q.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL, "name" text NOT NULL, "email" text, "role" text NOT NULL DEFAULT \'learner\', "profile_image" text, "deleted" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "availability_slots" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "mentor_id" uuid NOT NULL, "weekday" smallint NOT NULL, "start_minute" smallint NOT NULL, "end_minute" smallint NOT NULL, CONSTRAINT "availability_slots_minutes_check" CHECK ("start_minute" >= 0 AND "end_minute" <= 1440 AND "start_minute" < "end_minute"), CONSTRAINT "availability_slots_weekday_check" CHECK ("weekday" BETWEEN 0 AND 6), CONSTRAINT "availability_slots_no_overlap" EXCLUDE USING gist ("mentor_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&), CONSTRAINT "PK_70765e8e17c8f6374060d70589a" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "availability_slots_mentor_idx" ON "availability_slots"  ("mentor_id", "weekday", "start_minute") ');
    await q.query(
      'CREATE TABLE "mentor_profiles" ("user_id" uuid NOT NULL, "bio" text NOT NULL DEFAULT \'\', "expertise_areas" text array NOT NULL DEFAULT \'{}\', "hourly_rate_minor" integer NOT NULL, "currency" character varying(3) NOT NULL DEFAULT \'USD\', "experience_years" smallint NOT NULL DEFAULT \'0\', "languages" text array NOT NULL DEFAULT \'{}\', "timezone" character varying(64) NOT NULL DEFAULT \'UTC\', "is_accepting_bookings" boolean NOT NULL DEFAULT true, "is_published" boolean NOT NULL DEFAULT false, "rating_total" integer NOT NULL DEFAULT \'0\', "rating_count" integer NOT NULL DEFAULT \'0\', "total_sessions" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "mentor_profiles_sessions_check" CHECK ("total_sessions" >= 0), CONSTRAINT "mentor_profiles_rating_check" CHECK ("rating_count" >= 0 AND "rating_total" >= "rating_count" AND "rating_total" <= 5 * "rating_count"), CONSTRAINT "mentor_profiles_experience_check" CHECK ("experience_years" >= 0 AND "experience_years" <= 70), CONSTRAINT "mentor_profiles_rate_check" CHECK ("hourly_rate_minor" >= 0), CONSTRAINT "PK_5fa86c14c3a0de91f7253a180bb" PRIMARY KEY ("user_id"))',
    );
    await q.query('CREATE INDEX "mentor_profiles_rate_idx" ON "mentor_profiles"  ("currency", "hourly_rate_minor") ');
    await q.query(
      'CREATE TABLE "time_off" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "mentor_id" uuid NOT NULL, "start_date" date NOT NULL, "end_date" date NOT NULL, "reason" text NOT NULL, "is_recurring" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "time_off_dates_check" CHECK ("end_date" >= "start_date"), CONSTRAINT "PK_e80a790cc96026d0f557a78f83d" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "time_off_mentor_idx" ON "time_off"  ("mentor_id", "start_date") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."time_off_mentor_idx"');
    await q.query('DROP TABLE "time_off"');
    await q.query('DROP INDEX "public"."mentor_profiles_rate_idx"');
    await q.query('DROP TABLE "mentor_profiles"');
    await q.query('DROP INDEX "public"."availability_slots_mentor_idx"');
    await q.query('DROP TABLE "availability_slots"');
    await q.query('DROP TABLE "users"');
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
