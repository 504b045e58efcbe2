import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DEV_TOTP_ENCRYPTION_KEY, TotpSecretCipher } from './totp-secret.cipher.js';

describe('TOTP secrets at rest', () => {
  const cipher = new TotpSecretCipher(DEV_TOTP_ENCRYPTION_KEY);
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('encrypts so that the stored value does not hold the secret, differently each time, and decrypts', () => {
    const a = cipher.encrypt(secret);
    const b = cipher.encrypt(secret);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain(secret);
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe(secret);
  });

  it('refuses a tampered value or another key', () => {
    const stored = cipher.encrypt(secret);
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => cipher.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new TotpSecretCipher(randomBytes(32).toString('base64')).decrypt(stored)).toThrow();
  });

  it('reads a secret stored before encryption as it is, and wants a 32-byte key', () => {
    expect(cipher.decrypt(secret)).toBe(secret);
    expect(() => new TotpSecretCipher(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
