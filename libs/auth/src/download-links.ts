import { createHmac } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { AppError, ROLES, type Caller, type Role, CommonErrorCode } from '@lp/contracts';

/**
 * A download link: one file path, one signed-in session, a few minutes. It stands in for
 * the access token where the browser fetches a file itself (a video's src, a PDF frame, a
 * certificate link), so no token ever rides in a URL, a history entry or a server log.
 */
export const DOWNLOAD_LINK_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_LINK_PARAM = 'link';

interface LinkClaims {
  sub: string;
  role: Role;
  sid: string;
  inst?: string | null;
  /** the one path (without query) the link opens */
  path: string;
  iat: number;
  exp: number;
}

/** A key of its own, derived from the JWT secret: a link is never an access token, nor the reverse. */
const linkKey = (jwtSecret: string): string => createHmac('sha256', jwtSecret).update('lp-download-link-v1').digest('base64url');

export class DownloadLinks {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => LinkClaims;

  constructor(jwtSecret: string, ttlSeconds = DOWNLOAD_LINK_TTL_SECONDS) {
    const key = linkKey(jwtSecret);
    this.signer = createSigner({ key, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
    this.verifier = createVerifier({ key, algorithms: ['HS256'] }) as (t: string) => LinkClaims;
  }

  /** `path` is the file route's path as the browser requests it, e.g. `/api/certificates/<id>`. */
  sign(caller: Caller, path: string): string {
    return this.signer({ sub: caller.userId, role: caller.role, sid: caller.sessionId, inst: caller.institutionId, path });
  }

  /** The caller the link was made for, when it is genuine, unexpired and made for this path. */
  verify(link: string, path: string): { caller: Caller; issuedAt: number } {
    let claims: LinkClaims;
    try {
      claims = this.verifier(link);
    } catch {
      throw AppError.unauthenticated(
        'This download link is invalid or has expired. Open the file again from the page.',
        CommonErrorCode.INVALID_DOWNLOAD_LINK,
      );
    }
    if (claims.path !== path || !claims.sub || !claims.sid || !(ROLES as readonly string[]).includes(claims.role)) {
      throw AppError.unauthenticated(
        'This download link is invalid or has expired. Open the file again from the page.',
        CommonErrorCode.INVALID_DOWNLOAD_LINK,
      );
    }
    return {
      caller: { userId: claims.sub, role: claims.role, sessionId: claims.sid, institutionId: claims.inst ?? null },
      issuedAt: claims.iat,
    };
  }
}
