import type { FastifyRequest } from 'fastify';
import { AppError, type AnyRoute, type Caller } from '@lp/contracts';
import type { RevocationStore, TokenService } from '@lp/auth';

/** The token of a request: the Authorization header, or `?token=` where the route allows it. */
export function extractToken(request: FastifyRequest, route: AnyRoute): string | null {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) return value.trim();
    return null;
  }
  if (route.tokenInQuery) {
    const q = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q) return q;
  }
  return null;
}

/**
 * Who is calling, and may they: 401 without a valid, unrevoked token on a
 * non-public route; 403 when the route's roles exclude theirs. Public routes
 * ignore tokens altogether.
 */
export async function authenticate(
  request: FastifyRequest,
  route: AnyRoute,
  tokens: TokenService,
  revocations: RevocationStore,
): Promise<Caller | null> {
  if (route.guard === 'public') return null;
  const token = extractToken(request, route);
  if (!token) throw AppError.unauthenticated('Authentication required');
  const verified = tokens.verify(token);
  const { caller } = verified;
  // fail closed: without the revocation list a revoked token cannot be told apart, so nobody gets in (503, not 500)
  const revoked = await revocations.isRevoked(caller.userId, caller.sessionId, verified.issuedAt).catch(() => {
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Sign-in checks are not available right now. Please try again shortly.');
  });
  if (revoked) {
    throw AppError.unauthenticated('Your session has ended. Please sign in again.', 'TOKEN_REVOKED');
  }
  if (route.guard !== 'any' && !route.guard.includes(caller.role)) {
    throw AppError.forbidden('Your role does not have access to this');
  }
  return caller;
}
