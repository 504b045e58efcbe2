import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- gamification NotificationReminders`:
 * notifications due later (a confirmed session's reminders 24 h and 1 h before), made by the
 * reminders' sweep when due and deleted unsent when their session is cancelled.
 */
export class NotificationReminders1796161353676 implements MigrationInterface {
  name = 'NotificationReminders1796161353676';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "notification_reminders" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, "type" text NOT NULL, "subject" text NOT NULL, "source_key" text NOT NULL, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "event_at" TIMESTAMP WITH TIME ZONE NOT NULL, "params" jsonb NOT NULL, "link" text, CONSTRAINT "PK_0e7c0b70bc6a541b606a1594784" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "notification_reminders_subject_idx" ON "notification_reminders"  ("subject") ');
    await q.query('CREATE INDEX "notification_reminders_due_idx" ON "notification_reminders"  ("due_at") ');
    await q.query('CREATE UNIQUE INDEX "notification_reminders_key" ON "notification_reminders"  ("user_id", "type", "source_key") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."notification_reminders_key"');
    await q.query('DROP INDEX "public"."notification_reminders_due_idx"');
    await q.query('DROP INDEX "public"."notification_reminders_subject_idx"');
    await q.query('DROP TABLE "notification_reminders"');
  }
}
