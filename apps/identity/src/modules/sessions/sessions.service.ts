import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  AppError,
  identityRoutes,
  type Role,
  type RouteInput,
  type RouteOutput,
  type ServiceOutput,
  type SessionGrant,
  IdentityErrorCode,
  CommonErrorCode,
} from '@lp/contracts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DOWNLOAD_LINK_PARAM,
  DOWNLOAD_LINK_TTL_SECONDS,
  DownloadLinks,
  RevocationStore,
  SESSION_TTL_SECONDS,
  TokenService,
  hashSecretToken,
  newSecretToken,
} from '@lp/auth';
import { Clock, UnitOfWork, Handles, addSeconds, currentCaller, epochSeconds } from '@lp/service-kit';
import { fail, succeed, unwrap } from '../../common/outcome.js';
import { UsersRepository } from '../users/users.repository.js';
import { SessionsRepository, type RevokedSession } from './sessions.repository.js';
import { fileRouteOf } from './download-link.util.js';

type R = typeof identityRoutes;

/** What a sign-in or a refresh hands out: a short access token and the session's next refresh token. */
export interface IssuedSession {
  token: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
}

/** The refresh token as the gateway takes it from an answer (and moves into the cookie). */
export const sessionGrantOf = (s: Pick<IssuedSession, 'refreshToken' | 'refreshExpiresIn'>): SessionGrant => ({
  refresh_token: s.refreshToken,
  refresh_expires_in: s.refreshExpiresIn,
});

const sessionEnded = () => AppError.unauthenticated('Your session has ended. Please sign in again.', CommonErrorCode.SESSION_ENDED);
const refreshReused = () =>
  AppError.unauthenticated(
    'This sign-in was used from somewhere else, so it was ended. Please sign in again.',
    IdentityErrorCode.REFRESH_TOKEN_REUSED,
  );

/**
 * Sessions (one per sign-in), their access tokens and rotating refresh tokens. The database
 * is the record; Redis (read by the gateway) is written inside the same transaction
 * callback, so a failed Redis write rolls the change back rather than leaving a token
 * alive that the database calls dead.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(SessionsRepository) private readonly repo: SessionsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(RevocationStore) private readonly revocation: RevocationStore,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DownloadLinks) private readonly links: DownloadLinks,
  ) {}

  /** A new session: its first access token and refresh token. */
  async issue(tx: EntityManager, user: { id: string; role: Role }, institutionId: string | null): Promise<IssuedSession> {
    const id = randomUUID();
    await this.repo.insert(tx, { id, userId: user.id, institutionId, expiresAt: addSeconds(this.clock.now(), SESSION_TTL_SECONDS) });
    return this.grant(tx, id, { userId: user.id, role: user.role, institutionId }, SESSION_TTL_SECONDS);
  }

  /**
   * Rotates a refresh token: the presented one is spent, a new one and a new access token
   * come back. A spent token presented again means two holders (one of them a thief): the
   * whole session ends, for both.
   */
  @Handles(identityRoutes.refresh)
  async refresh({ body }: RouteInput<R['refresh']>): Promise<ServiceOutput<R['refresh']>> {
    const refreshToken = body.refresh_token;
    const outcome = await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const presented = await this.repo.findRefreshTokenForUpdate(tx, hashSecretToken(refreshToken));
      if (!presented || presented.revoked_at || presented.expires_at <= now) return fail<IssuedSession>(sessionEnded());
      if (presented.used_at) {
        await this.revoke(tx, presented.user_id, presented.session_id);
        return fail<IssuedSession>(refreshReused());
      }
      const user = await this.users.findById(presented.user_id, tx);
      if (!user || user.status !== 'active') return fail<IssuedSession>(sessionEnded());
      await this.repo.markRefreshTokenUsed(tx, presented.id, now);
      const left = Math.floor((presented.expires_at.getTime() - now.getTime()) / 1000);
      return succeed(
        await this.grant(tx, presented.session_id, { userId: user.id, role: user.role, institutionId: presented.institution_id }, left),
      );
    });
    const issued = unwrap(outcome);
    return { token: issued.token, expires_in: issued.expiresIn, ...sessionGrantOf(issued) };
  }

  /** Whether the caller may read the file is the owning service's question, asked when the link is opened. */
  @Handles(identityRoutes.downloadLink)
  async downloadLink({ body }: RouteInput<R['downloadLink']>): Promise<RouteOutput<R['downloadLink']>> {
    const path = body.path;
    if (!fileRouteOf(path)) {
      throw AppError.validation([{ path: 'path', message: 'Not a file of the platform' }], 'Not a file of the platform');
    }
    const link = this.links.sign(currentCaller(), path);
    return { url: `${path}?${DOWNLOAD_LINK_PARAM}=${encodeURIComponent(link)}`, expires_in: DOWNLOAD_LINK_TTL_SECONDS };
  }

  /** Signs one session out; a token without a row (or revoked before) is still put into Redis. */
  async revoke(tx: EntityManager, userId: string, sessionId: string): Promise<void> {
    const revoked = await this.repo.revoke(tx, userId, sessionId, this.clock.now());
    if (revoked.length) await this.publish(revoked);
    else await this.revocation.revokeSession(sessionId);
  }

  async revokeOthers(tx: EntityManager, userId: string, keepSessionId: string): Promise<number> {
    const revoked = await this.repo.revokeAllExcept(tx, userId, keepSessionId, this.clock.now());
    await this.publish(revoked);
    return revoked.length;
  }

  /** Every session of the user, plus a cut-off that also catches tokens without a row. */
  async revokeEverything(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await this.publish(await this.repo.revokeAllExcept(tx, userId, null, at));
    await this.revocation.revokeUserBefore(userId, epochSeconds(at));
  }

  /** Puts revoked sessions into Redis for as long as an access token of theirs could live. */
  async publish(sessions: RevokedSession[]): Promise<void> {
    const now = this.clock.now().getTime();
    await Promise.all(
      sessions.map((s) =>
        this.revocation.revokeSession(
          s.id,
          Math.max(1, Math.min(ACCESS_TOKEN_TTL_SECONDS, (new Date(s.expires_at).getTime() - now) / 1000)),
        ),
      ),
    );
  }

  private async grant(
    tx: EntityManager,
    sessionId: string,
    who: { userId: string; role: Role; institutionId: string | null },
    refreshExpiresIn: number,
  ): Promise<IssuedSession> {
    const refreshToken = newSecretToken();
    await this.repo.insertRefreshToken(tx, { id: randomUUID(), sessionId, tokenHash: hashSecretToken(refreshToken) });
    return {
      token: this.tokens.sign({ userId: who.userId, role: who.role, sessionId, institutionId: who.institutionId }),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken,
      refreshExpiresIn: Math.max(1, refreshExpiresIn),
    };
  }
}
