import type { MigrationInterface, QueryRunner } from 'typeorm';
import { INVITATIONS_POLICY_DOWN, INVITATIONS_POLICY_UP } from '../common/tenant-policies.js';

/**
 * Membership by consent (issue 24, item 3): invitations instead of members made for other
 * accounts. Generated from the entity by `npm run migration:generate -- institution Invitations`,
 * then by hand its row-level security: the institution's admins see its rows (the tenant rule),
 * the invitee sees the rows addressed to their own e-mail (`app.email`).
 */
export class Invitations1795777932047 implements MigrationInterface {
  name = 'Invitations1795777932047';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "invitations" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "email" text NOT NULL, "name" text, "member_type" text NOT NULL, "portal_role" text NOT NULL, "access_level" text NOT NULL DEFAULT \'standard\', "permissions" jsonb NOT NULL DEFAULT \'[]\', "create_account" boolean NOT NULL DEFAULT false, "notes" text, "course_id" uuid, "import_id" uuid, "status" text NOT NULL DEFAULT \'held\', "sending" integer NOT NULL DEFAULT \'0\', "invited_by" uuid, "user_id" uuid, "delivered_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "responded_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "invitations_delivered_check" CHECK ("status" <> \'pending\' OR ("delivered_at" IS NOT NULL AND "expires_at" IS NOT NULL AND "sending" > 0)), CONSTRAINT "invitations_email_check" CHECK ("email" = lower("email")), CONSTRAINT "invitations_role_check" CHECK ("portal_role" IN (\'learner\',\'instructor\',\'mentor\',\'institution\')), CONSTRAINT "invitations_access_check" CHECK ("access_level" IN (\'standard\',\'admin\',\'readonly\')), CONSTRAINT "invitations_type_check" CHECK ("member_type" IN (\'student\',\'faculty\',\'admin\')), CONSTRAINT "invitations_status_check" CHECK ("status" IN (\'held\',\'pending\',\'accepted\',\'declined\',\'revoked\')), CONSTRAINT "PK_5dec98cfdfd562e4ad3648bbb07" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "invitations_institution_idx" ON "invitations"  ("institution_id", "created_at") ');
    await q.query('CREATE INDEX "invitations_invitee_idx" ON "invitations"  ("email") WHERE "status" = \'pending\'');
    await q.query(
      'CREATE UNIQUE INDEX "invitations_open_key" ON "invitations"  ("institution_id", "email") WHERE "status" IN (\'held\',\'pending\')',
    );
    await q.query(
      'ALTER TABLE "invitations" ADD CONSTRAINT "invitations_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    for (const sql of INVITATIONS_POLICY_UP) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of INVITATIONS_POLICY_DOWN) await q.query(sql);
    await q.query('ALTER TABLE "invitations" DROP CONSTRAINT "invitations_institution_fkey"');
    await q.query('DROP INDEX "public"."invitations_open_key"');
    await q.query('DROP INDEX "public"."invitations_invitee_idx"');
    await q.query('DROP INDEX "public"."invitations_institution_idx"');
    await q.query('DROP TABLE "invitations"');
  }
}
