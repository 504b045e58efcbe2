import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The deadline sweep: which due date an assignment's learners were last told of (a moved one is told again), and its index over published due dates. */
export class AssignmentDueNotice1796186585931 implements MigrationInterface {
  name = 'AssignmentDueNotice1796186585931';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "assignments" ADD "due_notice_for" TIMESTAMP WITH TIME ZONE');
    await q.query('CREATE INDEX "assignments_due_idx" ON "assignments"  ("due_date") WHERE is_published');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."assignments_due_idx"');
    await q.query('ALTER TABLE "assignments" DROP COLUMN "due_notice_for"');
  }
}
