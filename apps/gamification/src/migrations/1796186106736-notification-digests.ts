import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Digests: a delivery past the threshold of its type within the hour is held, then folded into
 * the digest one delivery carries (digest_of). TypeORM does not diff CHECK expressions: the
 * status check's two new values are written by hand.
 */
export class NotificationDigests1796186106736 implements MigrationInterface {
  name = 'NotificationDigests1796186106736';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "notification_deliveries" ADD "digest_of" uuid');
    await q.query('ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_status_check"');
    await q.query(
      `ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_status_check" CHECK (status IN ('pending', 'held', 'queued', 'digested', 'failed'))`,
    );
    await q.query(
      'CREATE INDEX "notification_deliveries_digest_idx" ON "notification_deliveries"  ("digest_of", "channel") WHERE digest_of IS NOT NULL',
    );
    await q.query(
      'CREATE INDEX "notification_deliveries_held_idx" ON "notification_deliveries"  ("user_id", "channel", "created_at") WHERE status = \'held\'',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."notification_deliveries_held_idx"');
    await q.query('DROP INDEX "public"."notification_deliveries_digest_idx"');
    await q.query(`DELETE FROM "notification_deliveries" WHERE status IN ('held', 'digested')`);
    await q.query('ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_status_check"');
    await q.query(
      `ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_status_check" CHECK (status IN ('pending', 'queued', 'failed'))`,
    );
    await q.query('ALTER TABLE "notification_deliveries" DROP COLUMN "digest_of"');
  }
}
