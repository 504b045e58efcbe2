import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, the direct-messages inbox: a thread reads one pair's messages newest first (the
 * sender and recipient indexes alone would filter every message of one side), and the inbox
 * counts each sender's unread messages, which a partial index keeps to the unread rows.
 * read_at itself was there from the start. Generated from the entities
 * (`npm run migration:generate -- community DirectMessageInbox`).
 */
export class DirectMessageInbox1796160780159 implements MigrationInterface {
  name = 'DirectMessageInbox1796160780159';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX "direct_messages_unread_idx" ON "direct_messages"  ("recipient_id", "sender_id") WHERE read_at IS NULL');
    await q.query('CREATE INDEX "direct_messages_pair_idx" ON "direct_messages"  ("sender_id", "recipient_id", "created_at") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."direct_messages_pair_idx"');
    await q.query('DROP INDEX "public"."direct_messages_unread_idx"');
  }
}
