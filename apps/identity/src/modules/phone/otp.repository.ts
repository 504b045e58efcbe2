import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OtpCodeEntity } from '../../entities/otp-code.entity.js';

/** Data access for `otp_codes` (one live code per phone). */
@Injectable()
export class OtpRepository {
  async replace(tx: EntityManager, phone: string, codeHash: string, expiresAt: Date): Promise<void> {
    await tx.query(
      `INSERT INTO otp_codes (phone, code_hash, expires_at, attempts, consumed_at, created_at) VALUES ($1, $2, $3, 0, NULL, now())
       ON CONFLICT (phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at,
         attempts = 0, consumed_at = NULL, created_at = now()`,
      [phone, codeHash, expiresAt],
    );
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
