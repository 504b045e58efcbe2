import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { currentCaller, Handles, HandlesInternal } from '@lp/service-kit';
import { institutionInternal, institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { z } from 'zod';
import { Tenancy } from '../../common/tenancy.js';
import { TiersRepository } from '../tiers/tiers.repository.js';
import { apiKeyErrors } from './api-key-errors.js';
import { hashApiKey, newApiKey, prefixOf } from './api-key-secret.js';
import { refusalOf, toApiKey } from './api-key-view.js';
import { tierAllowsApi } from './key-scope.js';
import { ApiKeysRepository } from './api-keys.repository.js';

type R = typeof institutionRoutes;
type AuthRequest = z.infer<typeof institutionInternal.authenticateApiKey.request>;
type AuthReply = z.infer<typeof institutionInternal.authenticateApiKey.response>;

/**
 * An institution's API keys: made by its admins (the key shown once, only its SHA-256 kept),
 * listed with their usage, revoked for good; and the gateway's question "whose key is this?",
 * which counts the call.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(ApiKeysRepository) private readonly keys: ApiKeysRepository,
    @Inject(TiersRepository) private readonly tiers: TiersRepository,
  ) {}

  @Handles(institutionRoutes.listApiKeys)
  async list({ params }: RouteInput<R['listApiKeys']>): Promise<RouteOutput<R['listApiKeys']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const now = new Date();
      return { api_keys: (await this.keys.list(tx, params.id)).map((k) => toApiKey(k, now)) };
    });
  }

  @Handles(institutionRoutes.createApiKey)
  async create({ params, body }: RouteInput<R['createApiKey']>): Promise<RouteOutput<R['createApiKey']>> {
    const topId = await this.tenancy.forInstitution(params.id, 'admin', async (_tx, access) => access.pathIds[0]!);
    if (!(await this.tierAllowsApi(topId))) throw apiKeyErrors.notInTier();
    const caller = currentCaller();
    const key = newApiKey();
    return this.tenancy.forInstitution(params.id, 'admin', async (tx) => {
      const row = await this.keys.insert(
        tx,
        {
          id: randomUUID(),
          institutionId: params.id,
          keyName: body.key_name,
          keyPrefix: prefixOf(key),
          keyHash: hashApiKey(key),
          permissions: [...new Set(body.permissions)],
          rateLimitPerMinute: body.rate_limit_per_minute,
          createdBy: caller.userId,
        },
        body.expires_in_days ?? null,
      );
      return { ...toApiKey(row, new Date()), api_key: key };
    });
  }

  /** Irreversible; a second revoke answers 409 API_KEY_REVOKED, so a client learns it had already happened. */
  @Handles(institutionRoutes.revokeApiKey)
  async revoke({ params }: RouteInput<R['revokeApiKey']>): Promise<RouteOutput<R['revokeApiKey']>> {
    return this.tenancy.forInstitution(params.id, 'admin', async (tx) => {
      const row = await this.keys.lock(tx, params.id, params.keyId);
      if (!row) throw apiKeyErrors.notFound();
      if (row.revokedAt) throw apiKeyErrors.alreadyRevoked();
      await this.keys.revoke(tx, params.keyId);
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
      const found = await this.keys.countCall(tx, hash);
      if (found)
        return {
          valid: true,
          key_id: found.id,
          institution_id: found.institution_id,
          owner_user_id: found.created_by,
          permissions: found.permissions,
          rate_limit_per_minute: found.rate_limit_per_minute,
        };
      return { valid: false, reason: refusalOf(await this.keys.standing(tx, hash)) };
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
    return this.tenancy.asSystem(async (tx) => tierAllowsApi(await this.tiers.tierOf(tx, topId)));
  }
}
