import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@lp/service-kit';
import { TotpSecretCipher } from './totp-secret.cipher.js';

/**
 * Encrypts, at boot, any TOTP secret still stored in the clear (written before encryption
 * existed). Idempotent and safe with several replicas booting: each row is rewritten only
 * while it is still plain.
 */
@Injectable()
export class TotpSecretsAtRest implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(TotpSecretCipher) private readonly cipher: TotpSecretCipher,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    let done = 0;
    for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
      // raw-sql: a data migration run at boot, not a domain query: it needs the cipher's key, so no SQL migration can do it
      const plain: Array<{ id: string; value: string }> = await this.ds.query(
        `SELECT id, ${column} AS value FROM users WHERE ${column} IS NOT NULL AND ${column} NOT LIKE 'v1:%'`,
      );
      for (const row of plain) {
        // raw-sql: the same boot-time migration; compare-and-set, so replicas booting at once never encrypt a secret twice
        await this.ds.query(`UPDATE users SET ${column} = $2 WHERE id = $1 AND ${column} = $3`, [
          row.id,
          this.cipher.encrypt(row.value),
          row.value,
        ]);
        done++;
      }
    }
    if (done) this.log.info({ secrets: done }, 'TOTP secrets encrypted at rest');
  }
}
