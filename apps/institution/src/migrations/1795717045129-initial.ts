import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';
import {
  INSTITUTIONS_POLICY_DOWN,
  INSTITUTIONS_POLICY_UP,
  TENANCY_FUNCTIONS_DOWN,
  TENANCY_FUNCTIONS_UP,
  tenantTableDown,
  tenantTableUp,
} from '../common/tenant-policies.js';

/**
 * The bus's outbox and inbox, the users read model, the tenants (institutions with their
 * subtree path), their members and the platform-wide subdomain list; generated from the
 * entities, then the row-level security of common/tenant-policies.ts added by hand.
 */
export class Initial1795717045129 implements MigrationInterface {
  name = 'Initial1795717045129';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);
    await q.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL, "name" text NOT NULL, "email" text, "role" text NOT NULL DEFAULT \'learner\', "profile_image" text, "deleted" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "institutions" ("id" uuid NOT NULL, "parent_id" uuid, "path_ids" uuid array NOT NULL, "hierarchy_level" smallint NOT NULL DEFAULT \'0\', "organizational_level" smallint NOT NULL DEFAULT \'1\', "level_type" text NOT NULL DEFAULT \'corporation\', "level_name" text, "name" text NOT NULL, "subdomain" text NOT NULL, "verification_status" text NOT NULL DEFAULT \'pending\', "verified_at" TIMESTAMP WITH TIME ZONE, "verified_by" uuid, "verification_notes" text, "contact_email" text, "contact_phone" text, "address" text, "country" text, "registration_number" text, "tax_id" text, "logo_url" text, "primary_color" text, "secondary_color" text, "custom_text" text, "inherit_branding" boolean NOT NULL DEFAULT true, "tier_name" text NOT NULL DEFAULT \'free\', "max_subsidiaries" integer NOT NULL DEFAULT \'50\', "policies" jsonb NOT NULL DEFAULT \'{}\', "cascade_settings" jsonb NOT NULL DEFAULT \'{"branding":true,"pricing":false,"policies":true,"content":false,"users":false}\', "cascade_applied_at" TIMESTAMP WITH TIME ZONE, "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "institutions_max_subsidiaries_check" CHECK ("max_subsidiaries" >= 0), CONSTRAINT "institutions_level_type_check" CHECK ("level_type" IN (\'corporation\',\'cluster\',\'subsidiary\',\'branch\',\'department\')), CONSTRAINT "institutions_status_check" CHECK ("verification_status" IN (\'pending\',\'verified\',\'rejected\')), CONSTRAINT "institutions_parent_check" CHECK (("parent_id" IS NULL) = ("hierarchy_level" = 0)), CONSTRAINT "institutions_path_check" CHECK ("path_ids"[array_length("path_ids", 1)] = "id" AND "hierarchy_level" = array_length("path_ids", 1) - 1), CONSTRAINT "institutions_level_check" CHECK ("organizational_level" BETWEEN 1 AND 20), CONSTRAINT "PK_0be7539dcdba335470dc05e9690" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "institutions_subdomain_key" ON "institutions"  ("subdomain") ');
    await q.query('CREATE INDEX "institutions_parent_idx" ON "institutions"  ("parent_id") ');
    await q.query(
      'CREATE TABLE "members" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "user_id" uuid NOT NULL, "member_type" text NOT NULL, "portal_role" text NOT NULL DEFAULT \'learner\', "access_level" text NOT NULL DEFAULT \'standard\', "permissions" jsonb NOT NULL DEFAULT \'[]\', "is_suspended" boolean NOT NULL DEFAULT false, "notes" text, "added_by" uuid, "import_id" uuid, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "members_role_check" CHECK ("portal_role" IN (\'learner\',\'instructor\',\'mentor\',\'institution\')), CONSTRAINT "members_access_check" CHECK ("access_level" IN (\'standard\',\'admin\',\'readonly\')), CONSTRAINT "members_type_check" CHECK ("member_type" IN (\'student\',\'faculty\',\'admin\')), CONSTRAINT "PK_28b53062261b996d9c99fa12404" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "members_institution_type_idx" ON "members"  ("institution_id", "member_type", "added_at") ');
    await q.query('CREATE INDEX "members_user_idx" ON "members"  ("user_id") ');
    await q.query('CREATE UNIQUE INDEX "members_institution_user_key" ON "members"  ("institution_id", "user_id") ');
    await q.query(
      'CREATE TABLE "subdomains" ("subdomain" text NOT NULL, "institution_id" uuid NOT NULL, "name" text NOT NULL, CONSTRAINT "PK_aa78e8944ed27cf24a0a3283549" PRIMARY KEY ("subdomain"))',
    );
    await q.query('CREATE UNIQUE INDEX "subdomains_institution_key" ON "subdomains"  ("institution_id") ');
    await q.query(
      'ALTER TABLE "institutions" ADD CONSTRAINT "institutions_parent_fkey" FOREIGN KEY ("parent_id") REFERENCES "institutions"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "members" ADD CONSTRAINT "members_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query('CREATE INDEX "institutions_path_idx" ON "institutions" USING gin ("path_ids")');
    for (const sql of TENANCY_FUNCTIONS_UP) await q.query(sql);
    for (const sql of INSTITUTIONS_POLICY_UP) await q.query(sql);
    for (const sql of tenantTableUp('members', 'user_id')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of tenantTableDown('members')) await q.query(sql);
    for (const sql of INSTITUTIONS_POLICY_DOWN) await q.query(sql);
    for (const sql of TENANCY_FUNCTIONS_DOWN) await q.query(sql);
    await q.query('DROP INDEX "public"."institutions_path_idx"');
    await q.query('ALTER TABLE "members" DROP CONSTRAINT "members_institution_fkey"');
    await q.query('ALTER TABLE "institutions" DROP CONSTRAINT "institutions_parent_fkey"');
    await q.query('DROP INDEX "public"."subdomains_institution_key"');
    await q.query('DROP TABLE "subdomains"');
    await q.query('DROP INDEX "public"."members_institution_user_key"');
    await q.query('DROP INDEX "public"."members_user_idx"');
    await q.query('DROP INDEX "public"."members_institution_type_idx"');
    await q.query('DROP TABLE "members"');
    await q.query('DROP INDEX "public"."institutions_parent_idx"');
    await q.query('DROP INDEX "public"."institutions_subdomain_key"');
    await q.query('DROP TABLE "institutions"');
    await q.query('DROP TABLE "users"');
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
