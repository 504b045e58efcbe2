import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

/** The outbox and inbox of the bus, and the users read model (as its entity describes it). */
export class Initial1795800450302 implements MigrationInterface {
  name = 'Initial1795800450302';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);
    await q.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL, "name" text NOT NULL, "email" text, "role" text NOT NULL DEFAULT \'learner\', "profile_image" text, "deleted" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "users"');
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
