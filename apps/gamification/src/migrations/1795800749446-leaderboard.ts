import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each user's XP per board period (week, month, all time): what the Redis boards are written and rebuilt from (generated from the entity). */
export class Leaderboard1795800749446 implements MigrationInterface {
  name = 'Leaderboard1795800749446';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "xp_period_totals" ("user_id" uuid NOT NULL, "period" text NOT NULL, "period_start" date NOT NULL, "xp" integer NOT NULL DEFAULT \'0\', CONSTRAINT "xp_period_totals_period_check" CHECK (period IN (\'week\', \'month\', \'all\')), CONSTRAINT "PK_91ce2ba2a71df74368327e3349a" PRIMARY KEY ("user_id", "period", "period_start"))',
    );
    await q.query('CREATE INDEX "xp_period_totals_board_idx" ON "xp_period_totals"  ("period", "period_start", "user_id") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."xp_period_totals_board_idx"');
    await q.query('DROP TABLE "xp_period_totals"');
  }
}
