import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The local demo provider keeps its own records of its checkouts, apart from our transactions (generated from the entity). */
export class DemoCheckouts1795605342599 implements MigrationInterface {
  name = 'DemoCheckouts1795605342599';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "demo_checkouts" ("reference" text NOT NULL, "method" character varying(20) NOT NULL, "amount_minor" bigint NOT NULL, "currency" character(3) NOT NULL, "description" text NOT NULL, "return_url" text NOT NULL, "status" character varying(20) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "demo_checkouts_status_check" CHECK (status IN (\'open\', \'paid\', \'cancelled\')), CONSTRAINT "PK_09779637fd888a7a6ff70155ca4" PRIMARY KEY ("reference"))',
    );
    // a course or a session is bought once: two concurrent purchases cannot both complete
    await q.query(
      `CREATE UNIQUE INDEX "transactions_item_paid_key" ON "transactions" ("user_id", "item_type", "item_id") WHERE type = 'payment' AND status = 'completed' AND item_type IN ('course', 'session')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."transactions_item_paid_key"');
    await q.query('DROP TABLE "demo_checkouts"');
  }
}
