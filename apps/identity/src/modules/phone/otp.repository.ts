import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OtpCodeEntity } from '../../entities/otp-code.entity.js';

/** Data access for `otp_codes` (one live code per phone). */
@Injectable()
export class OtpRepository {
  /**
   * A new code replaces the phone's previous one, inside the phone's hour: sends and wrong
   * tries so far are kept (re-sending does not buy more guesses); a new hour starts over.
   * Answers false, changing nothing, when the hour's sends are used up. One statement, so
   * concurrent sends are counted exactly.
   */
  async replace(
    tx: EntityManager,
    phone: string,
    codeHash: string,
    now: Date,
    expiresAt: Date,
    windowStart: Date,
    maxSends: number,
  ): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO otp_codes (phone, code_hash, expires_at, attempts, consumed_at, created_at, window_started_at, sends)
       VALUES ($1, $2, $3, 0, NULL, $4, $4, 1)
       ON CONFLICT (phone) DO UPDATE SET
         code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, consumed_at = NULL, created_at = EXCLUDED.created_at,
         attempts = CASE WHEN otp_codes.window_started_at > $5 THEN otp_codes.attempts ELSE 0 END,
         sends = CASE WHEN otp_codes.window_started_at > $5 THEN otp_codes.sends + 1 ELSE 1 END,
         window_started_at = CASE WHEN otp_codes.window_started_at > $5 THEN otp_codes.window_started_at ELSE EXCLUDED.window_started_at END
       WHERE otp_codes.window_started_at <= $5 OR otp_codes.sends < $6
       RETURNING sends`,
      [phone, codeHash, expiresAt, now, windowStart, maxSends],
    );
    return rows.length > 0;
  }

  findForUpdate(tx: EntityManager, phone: string): Promise<OtpCodeEntity | null> {
    return tx
      .getRepository(OtpCodeEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.phone = :phone', { phone })
      .getOne();
  }

  async countFailure(tx: EntityManager, phone: string): Promise<void> {
    await tx.getRepository(OtpCodeEntity).increment({ phone }, 'attempts', 1);
  }

  async markConsumed(tx: EntityManager, phone: string, at: Date): Promise<void> {
    await tx.getRepository(OtpCodeEntity).update({ phone }, { consumedAt: at });
  }
}
