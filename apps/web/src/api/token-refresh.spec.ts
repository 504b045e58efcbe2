import { describe, expect, it } from '@jest/globals';
import { expiresAt, isExpiring } from './token-refresh';

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('access token expiry', () => {
  it('reads exp from the token', () => {
    expect(expiresAt(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000);
    expect(expiresAt('not-a-token')).toBeNull();
  });

  it('counts a token as expiring half a minute before its end', () => {
    const token = jwt({ exp: 1000 });
    expect(isExpiring(token, 900)).toBe(false);
    expect(isExpiring(token, 971)).toBe(true);
    expect(isExpiring(token, 2000)).toBe(true);
  });
});
