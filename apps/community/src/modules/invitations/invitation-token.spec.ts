import { describe, expect, it } from '@jest/globals';
import { signInvitation, verifyInvitation } from './invitation-token.js';

const ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const EXPIRES = new Date('2026-04-01T12:00:00.750Z');

describe('invitation link tokens', () => {
  it("carry the invitation's id and its expiry in whole seconds, signed", () => {
    const token = signInvitation(ID, EXPIRES, SECRET);
    expect(token.split('.').slice(0, 2)).toEqual([ID, String(Math.floor(EXPIRES.getTime() / 1000))]);
    expect(verifyInvitation(token, SECRET)).toEqual({ id: ID, expiresAtSeconds: Math.floor(EXPIRES.getTime() / 1000) });
  });

  it('are the same for the same invitation and expiry, and change when the expiry does (a resend)', () => {
    expect(signInvitation(ID, EXPIRES, SECRET)).toBe(signInvitation(ID, new Date(EXPIRES.getTime() - 500), SECRET));
    expect(signInvitation(ID, new Date(EXPIRES.getTime() + 1000), SECRET)).not.toBe(signInvitation(ID, EXPIRES, SECRET));
  });

  it('do not verify under another secret', () => {
    expect(verifyInvitation(signInvitation(ID, EXPIRES, SECRET), `${SECRET}-rotated`)).toBeNull();
  });

  it('do not verify once the expiry or the id is changed by hand: nobody stretches a link', () => {
    const [id, exp, sig] = signInvitation(ID, EXPIRES, SECRET).split('.') as [string, string, string];
    expect(verifyInvitation(`${id}.${Number(exp) + 86_400}.${sig}`, SECRET)).toBeNull();
    expect(verifyInvitation(`${ID.replace('3f1c', '4f1c')}.${exp}.${sig}`, SECRET)).toBeNull();
    expect(verifyInvitation(`${id}.${exp}.${sig.slice(0, -1)}`, SECRET)).toBeNull();
  });

  it('refuse anything not shaped like one', () => {
    for (const bad of ['', 'abc', `${ID}.123`, `${ID}.123.sig.extra`, `not-an-id.123.sig`, `${ID}.12a.sig`, `${ID}.1234567890123.sig`])
      expect(verifyInvitation(bad, SECRET)).toBeNull();
  });
});
