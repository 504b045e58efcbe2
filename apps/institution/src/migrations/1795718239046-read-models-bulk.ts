import type { MigrationInterface, QueryRunner } from 'typeorm';
import { tenantTableDown, tenantTableUp } from '../common/tenant-policies.js';

/**
 * The read models of catalog's courses and enrollments (the dashboard, the analytics, the
 * hierarchy's resources) and the bulk CSV imports; generated from the entities by `npm run
 * migration:generate -- institution ReadModelsBulk`, then the tenant policies added by hand:
 * all three are tenant tables.
 */
const TABLES = ['courses', 'enrollments', 'bulk_imports'] as const;

export class ReadModelsBulk1795718239046 implements MigrationInterface {
  name = 'ReadModelsBulk1795718239046';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "courses" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "title" text NOT NULL, "category" text NOT NULL, "price" numeric(10,2) NOT NULL DEFAULT \'0\', "is_published" boolean NOT NULL DEFAULT false, "enrollment_count" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_3f70a487cc718ad8eda4e6d58c9" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "courses_institution_idx" ON "courses"  ("institution_id", "created_at") ');
    await q.query(
      'CREATE TABLE "enrollments" ("id" uuid NOT NULL, "course_id" uuid NOT NULL, "user_id" uuid NOT NULL, "institution_id" uuid NOT NULL, "amount_paid_minor" bigint NOT NULL DEFAULT \'0\', "currency" text NOT NULL DEFAULT \'USD\', "enrolled_at" TIMESTAMP WITH TIME ZONE NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7c0f752f9fb68bf6ed7367ab00f" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "enrollments_course_idx" ON "enrollments"  ("course_id") ');
    await q.query('CREATE INDEX "enrollments_institution_completed_idx" ON "enrollments"  ("institution_id", "completed_at") ');
    await q.query('CREATE INDEX "enrollments_institution_enrolled_idx" ON "enrollments"  ("institution_id", "enrolled_at") ');
    await q.query(
      'CREATE TABLE "bulk_imports" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "course_id" uuid, "created_by" uuid NOT NULL, "status" text NOT NULL DEFAULT \'queued\', "storage_key" text NOT NULL, "file_rows" integer, "processed" integer NOT NULL DEFAULT \'0\', "successful" integer NOT NULL DEFAULT \'0\', "failed" integer NOT NULL DEFAULT \'0\', "unchanged" integer NOT NULL DEFAULT \'0\', "errors" jsonb NOT NULL DEFAULT \'[]\', "batches_counted" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "bulk_imports_status_check" CHECK ("status" IN (\'queued\',\'running\',\'completed\',\'failed\')), CONSTRAINT "PK_315f37bb12f9f11d0bb1ddee5ce" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "bulk_imports_institution_idx" ON "bulk_imports"  ("institution_id", "created_at") ');
    await q.query(
      'ALTER TABLE "courses" ADD CONSTRAINT "courses_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    for (const table of TABLES) for (const sql of tenantTableUp(table)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) for (const sql of tenantTableDown(table)) await q.query(sql);
    await q.query('ALTER TABLE "bulk_imports" DROP CONSTRAINT "bulk_imports_institution_fkey"');
    await q.query('ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_institution_fkey"');
    await q.query('ALTER TABLE "courses" DROP CONSTRAINT "courses_institution_fkey"');
    await q.query('DROP INDEX "public"."bulk_imports_institution_idx"');
    await q.query('DROP TABLE "bulk_imports"');
    await q.query('DROP INDEX "public"."enrollments_institution_enrolled_idx"');
    await q.query('DROP INDEX "public"."enrollments_institution_completed_idx"');
    await q.query('DROP INDEX "public"."enrollments_course_idx"');
    await q.query('DROP TABLE "enrollments"');
    await q.query('DROP INDEX "public"."courses_institution_idx"');
    await q.query('DROP TABLE "courses"');
  }
}
