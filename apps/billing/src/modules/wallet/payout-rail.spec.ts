import { describe, expect, it } from '@jest/globals';
import { payoutRefused } from './withdrawals.service.js';

describe("the demo payout rail's refusal", () => {
  it('refuses a phone or account number ending in 0000, and pays any other', () => {
    expect(payoutRefused({ phone_number: '+251911110000' })).toBe(true);
    expect(payoutRefused({ account_number: '12340000' })).toBe(true);
    expect(payoutRefused({ phone_number: '+251911110001' })).toBe(false);
    expect(payoutRefused({ account_number: '00001234' })).toBe(false);
  });

  it('reads the phone first, then the account, and pays details with neither', () => {
    expect(payoutRefused({ phone_number: '+251911111111', account_number: '10000' })).toBe(false);
    expect(payoutRefused({})).toBe(false);
  });
});
