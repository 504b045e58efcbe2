import { describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { acceptTotp, newTotpSecret, otpauthUrl } from './totp.util.js';

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
const t0 = Date.parse('2026-01-01T10:00:00Z');
const step0 = Math.floor(t0 / 30_000);

describe('TOTP', () => {
  it('makes a fresh base32 secret each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('builds an otpauth URL with the LearnHub issuer and the account label', () => {
    const url = otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@example.com');
    expect(url.startsWith('otpauth://totp/LearnHub:ada%40example.com?')).toBe(true);
    expect(url).toContain('issuer=LearnHub');
    expect(url).toContain('secret=JBSWY3DPEHPK3PXP');
  });

  it('accepts the current code and one step either side, and answers the step', () => {
    const s = newTotpSecret();
    expect(acceptTotp(s, codeAt(s, t0), t0, null)).toBe(step0);
    expect(acceptTotp(s, codeAt(s, t0 - 30_000), t0, null)).toBe(step0 - 1);
    expect(acceptTotp(s, codeAt(s, t0 + 30_000), t0, null)).toBe(step0 + 1);
  });

  it('refuses codes two steps away and codes of another secret', () => {
    const s = newTotpSecret();
    expect(acceptTotp(s, codeAt(s, t0 - 60_000), t0, null)).toBeNull();
    expect(acceptTotp(s, codeAt(s, t0 + 60_000), t0, null)).toBeNull();
    expect(acceptTotp(s, codeAt(newTotpSecret(), t0), t0, null)).toBeNull();
  });

  it('refuses a code of a step already used, or older', () => {
    const s = newTotpSecret();
    expect(acceptTotp(s, codeAt(s, t0), t0, step0)).toBeNull();
    expect(acceptTotp(s, codeAt(s, t0 - 30_000), t0, step0)).toBeNull();
    expect(acceptTotp(s, codeAt(s, t0 + 30_000), t0, step0)).toBe(step0 + 1);
  });
});
