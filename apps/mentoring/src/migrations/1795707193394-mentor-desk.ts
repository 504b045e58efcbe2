import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The mentor's desk: notes per completed session, a progress record per mentee, resources. Generated from the entities. */
export class MentorDesk1795707193394 implements MigrationInterface {
  name = 'MentorDesk1795707193394';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "mentee_progress" ("mentor_id" uuid NOT NULL, "mentee_id" uuid NOT NULL, "goals" text array NOT NULL DEFAULT \'{}\', "progress_notes" text NOT NULL DEFAULT \'\', "skills_developed" text array NOT NULL DEFAULT \'{}\', "areas_for_improvement" text array NOT NULL DEFAULT \'{}\', "next_milestones" text array NOT NULL DEFAULT \'{}\', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b4a8bbb20109e5153b661bbb50d" PRIMARY KEY ("mentor_id", "mentee_id"))',
    );
    await q.query(
      'CREATE TABLE "resources" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "mentor_id" uuid NOT NULL, "title" text NOT NULL, "description" text NOT NULL DEFAULT \'\', "resource_type" character varying(20) NOT NULL, "url" text, "content" text NOT NULL DEFAULT \'\', "tags" text array NOT NULL DEFAULT \'{}\', "is_public" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "resources_body_check" CHECK ("url" IS NOT NULL OR "content" <> \'\'), CONSTRAINT "resources_type_check" CHECK ("resource_type" IN (\'document\', \'video\', \'tool\', \'template\')), CONSTRAINT "PK_632484ab9dff41bba94f9b7c85e" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "resources_mentor_idx" ON "resources"  ("mentor_id", "created_at") ');
    await q.query(
      'CREATE TABLE "session_notes" ("session_id" uuid NOT NULL, "mentor_id" uuid NOT NULL, "notes" text NOT NULL, "action_items" text array NOT NULL DEFAULT \'{}\', "next_session_goals" text array NOT NULL DEFAULT \'{}\', "mentee_progress" text NOT NULL DEFAULT \'\', "resources_shared" jsonb NOT NULL DEFAULT \'[]\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_192d2c5fd04aa4e5fe56a6c029e" PRIMARY KEY ("session_id"))',
    );
    await q.query('CREATE INDEX "session_notes_mentor_idx" ON "session_notes"  ("mentor_id") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."session_notes_mentor_idx"');
    await q.query('DROP TABLE "session_notes"');
    await q.query('DROP INDEX "public"."resources_mentor_idx"');
    await q.query('DROP TABLE "resources"');
    await q.query('DROP TABLE "mentee_progress"');
  }
}
