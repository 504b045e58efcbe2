import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated from the entities by `npm run migration:generate -- gamification TelegramChats`; say here why the change was made. */
export class TelegramChats1796163891732 implements MigrationInterface {
  name = 'TelegramChats1796163891732';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "telegram_chats" ("user_id" uuid NOT NULL, "chat_id" text NOT NULL, "on" boolean NOT NULL DEFAULT true, "linked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_29e1c4f8f4ac7c580e549d984f0" PRIMARY KEY ("user_id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "telegram_chats"');
  }
}
