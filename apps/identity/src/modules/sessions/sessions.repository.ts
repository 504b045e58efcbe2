import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionEntity } from '../../entities/session.entity.js';
import { queryRows } from '@lp/service-kit';

export interface RevokedSession {
  id: string;
  expires_at: Date;
}

/** Data access for `sessions`. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async insert(tx: EntityManager, row: Pick<SessionEntity, 'id' | 'userId' | 'institutionId' | 'expiresAt'>): Promise<void> {
    await tx.getRepository(SessionEntity).insert(row);
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

  findRevokedUnexpired(now: Date): Promise<RevokedSession[]> {
    return queryRows<RevokedSession>(
      this.ds.manager,
      'SELECT id, expires_at FROM sessions WHERE revoked_at IS NOT NULL AND expires_at > $1',
      [now],
    );
  }

  listForUser(userId: string): Promise<SessionEntity[]> {
    return this.ds.getRepository(SessionEntity).find({ where: { userId }, order: { createdAt: 'DESC' } });
  }
}
