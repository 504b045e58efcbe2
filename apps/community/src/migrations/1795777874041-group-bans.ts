import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24, moderation that sticks: a suspension was a flag on the membership row, so leaving
 * and joining again wiped it, and a removal left no trace. Bans now live in group_bans (who,
 * when, why, and how they ended); the flag's suspensions move there (banned by the group's
 * creator, the only fact known of them) before the column goes. group_invitations.sent_at
 * tells an invitation sent after a removal (which lets the person back) from an older one
 * (which does not): the latest sending, i.e. 7 days before expires_at, or created_at.
 * Generated from the entities (`npm run migration:generate -- community GroupBans`), the
 * data steps added by hand.
 */
export class GroupBans1795777874041 implements MigrationInterface {
  name = 'GroupBans1795777874041';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "group_members" DROP CONSTRAINT "group_members_creator_not_suspended_check"');
    await q.query(
      'CREATE TABLE "group_bans" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "group_id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" character varying(10) NOT NULL, "reason" text, "banned_by" uuid NOT NULL, "banned_at" TIMESTAMP WITH TIME ZONE NOT NULL, "lifted_at" TIMESTAMP WITH TIME ZONE, "lifted_by" uuid, "lifted_via" character varying(10), "invitation_id" uuid, CONSTRAINT "group_bans_lift_check" CHECK ((lifted_at IS NULL AND lifted_by IS NULL AND lifted_via IS NULL AND invitation_id IS NULL)\n   OR (lifted_at IS NOT NULL AND lifted_by IS NOT NULL AND lifted_via = \'moderator\' AND invitation_id IS NULL)\n   OR (lifted_at IS NOT NULL AND lifted_by IS NOT NULL AND lifted_via = \'invitation\' AND kind = \'removed\')), CONSTRAINT "group_bans_not_self_check" CHECK (user_id <> banned_by), CONSTRAINT "group_bans_kind_check" CHECK (kind IN (\'suspended\', \'removed\')), CONSTRAINT "PK_88a58af683731fe0a6e16ad8a87" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "group_bans_user_idx" ON "group_bans"  ("user_id") ');
    await q.query('CREATE INDEX "group_bans_group_idx" ON "group_bans"  ("group_id", "banned_at") ');
    await q.query('CREATE UNIQUE INDEX "group_bans_active_key" ON "group_bans"  ("group_id", "user_id", "kind") WHERE lifted_at IS NULL');
    await q.query(
      `INSERT INTO "group_bans" ("group_id", "user_id", "kind", "banned_by", "banned_at")
       SELECT m.group_id, m.user_id, 'suspended', g.creator_id, now()
       FROM "group_members" m JOIN "study_groups" g ON g.id = m.group_id
       WHERE m.is_suspended AND m.user_id <> g.creator_id`,
    );
    await q.query('ALTER TABLE "group_members" DROP COLUMN "is_suspended"');
    await q.query('ALTER TABLE "group_invitations" ADD "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()');
    await q.query(`UPDATE "group_invitations" SET "sent_at" = GREATEST("created_at", "expires_at" - interval '7 days')`);
    await q.query(
      'ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_group_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_invitation_fk" FOREIGN KEY ("invitation_id") REFERENCES "group_invitations"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "group_bans" DROP CONSTRAINT "group_bans_invitation_fk"');
    await q.query('ALTER TABLE "group_bans" DROP CONSTRAINT "group_bans_group_fk"');
    await q.query('ALTER TABLE "group_invitations" DROP COLUMN "sent_at"');
    await q.query('ALTER TABLE "group_members" ADD "is_suspended" boolean NOT NULL DEFAULT false');
    await q.query(
      `UPDATE "group_members" m SET "is_suspended" = true
       FROM "group_bans" b WHERE b.group_id = m.group_id AND b.user_id = m.user_id AND b.kind = 'suspended' AND b.lifted_at IS NULL AND m.role <> 'creator'`,
    );
    await q.query('DROP INDEX "public"."group_bans_active_key"');
    await q.query('DROP INDEX "public"."group_bans_group_idx"');
    await q.query('DROP INDEX "public"."group_bans_user_idx"');
    await q.query('DROP TABLE "group_bans"');
    await q.query(
      'ALTER TABLE "group_members" ADD CONSTRAINT "group_members_creator_not_suspended_check" CHECK ((NOT (((role)::text = \'creator\'::text) AND is_suspended)))',
    );
  }
}
