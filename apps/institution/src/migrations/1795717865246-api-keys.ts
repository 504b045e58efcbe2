import type { MigrationInterface, QueryRunner } from 'typeorm';
import { tenantTableDown, tenantTableUp } from '../common/tenant-policies.js';

/**
 * Institution API keys (spec 3, API key): generated from the entities by `npm run migration:generate --
 * institution ApiKeys`, then the tenant policy added by hand. Only the key's hash is stored;
 * the gateway finds a presented key by it (unique), outside the tenant scope (Tenancy.asSystem).
 */
export class ApiKeys1795717865246 implements MigrationInterface {
  name = 'ApiKeys1795717865246';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "api_keys" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "key_name" text NOT NULL, "key_prefix" text NOT NULL, "key_hash" text NOT NULL, "permissions" jsonb NOT NULL DEFAULT \'[]\', "rate_limit_per_minute" integer NOT NULL DEFAULT \'60\', "total_calls" bigint NOT NULL DEFAULT \'0\', "last_used_at" TIMESTAMP WITH TIME ZONE, "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "api_keys_rate_limit_check" CHECK ("rate_limit_per_minute" BETWEEN 1 AND 1000), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "api_keys_institution_idx" ON "api_keys"  ("institution_id", "created_at") ');
    await q.query('CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"  ("key_hash") ');
    await q.query(
      'ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    for (const sql of tenantTableUp('api_keys')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of tenantTableDown('api_keys')) await q.query(sql);
    await q.query('ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_institution_fkey"');
    await q.query('DROP INDEX "public"."api_keys_hash_key"');
    await q.query('DROP INDEX "public"."api_keys_institution_idx"');
    await q.query('DROP TABLE "api_keys"');
  }
}
