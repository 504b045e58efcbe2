import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A link's row as the reset reads it (locked). */
export interface ResetTokenRow {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** Data access for `password_reset_tokens`; no rules here. */
@Injectable()
export class PasswordResetRepository {
  /** Links of the user created since `since` (sent e-mails, counted per account). */
  async countCreatedSince(tx: EntityManager, userId: string, since: Date): Promise<number> {
    const [row] = (await tx.query('SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1 AND created_at > $2', [
      userId,
      since,
    ])) as Array<{ n: number }>;
    return row?.n ?? 0;
  }

  /** The user's unused links stop working at `at`; rows older than `forgetBefore` go (they no longer count for anything). */
  async expireUnusedAndForgetOld(tx: EntityManager, userId: string, at: Date, forgetBefore: Date): Promise<void> {
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND created_at < $2', [userId, forgetBefore]);
    await this.expireUnused(tx, userId, at);
  }

  /** The user's links not used yet stop working at `at`. */
  private async expireUnused(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await tx.query('UPDATE password_reset_tokens SET expires_at = $2 WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2', [
      userId,
      at,
    ]);
  }

  async insert(tx: EntityManager, row: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await tx.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
      row.tokenHash,
      row.userId,
      row.expiresAt,
      row.createdAt,
    ]);
  }

  /** Locks the link's row until the transaction ends: two resets with one link queue up here. */
  async findForUpdate(tx: EntityManager, tokenHash: string): Promise<ResetTokenRow | null> {
    const rows = (await tx.query(
      'SELECT token_hash, user_id, expires_at, used_at FROM password_reset_tokens WHERE token_hash = $1 FOR UPDATE',
      [tokenHash],
    )) as ResetTokenRow[];
    return rows[0] ?? null;
  }

  /** This link is spent, and every other unused link of the user with it. */
  async markUsed(tx: EntityManager, tokenHash: string, userId: string, at: Date): Promise<void> {
    await tx.query('UPDATE password_reset_tokens SET used_at = $2 WHERE token_hash = $1', [tokenHash, at]);
    await this.expireUnused(tx, userId, at);
  }
}
