import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- gamification StudyReminders`: the
 * hour of each learner's daily study reminder (null: the default) and the date of the last one.
 */
export class StudyReminders1796163537585 implements MigrationInterface {
  name = 'StudyReminders1796163537585';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "user_stats" ADD "study_reminder_hour" smallint');
    await q.query('ALTER TABLE "user_stats" ADD "study_reminded_on" date');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "user_stats" DROP COLUMN "study_reminded_on"');
    await q.query('ALTER TABLE "user_stats" DROP COLUMN "study_reminder_hour"');
  }
}
