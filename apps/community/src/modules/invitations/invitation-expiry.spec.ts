import { describe, expect, it } from '@jest/globals';
import { invitationExpiry, isExpired, renewedExpiry } from './invitation-expiry.js';

const NOW = new Date('2026-03-10T08:15:30.640Z');
const WEEK_MS = 7 * 86_400_000;

describe("an invitation's expiry", () => {
  it('is seven days after its sending, cut to the whole second the link carries', () => {
    const e = invitationExpiry(NOW);
    expect(e.toISOString()).toBe('2026-03-17T08:15:30.000Z');
    expect(e.getTime() % 1000).toBe(0);
  });

  it('moves on with a resend, and later than before even within the same second', () => {
    const first = invitationExpiry(NOW);
    const later = new Date(NOW.getTime() + 3_600_000);
    expect(renewedExpiry(first, later)).toEqual(invitationExpiry(later));
    expect(renewedExpiry(first, new Date(NOW.getTime() + 100)).getTime()).toBe(first.getTime() + 1000);
    expect(renewedExpiry(first, NOW).getTime()).toBeGreaterThan(first.getTime());
  });

  it('holds until its instant and not at it', () => {
    const e = new Date(NOW.getTime() + WEEK_MS);
    expect(isExpired(e, new Date(e.getTime() - 1))).toBe(false);
    expect(isExpired(e, e)).toBe(true);
    expect(isExpired(e, new Date(e.getTime() + 1))).toBe(true);
  });
});
