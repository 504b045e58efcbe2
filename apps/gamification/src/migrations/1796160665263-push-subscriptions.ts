import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- gamification PushSubscriptions`: the
 * browsers users allowed Web Push in (docs/notifications.md, "Web Push"), one row per endpoint.
 */
export class PushSubscriptions1796160665263 implements MigrationInterface {
  name = 'PushSubscriptions1796160665263';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "push_subscriptions" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, "endpoint" text NOT NULL, "p256dh" text NOT NULL, "auth" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_757fc8f00c34f66832668dc2e53" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions"  ("user_id", "created_at") ');
    await q.query('CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions"  ("endpoint") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."push_subscriptions_endpoint"');
    await q.query('DROP INDEX "public"."push_subscriptions_user_idx"');
    await q.query('DROP TABLE "push_subscriptions"');
  }
}
