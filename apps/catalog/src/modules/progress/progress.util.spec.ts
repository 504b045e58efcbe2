import { describe, expect, it } from '@jest/globals';
import { completionPercentage } from './progress.util.js';

describe('completionPercentage', () => {
  it('is done over total in %, one decimal', () => {
    expect(completionPercentage(1, 3)).toBe(33.3);
    expect(completionPercentage(2, 3)).toBe(66.7);
    expect(completionPercentage(3, 3)).toBe(100);
  });
  it('never exceeds 100 and reaches it only when everything is done', () => {
    expect(completionPercentage(5, 3)).toBe(100);
    expect(completionPercentage(1999, 2000)).toBe(99.9);
  });
  it('is 0 for a course without lessons or items', () => {
    expect(completionPercentage(0, 0)).toBe(0);
  });
});
