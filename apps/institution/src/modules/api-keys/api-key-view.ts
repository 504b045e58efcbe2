import type { z } from 'zod';
import type { ApiKeySchema } from '@lp/contracts';
import type { ApiKeyEntity } from '../../entities/api-key.entity.js';

type ApiKey = z.infer<typeof ApiKeySchema>;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** A key is active until it is revoked or its time has passed. */
export const isActiveKey = (k: Pick<ApiKeyEntity, 'revokedAt' | 'expiresAt'>, now: Date): boolean =>
  k.revokedAt === null && (k.expiresAt === null || k.expiresAt.getTime() > now.getTime());

/** A key as lists show it: never the hash. */
export const toApiKey = (r: ApiKeyEntity, now: Date): ApiKey => ({
  id: r.id,
  key_name: r.keyName,
  key_prefix: r.keyPrefix,
  permissions: r.permissions,
  rate_limit_per_minute: r.rateLimitPerMinute,
  total_calls: Number(r.totalCalls),
  last_used_at: iso(r.lastUsedAt),
  created_at: new Date(r.createdAt).toISOString(),
  expires_at: iso(r.expiresAt),
  is_active: isActiveKey(r, now),
});

/** Why a presented key is refused; a key whose maker lost their admin standing answers as revoked. */
export function refusalOf(standing: { revoked: boolean; expired: boolean } | null): 'unknown' | 'revoked' | 'expired' {
  if (!standing) return 'unknown';
  if (standing.expired && !standing.revoked) return 'expired';
  return 'revoked';
}
