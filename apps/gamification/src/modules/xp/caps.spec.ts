import { describe, expect, it } from '@jest/globals';
import { cappedXp } from './caps.js';

describe('cappedXp', () => {
  it('grants the rule in full without a cap or below it, what is left at the cap, and 0 past it', () => {
    expect(cappedXp(25, null, 10_000)).toBe(25);
    expect(cappedXp(5, 50, 40)).toBe(5);
    expect(cappedXp(10, 30, 25)).toBe(5);
    expect(cappedXp(5, 50, 50)).toBe(0);
    expect(cappedXp(5, 50, 70)).toBe(0);
  });
});
