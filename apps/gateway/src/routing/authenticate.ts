import type { FastifyRequest } from 'fastify';
import { AppError, type AnyRoute, type Caller, CommonErrorCode } from '@lp/contracts';
import { DOWNLOAD_LINK_PARAM, type DownloadLinks, type RevocationStore, type TokenService } from '@lp/auth';
import { authenticateWithKey, presentedApiKey, type ApiKeyAuthenticator } from '../auth/api-key.js';

export interface AuthDeps {
  tokens: TokenService;
  links: DownloadLinks;
  revocations: RevocationStore;
  /** institution API keys (auth/api-key.ts); without it a key is refused */
  apiKeys?: ApiKeyAuthenticator;
}

/** The bearer token of a request, from the Authorization header only: never from a URL. */
export function extractToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() === 'bearer' && value) return value.trim();
  return null;
}

/** A download link (`?link=`) opens a file route the browser fetches by itself; nothing else. */
function linkOf(request: FastifyRequest, route: AnyRoute): string | null {
  if (route.responseKind !== 'file') return null;
  const link = (request.query as Record<string, unknown> | undefined)?.[DOWNLOAD_LINK_PARAM];
  return typeof link === 'string' && link ? link : null;
}

/**
 * Who is calling, and may they: 401 without a valid, unrevoked token (or download link
 * for this very path) on a non-public route; 403 when the route's roles exclude theirs.
 * Public routes ignore tokens altogether.
 */
export async function authenticate(request: FastifyRequest, route: AnyRoute, deps: AuthDeps): Promise<Caller | null> {
  if (route.guard === 'public') return null;
  const apiKey = presentedApiKey(request);
  if (apiKey) return authenticateWithKey(request, route, apiKey, deps.apiKeys);
  const token = extractToken(request);
  const link = token ? null : linkOf(request, route);
  if (!token && !link) throw AppError.unauthenticated('Authentication required');
  const { caller, issuedAt } = token ? deps.tokens.verify(token) : deps.links.verify(link!, request.url.split('?')[0] ?? '');
  // fail closed: without the revocation list a revoked token cannot be told apart, so nobody gets in (503, not 500)
  const revoked = await deps.revocations.isRevoked(caller.userId, caller.sessionId, issuedAt).catch(() => {
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Sign-in checks are not available right now. Please try again shortly.');
  });
  if (revoked) {
    throw AppError.unauthenticated('Your session has ended. Please sign in again.', CommonErrorCode.TOKEN_REVOKED);
  }
  if (route.guard !== 'any' && !route.guard.includes(caller.role)) {
    throw AppError.forbidden('Your role does not have access to this');
  }
  return caller;
}
