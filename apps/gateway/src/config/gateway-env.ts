import { z } from 'zod';
import { BaseEnvSchema, parseEnv } from '@lp/service-kit';

export const GatewayEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** the built SPA; served at / with index.html for every non-/api path */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** multiplies every route's rate limit (load tests raise it; 0 turns limits off) */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  /** behind a reverse proxy: take the client address from X-Forwarded-For */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** largest JSON body accepted */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** largest uploaded file accepted on multipart routes */
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(100 * 1024 * 1024),
});

export type GatewayEnv = z.infer<typeof BaseEnvSchema> & z.infer<typeof GatewayEnvSchema>;

export function loadGatewayEnv(overrides: Record<string, string | undefined> = {}): GatewayEnv {
  const source = { ...process.env, ...overrides };
  return { ...parseEnv(BaseEnvSchema, source), ...parseEnv(GatewayEnvSchema, source) };
}
