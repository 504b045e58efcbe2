import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A course has lessons and a lesson has its content items: content items may name their
 * lesson (null: an item of the course as a whole, as every item was before). Existing lessons
 * are numbered 1..n per course in their current order, so earlier defaults (many lessons at 0)
 * stop colliding. Written by hand.
 */
export class LessonStructure1795700000000 implements MigrationInterface {
  name = 'LessonStructure1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "content_items" ADD "lesson_id" uuid');
    await q.query(
      'ALTER TABLE "content_items" ADD CONSTRAINT "content_items_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query('CREATE INDEX "content_items_lesson_idx" ON "content_items" ("lesson_id", "sort_order", "created_at")');
    await q.query(`UPDATE lessons l SET sort_order = r.position
      FROM (SELECT id, row_number() OVER (PARTITION BY course_id ORDER BY sort_order, created_at, id) AS position FROM lessons) r
      WHERE l.id = r.id AND l.sort_order <> r.position`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "content_items_lesson_idx"');
    await q.query('ALTER TABLE "content_items" DROP CONSTRAINT "content_items_lesson_id_fkey"');
    await q.query('ALTER TABLE "content_items" DROP COLUMN "lesson_id"');
  }
}
