import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionEntity } from '../../entities/session.entity.js';
import { RefreshTokenEntity } from '../../entities/refresh-token.entity.js';
import { queryRows } from '@lp/service-kit';

export interface RevokedSession {
  id: string;
  expires_at: Date;
}

/** A refresh token found by its hash, with what the rotation needs of its session. */
export interface PresentedRefreshToken {
  id: string;
  used_at: Date | null;
  session_id: string;
  user_id: string;
  institution_id: string | null;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Data access for `sessions` and their `refresh_tokens`. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async insert(tx: EntityManager, row: Pick<SessionEntity, 'id' | 'userId' | 'institutionId' | 'expiresAt'>): Promise<void> {
    await tx.getRepository(SessionEntity).insert(row);
  }

  async insertRefreshToken(tx: EntityManager, row: Pick<RefreshTokenEntity, 'id' | 'sessionId' | 'tokenHash'>): Promise<void> {
    await tx.getRepository(RefreshTokenEntity).insert(row);
  }

  /** Locks the token's row: two refreshes with one token are serialised, the second sees it used. */
  async findRefreshTokenForUpdate(tx: EntityManager, tokenHash: string): Promise<PresentedRefreshToken | null> {
    const rows = await queryRows<PresentedRefreshToken>(
      tx,
      `SELECT rt.id, rt.used_at, s.id AS session_id, s.user_id, s.institution_id, s.expires_at, s.revoked_at
         FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = $1
        FOR UPDATE OF rt`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async markRefreshTokenUsed(tx: EntityManager, id: string, at: Date): Promise<void> {
    await tx.getRepository(RefreshTokenEntity).update({ id }, { usedAt: at });
  }

  revoke(tx: EntityManager, userId: string, sessionId: string, at: Date): Promise<RevokedSession[]> {
    return queryRows<RevokedSession>(
      tx,
      'UPDATE sessions SET revoked_at = $3 WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL RETURNING id, expires_at',
      [userId, sessionId, at],
    );
  }

  revokeAllExcept(tx: EntityManager, userId: string, keepSessionId: string | null, at: Date): Promise<RevokedSession[]> {
    return queryRows<RevokedSession>(
      tx,
      `UPDATE sessions SET revoked_at = $3
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $3 AND ($2::uuid IS NULL OR id <> $2::uuid)
        RETURNING id, expires_at`,
      [userId, keepSessionId, at],
    );
  }

  /** Sessions revoked since `since` whose access tokens may still be about. */
  findRevokedSince(since: Date): Promise<RevokedSession[]> {
    return queryRows<RevokedSession>(
      this.ds.manager,
      'SELECT id, expires_at FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at > $1 AND expires_at > $1',
      [since],
    );
  }

  listForUser(userId: string): Promise<SessionEntity[]> {
    return this.ds.getRepository(SessionEntity).find({ where: { userId }, order: { createdAt: 'DESC' } });
  }
}
