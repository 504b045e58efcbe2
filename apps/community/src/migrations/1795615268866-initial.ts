import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

/** Generated from the entities by `npm run migration:generate -- community Initial`; say here why the change was made. */
export class Initial1795615268866 implements MigrationInterface {
  name = 'Initial1795615268866';

  async up(q: QueryRunner): Promise<void> {
    // the outbox and inbox of the bus (community writes and consumes events)
    for (const sql of BUS_TABLES_UP) await q.query(sql);
    await q.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL, "name" text NOT NULL, "email" text, "role" text NOT NULL DEFAULT \'learner\', "profile_image" text, "deleted" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "direct_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "sender_id" uuid NOT NULL, "recipient_id" uuid NOT NULL, "content" text NOT NULL, "context" character varying(200), "read_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "direct_messages_not_self_check" CHECK (sender_id <> recipient_id), CONSTRAINT "PK_8373c1bb93939978ef05ae650d1" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "direct_messages_sender_idx" ON "direct_messages"  ("sender_id", "created_at") ');
    await q.query('CREATE INDEX "direct_messages_recipient_idx" ON "direct_messages"  ("recipient_id", "created_at") ');
    await q.query(
      'CREATE TABLE "study_groups" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(120) NOT NULL, "description" text NOT NULL, "category" character varying(40) NOT NULL, "max_members" integer NOT NULL DEFAULT \'50\', "privacy" character varying(10) NOT NULL DEFAULT \'public\', "creator_id" uuid NOT NULL, "member_count" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "study_groups_privacy_check" CHECK (privacy IN (\'public\', \'private\')), CONSTRAINT "study_groups_member_count_check" CHECK (member_count >= 0 AND member_count <= max_members), CONSTRAINT "study_groups_max_members_check" CHECK (max_members BETWEEN 5 AND 100), CONSTRAINT "PK_d3c236286b727d74553c7a88dc3" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "study_groups_creator_idx" ON "study_groups"  ("creator_id") ');
    await q.query('CREATE INDEX "study_groups_category_idx" ON "study_groups"  ("category", "created_at") ');
    await q.query(
      'CREATE TABLE "group_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "group_id" uuid NOT NULL, "organizer_id" uuid NOT NULL, "title" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT \'\', "date" date NOT NULL, "time" TIME NOT NULL, "meeting_link" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4c93ca2f8941964ca0e58334a27" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "group_events_group_idx" ON "group_events"  ("group_id", "date", "time") ');
    await q.query(
      'CREATE TABLE "group_files" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "group_id" uuid NOT NULL, "uploader_id" uuid NOT NULL, "filename" character varying(1000) NOT NULL, "storage_key" character varying(300) NOT NULL, "content_type" character varying(200) NOT NULL, "size" bigint NOT NULL, "uploaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "group_files_size_check" CHECK (size >= 0), CONSTRAINT "PK_cfc4eadfbed544f239e5315782c" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "group_files_uploader_idx" ON "group_files"  ("uploader_id") ');
    await q.query('CREATE INDEX "group_files_group_idx" ON "group_files"  ("group_id", "uploaded_at") ');
    await q.query(
      'CREATE TABLE "group_forum_posts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "group_id" uuid NOT NULL, "author_id" uuid NOT NULL, "title" character varying(200) NOT NULL, "content" text NOT NULL, "category" character varying(30) NOT NULL DEFAULT \'general\', "post_type" character varying(20) NOT NULL DEFAULT \'discussion\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "group_forum_posts_post_type_check" CHECK (post_type IN (\'discussion\', \'question\')), CONSTRAINT "PK_67b135745487d6e1fda23bdc880" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "group_forum_posts_author_idx" ON "group_forum_posts"  ("author_id") ');
    await q.query('CREATE INDEX "group_forum_posts_group_idx" ON "group_forum_posts"  ("group_id", "created_at") ');
    await q.query(
      'CREATE TABLE "group_invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "group_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "status" character varying(10) NOT NULL DEFAULT \'pending\', "message" text, "invited_by" uuid NOT NULL, "sending" integer NOT NULL DEFAULT \'1\', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "responded_at" TIMESTAMP WITH TIME ZONE, "responded_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "group_invitations_status_check" CHECK (status IN (\'pending\', \'accepted\', \'declined\')), CONSTRAINT "PK_f7d0b290d6079ae9353d794227d" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "group_invitations_email_idx" ON "group_invitations"  ("email") ');
    await q.query(
      'CREATE UNIQUE INDEX "group_invitations_pending_key" ON "group_invitations"  ("group_id", "email") WHERE status = \'pending\'',
    );
    await q.query('CREATE INDEX "group_invitations_group_idx" ON "group_invitations"  ("group_id", "created_at") ');
    await q.query(
      'CREATE TABLE "group_members" ("group_id" uuid NOT NULL, "user_id" uuid NOT NULL, "role" character varying(20) NOT NULL DEFAULT \'member\', "is_suspended" boolean NOT NULL DEFAULT false, "is_test_member" boolean NOT NULL DEFAULT false, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "group_members_creator_not_suspended_check" CHECK (NOT (role = \'creator\' AND is_suspended)), CONSTRAINT "group_members_role_check" CHECK (role IN (\'creator\', \'moderator\', \'member\')), CONSTRAINT "PK_f5939ee0ad233ad35e03f5c65c1" PRIMARY KEY ("group_id", "user_id"))',
    );
    await q.query('CREATE UNIQUE INDEX "group_members_one_creator_key" ON "group_members"  ("group_id") WHERE role = \'creator\'');
    await q.query('CREATE INDEX "group_members_user_idx" ON "group_members"  ("user_id") ');
    await q.query(
      'CREATE TABLE "group_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "group_id" uuid NOT NULL, "author_id" uuid NOT NULL, "content" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f4b396868f303fa38023b61d742" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "group_messages_author_idx" ON "group_messages"  ("author_id") ');
    await q.query('CREATE INDEX "group_messages_group_idx" ON "group_messages"  ("group_id", "created_at") ');
    await q.query(
      'CREATE TABLE "qa_questions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "author_id" uuid NOT NULL, "title" character varying(300) NOT NULL, "content" text NOT NULL, "category" character varying(30) NOT NULL DEFAULT \'general\', "tags" text array NOT NULL DEFAULT \'{}\', "post_type" character varying(20) NOT NULL DEFAULT \'question\', "upvotes" integer NOT NULL DEFAULT \'0\', "answer_count" integer NOT NULL DEFAULT \'0\', "views" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "qa_questions_counters_check" CHECK (upvotes >= 0 AND answer_count >= 0 AND views >= 0), CONSTRAINT "qa_questions_post_type_check" CHECK (post_type IN (\'discussion\', \'question\')), CONSTRAINT "PK_c9296edfe55d68b00bf87f5c587" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "qa_questions_author_idx" ON "qa_questions"  ("author_id") ');
    await q.query('CREATE INDEX "qa_questions_category_idx" ON "qa_questions"  ("category", "created_at") ');
    await q.query(
      'CREATE TABLE "qa_answers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "question_id" uuid NOT NULL, "author_id" uuid NOT NULL, "content" text NOT NULL, "upvotes" integer NOT NULL DEFAULT \'0\', "is_accepted" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "qa_answers_upvotes_check" CHECK (upvotes >= 0), CONSTRAINT "PK_7d04d12bdac084fe428c6c3186f" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "qa_answers_one_accepted_key" ON "qa_answers"  ("question_id") WHERE is_accepted');
    await q.query('CREATE INDEX "qa_answers_author_idx" ON "qa_answers"  ("author_id") ');
    await q.query('CREATE INDEX "qa_answers_question_idx" ON "qa_answers"  ("question_id", "created_at") ');
    await q.query(
      'CREATE TABLE "qa_question_votes" ("question_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ceb224cfcce860c4111fdb5b932" PRIMARY KEY ("question_id", "user_id"))',
    );
    await q.query('CREATE INDEX "qa_question_votes_user_idx" ON "qa_question_votes"  ("user_id") ');
    await q.query(
      'CREATE TABLE "qa_answer_votes" ("answer_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_81b81422454d9dc57a9c5c827b8" PRIMARY KEY ("answer_id", "user_id"))',
    );
    await q.query('CREATE INDEX "qa_answer_votes_user_idx" ON "qa_answer_votes"  ("user_id") ');
    await q.query(
      'CREATE TABLE "qa_question_views" ("question_id" uuid NOT NULL, "user_id" uuid NOT NULL, "viewed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a41fd8c1f27e5d93eda61f1347" PRIMARY KEY ("question_id", "user_id"))',
    );
    await q.query(
      'ALTER TABLE "group_events" ADD CONSTRAINT "group_events_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "group_files" ADD CONSTRAINT "group_files_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "group_forum_posts" ADD CONSTRAINT "group_forum_posts_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_question_fk" FOREIGN KEY ("question_id") REFERENCES "qa_questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "qa_question_votes" ADD CONSTRAINT "qa_question_votes_question_fk" FOREIGN KEY ("question_id") REFERENCES "qa_questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "qa_answer_votes" ADD CONSTRAINT "qa_answer_votes_answer_fk" FOREIGN KEY ("answer_id") REFERENCES "qa_answers"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "qa_question_views" ADD CONSTRAINT "qa_question_views_question_fk" FOREIGN KEY ("question_id") REFERENCES "qa_questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "qa_question_views" DROP CONSTRAINT "qa_question_views_question_fk"');
    await q.query('ALTER TABLE "qa_answer_votes" DROP CONSTRAINT "qa_answer_votes_answer_fk"');
    await q.query('ALTER TABLE "qa_question_votes" DROP CONSTRAINT "qa_question_votes_question_fk"');
    await q.query('ALTER TABLE "qa_answers" DROP CONSTRAINT "qa_answers_question_fk"');
    await q.query('ALTER TABLE "group_messages" DROP CONSTRAINT "group_messages_group_fk"');
    await q.query('ALTER TABLE "group_members" DROP CONSTRAINT "group_members_group_fk"');
    await q.query('ALTER TABLE "group_invitations" DROP CONSTRAINT "group_invitations_group_fk"');
    await q.query('ALTER TABLE "group_forum_posts" DROP CONSTRAINT "group_forum_posts_group_fk"');
    await q.query('ALTER TABLE "group_files" DROP CONSTRAINT "group_files_group_fk"');
    await q.query('ALTER TABLE "group_events" DROP CONSTRAINT "group_events_group_fk"');
    await q.query('DROP TABLE "qa_question_views"');
    await q.query('DROP INDEX "public"."qa_answer_votes_user_idx"');
    await q.query('DROP TABLE "qa_answer_votes"');
    await q.query('DROP INDEX "public"."qa_question_votes_user_idx"');
    await q.query('DROP TABLE "qa_question_votes"');
    await q.query('DROP INDEX "public"."qa_answers_question_idx"');
    await q.query('DROP INDEX "public"."qa_answers_author_idx"');
    await q.query('DROP INDEX "public"."qa_answers_one_accepted_key"');
    await q.query('DROP TABLE "qa_answers"');
    await q.query('DROP INDEX "public"."qa_questions_category_idx"');
    await q.query('DROP INDEX "public"."qa_questions_author_idx"');
    await q.query('DROP TABLE "qa_questions"');
    await q.query('DROP INDEX "public"."group_messages_group_idx"');
    await q.query('DROP INDEX "public"."group_messages_author_idx"');
    await q.query('DROP TABLE "group_messages"');
    await q.query('DROP INDEX "public"."group_members_user_idx"');
    await q.query('DROP INDEX "public"."group_members_one_creator_key"');
    await q.query('DROP TABLE "group_members"');
    await q.query('DROP INDEX "public"."group_invitations_group_idx"');
    await q.query('DROP INDEX "public"."group_invitations_pending_key"');
    await q.query('DROP INDEX "public"."group_invitations_email_idx"');
    await q.query('DROP TABLE "group_invitations"');
    await q.query('DROP INDEX "public"."group_forum_posts_group_idx"');
    await q.query('DROP INDEX "public"."group_forum_posts_author_idx"');
    await q.query('DROP TABLE "group_forum_posts"');
    await q.query('DROP INDEX "public"."group_files_group_idx"');
    await q.query('DROP INDEX "public"."group_files_uploader_idx"');
    await q.query('DROP TABLE "group_files"');
    await q.query('DROP INDEX "public"."group_events_group_idx"');
    await q.query('DROP TABLE "group_events"');
    await q.query('DROP INDEX "public"."study_groups_category_idx"');
    await q.query('DROP INDEX "public"."study_groups_creator_idx"');
    await q.query('DROP TABLE "study_groups"');
    await q.query('DROP INDEX "public"."direct_messages_recipient_idx"');
    await q.query('DROP INDEX "public"."direct_messages_sender_idx"');
    await q.query('DROP TABLE "direct_messages"');
    await q.query('DROP TABLE "users"');
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
