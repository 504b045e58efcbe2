import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions: booking holds a mentor's time (exclusion constraints refuse overlapping holding sessions of one mentor, and of one learner), then the lifecycle. Generated from the entities. */
export class Sessions1795706394071 implements MigrationInterface {
  name = 'Sessions1795706394071';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "mentor_id" uuid NOT NULL, "mentee_id" uuid NOT NULL, "title" text NOT NULL, "description" text NOT NULL DEFAULT \'\', "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "duration_minutes" smallint NOT NULL, "status" character varying(20) NOT NULL DEFAULT \'scheduled\', "amount_minor" integer NOT NULL, "currency" character varying(3) NOT NULL, "payment_id" uuid, "meeting_link" text, "hold_expires_at" TIMESTAMP WITH TIME ZONE, "rating" smallint, "review" text, "cancelled_by" character varying(10), "cancel_reason" text, "refunded_minor" integer, "confirmed_at" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, "cancelled_at" TIMESTAMP WITH TIME ZONE, "rated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "sessions_parties_check" CHECK ("mentor_id" <> "mentee_id"), CONSTRAINT "sessions_rating_check" CHECK ("rating" IS NULL OR ("rating" BETWEEN 1 AND 5 AND "status" = \'completed\')), CONSTRAINT "sessions_amount_check" CHECK ("amount_minor" >= 0), CONSTRAINT "sessions_status_check" CHECK ("status" IN (\'scheduled\', \'confirmed\', \'completed\', \'cancelled\', \'no_show\')), CONSTRAINT "sessions_duration_check" CHECK ("duration_minutes" IN (30, 60, 90, 120) AND "ends_at" = "starts_at" + make_interval(mins => "duration_minutes")), CONSTRAINT "sessions_mentee_no_overlap" EXCLUDE USING gist ("mentee_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN (\'scheduled\', \'confirmed\')), CONSTRAINT "sessions_mentor_no_overlap" EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN (\'scheduled\', \'confirmed\')), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "sessions_status_idx" ON "sessions"  ("status", "ends_at") ');
    await q.query('CREATE INDEX "sessions_payment_idx" ON "sessions"  ("payment_id") ');
    await q.query('CREATE INDEX "sessions_mentee_idx" ON "sessions"  ("mentee_id", "starts_at") ');
    await q.query('CREATE INDEX "sessions_mentor_idx" ON "sessions"  ("mentor_id", "starts_at") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."sessions_mentor_idx"');
    await q.query('DROP INDEX "public"."sessions_mentee_idx"');
    await q.query('DROP INDEX "public"."sessions_payment_idx"');
    await q.query('DROP INDEX "public"."sessions_status_idx"');
    await q.query('DROP TABLE "sessions"');
  }
}
