import type { MigrationInterface, QueryRunner } from 'typeorm';
import { tenantTableDown, tenantTableUp } from '../common/tenant-policies.js';

/**
 * Courses assigned to subsidiaries (assign-resources and the content cascade): generated from
 * the entity by `npm run migration:generate -- institution CourseAssignments`, then by hand its
 * tenant policy (a row belongs to the subsidiary it assigns to).
 */
export class CourseAssignments1795718280450 implements MigrationInterface {
  name = 'CourseAssignments1795718280450';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "course_assignments" ("institution_id" uuid NOT NULL, "course_id" uuid NOT NULL, "assigned_by" uuid, "assigned_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "course_assignments_pkey" PRIMARY KEY ("institution_id", "course_id"))',
    );
    await q.query('CREATE INDEX "course_assignments_course_idx" ON "course_assignments"  ("course_id") ');
    await q.query(
      'ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    for (const sql of tenantTableUp('course_assignments')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of tenantTableDown('course_assignments')) await q.query(sql);
    await q.query('ALTER TABLE "course_assignments" DROP CONSTRAINT "course_assignments_institution_fkey"');
    await q.query('DROP INDEX "public"."course_assignments_course_idx"');
    await q.query('DROP TABLE "course_assignments"');
  }
}
