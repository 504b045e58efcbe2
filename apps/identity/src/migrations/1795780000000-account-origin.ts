import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Membership by consent (issue 24): a bulk import adds the accounts it made and invites the
 * ones that existed. An attempt that failed after identity made a batch's accounts is run
 * again; the origin kept on each account lets identity answer those as made by this import
 * again, instead of as existing accounts (whose people would only be invited).
 */
export class AccountOrigin1795780000000 implements MigrationInterface {
  name = 'AccountOrigin1795780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" ADD "created_for" character varying(100)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" DROP COLUMN "created_for"');
  }
}
