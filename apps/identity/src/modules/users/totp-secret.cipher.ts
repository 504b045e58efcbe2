import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A published key for development and tests only; production refuses it (identity-env.ts). */
export const DEV_TOTP_ENCRYPTION_KEY = 'ZGV2ZWxvcG1lbnQtb25seS10b3RwLWtleS0zMmJ5dGU=';

const PREFIX = 'v1:';

/**
 * TOTP secrets at rest: AES-256-GCM with a key only identity holds, so a copy of the
 * database (a backup, a leaked dump) does not give away anybody's second factor.
 * Stored as `v1:` + base64(iv | tag | ciphertext); a value without the prefix is a secret
 * written before encryption, read as it is and encrypted at the next boot (TotpSecretsAtRest).
 */
export class TotpSecretCipher {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  }

  static isEncrypted(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  decrypt(stored: string): string {
    if (!TotpSecretCipher.isEncrypted(stored)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
