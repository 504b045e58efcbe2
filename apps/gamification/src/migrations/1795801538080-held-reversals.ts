import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated from the entities by `npm run migration:generate -- gamification HeldReversals`; a reversal applied before the award it undoes (each event type has its own consumer) is held until the award arrives. */
export class HeldReversals1795801538080 implements MigrationInterface {
  name = 'HeldReversals1795801538080';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "xp_held_reversals" ("user_id" uuid NOT NULL, "scope" text NOT NULL, "key" text NOT NULL, "source_event_id" text NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_51e545618c1a6978eea559d4dc9" PRIMARY KEY ("user_id", "scope", "key", "source_event_id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "xp_held_reversals"');
  }
}
