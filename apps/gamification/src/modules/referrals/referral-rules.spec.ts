import { describe, expect, it } from '@jest/globals';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, REFERRAL_MONTHLY_CAP, REFERRAL_REWARD_MINOR } from '@lp/contracts';
import {
  generateReferralCode,
  judgeRegistration,
  maskEmail,
  normalizeCode,
  normalizeEmail,
  rewardAtCompletion,
  rewardNote,
  type RegistrationFacts,
} from './referral-rules.js';

describe('normalizeEmail', () => {
  it('lower-cases and trims', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });
  it('drops gmail dots and reads googlemail as gmail', () => {
    expect(normalizeEmail('a.l.i.c.e@gmail.com')).toBe('alice@gmail.com');
    expect(normalizeEmail('A.lice@GoogleMail.com')).toBe('alice@gmail.com');
  });
  it('drops a +tag on any domain, but keeps dots outside gmail', () => {
    expect(normalizeEmail('alice+ref1@gmail.com')).toBe('alice@gmail.com');
    expect(normalizeEmail('al.ice+x@outlook.com')).toBe('al.ice@outlook.com');
  });
  it('leaves an empty or odd value comparable', () => {
    expect(normalizeEmail(null)).toBe('');
    expect(normalizeEmail('')).toBe('');
    expect(normalizeEmail('no-at-sign')).toBe('no-at-sign');
  });
});

describe('maskEmail', () => {
  it('keeps two letters and the domain', () => {
    expect(maskEmail('alice@gmail.com')).toBe('al***@gmail.com');
  });
  it('keeps one letter of a short name and masks what is not an address', () => {
    expect(maskEmail('al@x.org')).toBe('a***@x.org');
    expect(maskEmail('')).toBe('***');
    expect(maskEmail(null)).toBe('***');
  });
});

describe('generateReferralCode', () => {
  it('makes codes of the alphabet and length', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateReferralCode();
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      for (const ch of code) expect(REFERRAL_CODE_ALPHABET).toContain(ch);
    }
  });
  it('throws away the bytes that would bias it', () => {
    const n = REFERRAL_CODE_ALPHABET.length;
    const limit = 256 - (256 % n);
    // every byte at or past the limit is skipped; byte 0 and 1 map to the first two letters
    const code = generateReferralCode((len) => Uint8Array.from({ length: len }, (_, i) => (i % 2 === 0 ? limit : i % 2)));
    expect(code).toBe(REFERRAL_CODE_ALPHABET[1]!.repeat(REFERRAL_CODE_LENGTH));
  });
});

describe('normalizeCode', () => {
  it('upper-cases and trims; nothing given is null', () => {
    expect(normalizeCode(' abcd2345 ')).toBe('ABCD2345');
    expect(normalizeCode('')).toBeNull();
    expect(normalizeCode('   ')).toBeNull();
    expect(normalizeCode(undefined)).toBeNull();
  });
});

describe('judgeRegistration', () => {
  const facts = (over: Partial<RegistrationFacts> = {}): RegistrationFacts => ({
    referredId: 'new',
    referredEmailNormalized: 'bob@gmail.com',
    owner: { userId: 'owner', emailNormalized: 'alice@gmail.com' },
    emailAlreadyReferred: false,
    ...over,
  });
  it('a fresh account with a known code is pending', () => {
    expect(judgeRegistration(facts())).toEqual({ status: 'pending', refusal: null });
  });
  it('refuses an unknown code', () => {
    expect(judgeRegistration(facts({ owner: null }))).toEqual({ status: 'refused', refusal: 'unknown_code' });
  });
  it("refuses the code's owner", () => {
    expect(judgeRegistration(facts({ referredId: 'owner' }))).toEqual({ status: 'refused', refusal: 'self_referral' });
  });
  it("refuses another account on the owner's own inbox", () => {
    expect(judgeRegistration(facts({ referredEmailNormalized: 'alice@gmail.com' }))).toEqual({ status: 'refused', refusal: 'same_email' });
  });
  it('refuses an inbox already referred under another account', () => {
    expect(judgeRegistration(facts({ emailAlreadyReferred: true }))).toEqual({ status: 'refused', refusal: 'already_referred' });
  });
  it('a phone registration (no e-mail) is not taken for the owner nor for a repeat', () => {
    expect(
      judgeRegistration(
        facts({ referredEmailNormalized: '', owner: { userId: 'owner', emailNormalized: '' }, emailAlreadyReferred: true }),
      ),
    ).toEqual({
      status: 'pending',
      refusal: null,
    });
  });
});

describe('rewardAtCompletion', () => {
  it('pays the reward below the cap and nothing at it, saying why', () => {
    expect(rewardAtCompletion(0)).toEqual({ rewardMinor: REFERRAL_REWARD_MINOR, refusal: null });
    expect(rewardAtCompletion(REFERRAL_MONTHLY_CAP - 1)).toEqual({ rewardMinor: REFERRAL_REWARD_MINOR, refusal: null });
    expect(rewardAtCompletion(REFERRAL_MONTHLY_CAP)).toEqual({ rewardMinor: 0, refusal: 'monthly_cap' });
    expect(rewardNote('monthly_cap')).toContain(String(REFERRAL_MONTHLY_CAP));
    expect(rewardNote(null)).toBeNull();
  });
});
