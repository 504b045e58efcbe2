import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError, ROLES, type Caller, type Role, CommonErrorCode } from '@lp/contracts';

/**
 * Access tokens live 15 minutes: a stolen one stops working by then, whatever happens to
 * Redis. The browser keeps the sign-in alive with a refresh token (refresh-tokens.ts).
 * Logout, password change and deletion also revoke access tokens early (revocation.ts).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

interface Claims {
  sub: string;
  role: Role;
  sid: string;
  inst?: string | null;
  iat: number;
  exp: number;
}

export interface VerifiedToken {
  caller: Caller;
  issuedAt: number;
  expiresAt: number;
}

/** Signs and checks the platform's HS256 access tokens. */
export class TokenService {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => Claims;

  constructor(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
    if (secret.length < 16) throw new Error('JWT secret must have at least 16 characters');
    this.signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
    // The cache keeps the last verified tokens: re-verifying the same token costs a lookup.
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 }) as (t: string) => Claims;
  }

  sign(caller: Caller): string {
    return this.signer({ sub: caller.userId, role: caller.role, sid: caller.sessionId, inst: caller.institutionId });
  }

  verify(token: string): VerifiedToken {
    let claims: Claims;
    try {
      claims = this.verifier(token);
    } catch (e) {
      if (e instanceof TokenError && e.code === TokenError.codes.expired) {
        throw AppError.unauthenticated('Your session has expired. Please sign in again.', CommonErrorCode.TOKEN_EXPIRED);
      }
      throw AppError.unauthenticated('Invalid token', CommonErrorCode.UNAUTHENTICATED);
    }
    if (!claims.sub || !claims.sid || !(ROLES as readonly string[]).includes(claims.role)) {
      throw AppError.unauthenticated('Invalid token', CommonErrorCode.UNAUTHENTICATED);
    }
    return {
      caller: { userId: claims.sub, role: claims.role, sessionId: claims.sid, institutionId: claims.inst ?? null },
      issuedAt: claims.iat,
      expiresAt: claims.exp,
    };
  }
}
