import { describe, expect, it } from '@jest/globals';
import { percent } from './tier-measures.js';
import { yearlySavingPercent } from './tier-view.js';

describe('yearly saving', () => {
  it('is 1 - yearly / (12 x monthly), a whole percent', () => {
    expect(yearlySavingPercent(250_000, 2_500_000)).toBe(17);
    expect(yearlySavingPercent(750_000, 7_200_000)).toBe(20);
    expect(yearlySavingPercent(100, 1200)).toBe(0);
  });
  it('is 0 for a free tier, and negative when yearly costs more', () => {
    expect(yearlySavingPercent(0, 0)).toBe(0);
    expect(yearlySavingPercent(100, 1320)).toBe(-10);
  });
});

describe('usage percent', () => {
  it('is capped at 100, null when unlimited, one decimal', () => {
    expect(percent(3, 2)).toBe(100);
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(5, null)).toBeNull();
  });
  it('treats a limit of 0 as full once anything is used', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(1, 0)).toBe(100);
  });
});
