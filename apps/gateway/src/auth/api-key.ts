import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, institutionInternal, InstitutionErrorCode as C, type AnyRoute, type Caller } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import type { RateLimiter } from '../routing/rate-limiter.js';

/** Institution API keys start with this (apps/institution api-key-secret.ts makes them). */
export const API_KEY_PREFIX = 'lpk_';
export const API_KEY_HEADER = 'x-api-key';
/** the route-less counter a key's per-minute limit is kept in */
const KEY_WINDOW_SECONDS = 60;

type Reply = z.infer<typeof institutionInternal.authenticateApiKey.response>;

/**
 * The institution API key a request carries: the X-API-Key header, else a bearer token that
 * is a key (it starts with lpk_, which no user's JWT does). X-API-Key wins when both are sent.
 */
export function presentedApiKey(request: FastifyRequest): string | null {
  const header = request.headers[API_KEY_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim()) return value.trim();
  const auth = request.headers.authorization;
  if (!auth) return null;
  const [scheme, token] = auth.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token?.startsWith(API_KEY_PREFIX) ? token.trim() : null;
}

/** The permissions that let a key call a route (any one of them); none: keys are refused. */
export function keyPermissionsOf(route: AnyRoute): readonly string[] {
  const p = route.apiKey;
  return p === undefined ? [] : typeof p === 'string' ? [p] : p;
}

/**
 * A request made with an institution API key. Institution says whose key it is (and counts
 * the call: every request that presents a valid key counts, whatever happens to it next);
 * the route must accept keys and the key hold one of the permissions it names; then the
 * key's own per-minute limit, a fixed window in Redis per key. The caller the services see is
 * the key's maker, bound to the key's institution and permissions (Caller.apiKey).
 */
export class ApiKeyAuthenticator {
  constructor(
    private readonly rpc: RpcClient,
    /** the gateway's fixed-window counters, unscaled: the key's limit is what its admin chose */
    private readonly limiter: RateLimiter,
  ) {}

  async authenticate(request: FastifyRequest, route: AnyRoute, key: string): Promise<Caller> {
    const needs = keyPermissionsOf(route);
    // refused before institution is asked: this call is not counted against the key
    if (!needs.length) throw AppError.forbidden('This cannot be called with an API key', C.API_KEY_NOT_ACCEPTED);
    if (key.length > 200) throw invalid();
    const reply = await this.rpc.request<Reply>(
      institutionInternal.authenticateApiKey.subject,
      { api_key: key },
      { requestId: String(request.id), caller: null },
    );
    if (!reply.valid) {
      if (reply.reason === 'revoked') throw AppError.unauthenticated('This API key is revoked', C.API_KEY_REVOKED);
      if (reply.reason === 'expired') throw AppError.unauthenticated('This API key has expired', C.API_KEY_EXPIRED);
      throw invalid();
    }
    if (!needs.some((p) => (reply.permissions as string[]).includes(p))) {
      throw AppError.forbidden(`This API key needs the ${needs.join(' or ')} permission for this`, C.API_KEY_FORBIDDEN);
    }
    await this.countAgainstLimit(reply.key_id, reply.rate_limit_per_minute);
    return {
      userId: reply.owner_user_id,
      role: 'institution',
      sessionId: `api-key:${reply.key_id}`,
      institutionId: reply.institution_id,
      apiKey: { id: reply.key_id, institutionId: reply.institution_id, permissions: reply.permissions },
    };
  }

  private async countAgainstLimit(keyId: string, perMinute: number): Promise<void> {
    const window = { subject: 'api-key', rateLimit: { limit: perMinute, windowSeconds: KEY_WINDOW_SECONDS } } as AnyRoute;
    try {
      await this.limiter.check(window, keyId, undefined);
    } catch (e) {
      if (!AppError.isAppError(e) || e.status !== 429) throw e;
      const retry = (e as AppError & { retryAfter?: number }).retryAfter ?? KEY_WINDOW_SECONDS;
      const limited = new AppError(
        429,
        e.code,
        `This API key's limit of ${perMinute} calls a minute is reached. Please try again in ${retry} seconds.`,
      );
      throw Object.assign(limited, { retryAfter: retry });
    }
  }
}

/** A request with a key: where keys are not taken (a live feed), it is refused as unauthenticated. */
export async function authenticateWithKey(
  request: FastifyRequest,
  route: AnyRoute,
  key: string,
  keys: ApiKeyAuthenticator | undefined,
): Promise<Caller> {
  if (!keys) throw AppError.unauthenticated('This cannot be called with an API key', C.API_KEY_NOT_ACCEPTED);
  const caller = await keys.authenticate(request, route, key);
  if (route.guard !== 'public' && route.guard !== 'any' && !route.guard.includes(caller.role))
    throw AppError.forbidden('Your role does not have access to this');
  return caller;
}

const invalid = (): AppError => AppError.unauthenticated('This API key is not valid', C.API_KEY_INVALID);

// ------------------------------------------------------------------ OpenAPI (docs/openapi.ts)

/** The scheme /api/docs declares for keys; a key also goes as `Authorization: Bearer lpk_...`. */
export const API_KEY_SECURITY_SCHEME = {
  type: 'apiKey',
  in: 'header',
  name: 'X-API-Key',
  description:
    "An institution API key (lpk_...), made in the institution dashboard's API Keys tab; also accepted as `Authorization: Bearer lpk_...`.",
} as const;

/** What a route that takes keys adds to its operation: either scheme, and the permission it needs. */
export function apiKeyOperation(route: AnyRoute): Record<string, unknown> {
  const needs = keyPermissionsOf(route);
  if (!needs.length) return {};
  return { security: [{ bearer: [] }, { apiKey: [] }], 'x-api-key-permissions': needs };
}

/** The paragraph of the document's description: which permission opens which route. */
export function apiKeyDescription(routes: readonly AnyRoute[]): string {
  const lines = routes
    .filter((r) => keyPermissionsOf(r).length)
    .map(
      (r) =>
        `- \`${r.method} /api${r.path}\`: ${keyPermissionsOf(r)
          .map((p) => `\`${p}\``)
          .join(' or ')}`,
    );
  return [
    '',
    '',
    "**Institution API keys.** Send the key as `X-API-Key: lpk_...` (or `Authorization: Bearer lpk_...`). A key acts for the institution admin who made it, within the key's institution, on these routes only, each needing the permission named (any other route answers 403 API_KEY_NOT_ACCEPTED; a missing permission 403 API_KEY_FORBIDDEN; an unknown, revoked or expired key 401). Each key has its own limit of calls per minute (429 with Retry-After).",
    '',
    ...lines,
  ].join('\n');
}
