import type { z } from 'zod';
import type { ApiKeyPermission, ApiKeySchema } from '@lp/contracts';

type ApiKey = z.infer<typeof ApiKeySchema>;

/** The columns a list shows: never the hash. */
export const API_KEY_COLUMNS = `id, key_name, key_prefix, permissions, rate_limit_per_minute, total_calls, last_used_at, created_at, expires_at,
  (revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())) AS is_active`;

export interface ApiKeyRow {
  id: string;
  key_name: string;
  key_prefix: string;
  permissions: ApiKeyPermission[];
  rate_limit_per_minute: number;
  /** bigint: pg hands it over as text */
  total_calls: string;
  last_used_at: Date | null;
  created_at: Date;
  expires_at: Date | null;
  is_active: boolean;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  key_name: r.key_name,
  key_prefix: r.key_prefix,
  permissions: r.permissions,
  rate_limit_per_minute: r.rate_limit_per_minute,
  total_calls: Number(r.total_calls),
  last_used_at: iso(r.last_used_at),
  created_at: new Date(r.created_at).toISOString(),
  expires_at: iso(r.expires_at),
  is_active: r.is_active,
});
