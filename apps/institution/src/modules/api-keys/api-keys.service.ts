import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentCaller, Handles, HandlesInternal } from '@lp/service-kit';
import { institutionInternal, institutionRoutes, type ApiKeyPermission, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { z } from 'zod';
import { Tenancy } from '../../common/tenancy.js';
import { apiKeyErrors } from './api-key-errors.js';
import { hashApiKey, newApiKey, prefixOf } from './api-key-secret.js';
import { API_KEY_COLUMNS, toApiKey, type ApiKeyRow } from './api-key-view.js';

type R = typeof institutionRoutes;
type AuthRequest = z.infer<typeof institutionInternal.authenticateApiKey.request>;
type AuthReply = z.infer<typeof institutionInternal.authenticateApiKey.response>;
interface Counted {
  id: string;
  institution_id: string;
  created_by: string;
  permissions: ApiKeyPermission[];
  rate_limit_per_minute: number;
}

/**
 * The maker still has the standing that let them make the key: an unsuspended admin member
 * with admin access at the key's institution or above it. A key does not outlive its maker's
 * standing: once they lose it (removed, suspended, demoted), the key answers as revoked.
 */
const MAKER_STILL_ADMIN = `EXISTS (
  SELECT 1 FROM members m JOIN institutions i ON i.id = k.institution_id
   WHERE m.user_id = k.created_by AND m.institution_id = ANY (i.path_ids)
     AND m.member_type = 'admin' AND m.access_level = 'admin' AND NOT m.is_suspended)`;

/**
 * An institution's API keys: made by its admins (the key shown once, only its SHA-256 kept),
 * listed with their usage, revoked for good; and the gateway's question "whose key is this?",
 * which counts the call.
 */
@Injectable()
export class ApiKeysService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  @Handles(institutionRoutes.listApiKeys)
  async list({ params }: RouteInput<R['listApiKeys']>): Promise<RouteOutput<R['listApiKeys']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const rows = (await tx.query(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE institution_id = $1 ORDER BY created_at DESC, id`, [
        params.id,
      ])) as ApiKeyRow[];
      return { api_keys: rows.map(toApiKey) };
    });
  }

  @Handles(institutionRoutes.createApiKey)
  async create({ params, body }: RouteInput<R['createApiKey']>): Promise<RouteOutput<R['createApiKey']>> {
    const topId = await this.tenancy.forInstitution(params.id, 'admin', async (_tx, access) => access.pathIds[0]!);
    if (!(await this.tierAllowsApi(topId))) throw apiKeyErrors.notInTier();
    const caller = currentCaller();
    const key = newApiKey();
    return this.tenancy.forInstitution(params.id, 'admin', async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO api_keys (id, institution_id, key_name, key_prefix, key_hash, permissions, rate_limit_per_minute, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, CASE WHEN $9::int IS NULL THEN NULL ELSE now() + make_interval(days => $9::int) END)
         RETURNING ${API_KEY_COLUMNS}`,
        [
          randomUUID(),
          params.id,
          body.key_name,
          prefixOf(key),
          hashApiKey(key),
          JSON.stringify([...new Set(body.permissions)]),
          body.rate_limit_per_minute,
          caller.userId,
          body.expires_in_days ?? null,
        ],
      )) as ApiKeyRow[];
      return { ...toApiKey(row!), api_key: key };
    });
  }

  /** Irreversible; a second revoke answers 409 API_KEY_REVOKED, so a client learns it had already happened. */
  @Handles(institutionRoutes.revokeApiKey)
  async revoke({ params }: RouteInput<R['revokeApiKey']>): Promise<RouteOutput<R['revokeApiKey']>> {
    return this.tenancy.forInstitution(params.id, 'admin', async (tx) => {
      const [row] = (await tx.query(`SELECT revoked_at FROM api_keys WHERE institution_id = $1 AND id = $2 FOR UPDATE`, [
        params.id,
        params.keyId,
      ])) as { revoked_at: Date | null }[];
      if (!row) throw apiKeyErrors.notFound();
      if (row.revoked_at) throw apiKeyErrors.alreadyRevoked();
      await tx.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [params.keyId]);
      return { message: 'API key revoked' };
    });
  }

  /**
   * The gateway asks on every request that carries a key. Outside any tenant (the key is all
   * the caller has); a valid key's call is counted in the statement that finds it.
   */
  @HandlesInternal(institutionInternal.authenticateApiKey)
  async authenticate(req: AuthRequest): Promise<AuthReply> {
    const hash = hashApiKey(req.api_key);
    return this.tenancy.asSystem(async (tx) => {
      const result = (await tx.query(
        `UPDATE api_keys k SET total_calls = total_calls + 1, last_used_at = now()
          WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND ${MAKER_STILL_ADMIN}
          RETURNING id, institution_id, created_by, permissions, rate_limit_per_minute`,
        [hash],
      )) as unknown[];
      // TypeORM answers an UPDATE on PostgreSQL as [rows, affected]
      const rows = (Array.isArray(result[0]) ? result[0] : result) as Counted[];
      const found = rows[0];
      if (found)
        return {
          valid: true,
          key_id: found.id,
          institution_id: found.institution_id,
          owner_user_id: found.created_by,
          permissions: found.permissions,
          rate_limit_per_minute: found.rate_limit_per_minute,
        };
      return { valid: false, reason: await whyNot(tx, hash) };
    });
  }

  /**
   * Whether the top institution's tier includes API access (a subsidiary lives under its top
   * institution's tier; the seeded tiers give it to all but free). The tiers table is
   * platform-wide and the top may lie above what the caller administers: read outside the
   * tenant scope, after the caller's admin access was checked. A tier name the table does not
   * hold falls back to the same rule: every tier but free.
   */
  private async tierAllowsApi(topId: string): Promise<boolean> {
    return this.tenancy.asSystem(async (tx) => {
      const [row] = (await tx.query(
        `SELECT coalesce(t.api_access, i.tier_name <> 'free') AS allowed FROM institutions i LEFT JOIN tiers t ON t.tier_name = i.tier_name WHERE i.id = $1`,
        [topId],
      )) as { allowed: boolean }[];
      return row?.allowed ?? false;
    });
  }
}

/** Why a presented key is refused; a key whose maker lost their admin standing answers as revoked. */
async function whyNot(tx: EntityManager, hash: string): Promise<'unknown' | 'revoked' | 'expired'> {
  const [row] = (await tx.query(
    `SELECT revoked_at IS NOT NULL AS revoked, (expires_at IS NOT NULL AND expires_at <= now()) AS expired FROM api_keys WHERE key_hash = $1`,
    [hash],
  )) as { revoked: boolean; expired: boolean }[];
  if (!row) return 'unknown';
  if (row.expired && !row.revoked) return 'expired';
  return 'revoked';
}
