import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded course covers: the storage key of the resized image. */
export class CourseCovers1795693700000 implements MigrationInterface {
  name = 'CourseCovers1795693700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "courses" ADD "cover_key" text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "courses" DROP COLUMN "cover_key"');
  }
}
