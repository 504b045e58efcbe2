import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated from the entities by `npm run migration:generate -- catalog CourseAnnouncements`: course announcements (POST /courses/{id}/announcements), listed per course newest first. */
export class CourseAnnouncements1796186705917 implements MigrationInterface {
  name = 'CourseAnnouncements1796186705917';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "course_announcements" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "course_id" uuid NOT NULL, "title" text NOT NULL, "message" text NOT NULL, "posted_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7ba89099e2a0fd202982817b364" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "course_announcements_course_idx" ON "course_announcements"  ("course_id", "created_at") ');
    await q.query(
      'ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "course_announcements" DROP CONSTRAINT "course_announcements_course_id_fkey"');
    await q.query('DROP INDEX "public"."course_announcements_course_idx"');
    await q.query('DROP TABLE "course_announcements"');
  }
}
