import { describe, expect, it } from '@jest/globals';
import { humaniseCode, isKnownAchievement } from './achievements';

describe('achievement codes', () => {
  it('knows the documented codes', () => {
    expect(isKnownAchievement('FIRST_PASS')).toBe(true);
    expect(isKnownAchievement('ON_THE_RISE')).toBe(true);
    expect(isKnownAchievement('STREAK_7')).toBe(false);
  });
  it('turns an unknown code into words', () => {
    expect(humaniseCode('STREAK_OF_SEVEN')).toBe('Streak of seven');
    expect(humaniseCode('night-owl')).toBe('Night owl');
    expect(humaniseCode('__')).toBe('__');
  });
});
