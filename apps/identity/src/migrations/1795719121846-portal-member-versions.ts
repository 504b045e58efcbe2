import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generated from the entities by `npm run migration:generate -- identity PortalMemberVersions`.
 * Institution's member events (added, removed) come on separate consumers: the newest applied
 * instant per (institution, user) outlives the portal, so an older event arriving late changes nothing.
 */
export class PortalMemberVersions1795719121846 implements MigrationInterface {
  name = 'PortalMemberVersions1795719121846';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "portal_member_versions" ("institution_id" uuid NOT NULL, "user_id" uuid NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_adf7f4739872617d01458735fe5" PRIMARY KEY ("institution_id", "user_id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "portal_member_versions"');
  }
}
