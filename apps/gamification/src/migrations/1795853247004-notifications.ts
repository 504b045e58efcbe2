import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- gamification Notifications`: the notification
 * centre (docs/notifications.md): notifications, their deliveries beyond the app, the users' choices
 * per type and channel, and identity's three switches as this service keeps them.
 */
export class Notifications1795853247004 implements MigrationInterface {
  name = 'Notifications1795853247004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, "type" text NOT NULL, "params" jsonb NOT NULL, "link" text, "source_key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "read_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "notifications_unread_idx" ON "notifications"  ("user_id") WHERE read_at IS NULL');
    await q.query('CREATE INDEX "notifications_user_created_idx" ON "notifications"  ("user_id", "created_at") ');
    await q.query('CREATE UNIQUE INDEX "notifications_source_key" ON "notifications"  ("user_id", "type", "source_key") ');
    await q.query(
      'CREATE TABLE "notification_deliveries" ("notification_id" uuid NOT NULL, "channel" text NOT NULL, "user_id" uuid NOT NULL, "status" text NOT NULL DEFAULT \'pending\', "not_before" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "queued_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "notification_deliveries_channel_check" CHECK (channel IN (\'email\', \'telegram\', \'push\')), CONSTRAINT "notification_deliveries_status_check" CHECK (status IN (\'pending\', \'queued\', \'failed\')), CONSTRAINT "PK_1e7ea14e7f96c20db155b8b970e" PRIMARY KEY ("notification_id", "channel"))',
    );
    await q.query(
      'CREATE INDEX "notification_deliveries_pending_idx" ON "notification_deliveries"  ("created_at") WHERE status = \'pending\'',
    );
    await q.query(
      'CREATE TABLE "notification_preferences" ("user_id" uuid NOT NULL, "type" text NOT NULL, "channel" text NOT NULL, "enabled" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a6b860a82edad6f41e72d13dd72" PRIMARY KEY ("user_id", "type", "channel"))',
    );
    await q.query(
      'CREATE TABLE "notification_switches" ("user_id" uuid NOT NULL, "email" boolean NOT NULL, "study_reminders" boolean NOT NULL, "assignment_deadlines" boolean NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_707298b399ccebf5893aeee4657" PRIMARY KEY ("user_id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "notification_switches"');
    await q.query('DROP TABLE "notification_preferences"');
    await q.query('DROP INDEX "public"."notification_deliveries_pending_idx"');
    await q.query('DROP TABLE "notification_deliveries"');
    await q.query('DROP INDEX "public"."notifications_source_key"');
    await q.query('DROP INDEX "public"."notifications_user_created_idx"');
    await q.query('DROP INDEX "public"."notifications_unread_idx"');
    await q.query('DROP TABLE "notifications"');
  }
}
