import { describe, expect, it } from '@jest/globals';
import { REFERRAL_KEEP_DAYS, forgetReferralCode, referralCode, rememberReferralCode } from './referral-code';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};
const DAY = 24 * 60 * 60 * 1000;

describe('the referral code of a ?ref= link', () => {
  it("is the address's own when it has one", () => {
    expect(referralCode('?ref=ABCD2345', memory())).toBe('ABCD2345');
    expect(referralCode('?ref=%20abcd2345%20', memory())).toBe('abcd2345');
  });

  it('is remembered from the landing address for later pages, for a while', () => {
    const store = memory();
    rememberReferralCode('?ref=ABCD2345', store, 0);
    rememberReferralCode('?q=python', store, 1); // a later address without a code keeps it
    expect(referralCode('', store, REFERRAL_KEEP_DAYS * DAY)).toBe('ABCD2345');
    expect(referralCode('', store, REFERRAL_KEEP_DAYS * DAY + 1)).toBeUndefined();
    expect(referralCode('?ref=NEWC0DE2', store, 5)).toBe('NEWC0DE2');
  });

  it('is forgotten after a registration, and nothing odd in storage is taken for one', () => {
    const store = memory();
    rememberReferralCode('?ref=ABCD2345', store, 0);
    forgetReferralCode(store);
    expect(referralCode('', store, 1)).toBeUndefined();
    store.setItem('referral_code', 'not json');
    expect(referralCode('', store, 1)).toBeUndefined();
    expect(referralCode('?ref=', memory())).toBeUndefined();
  });
});
