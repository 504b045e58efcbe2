import { describe, expect, it } from '@jest/globals';
import { competitionRanks, medalFor, neighbourWindow, rankFromCountAbove } from './ranking.js';

describe('competition ranking', () => {
  it('lets ties share a rank and skips the places they took (1, 2, 2, 4)', () => {
    expect(competitionRanks([300, 200, 200, 100])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([50, 50, 50])).toEqual([1, 1, 1]);
    expect(competitionRanks([90, 80, 70, 70, 70, 10])).toEqual([1, 2, 3, 3, 3, 6]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('ranks a score below the list by how many have strictly more', () => {
    expect(rankFromCountAbove(0)).toBe(1);
    expect(rankFromCountAbove(104)).toBe(105);
  });

  it('gives gold, silver and bronze to ranks 1 to 3 only (tied people share one)', () => {
    expect([1, 2, 3, 4, 0].map(medalFor)).toEqual(['gold', 'silver', 'bronze', null, null]);
    expect(competitionRanks([10, 10, 5]).map(medalFor)).toEqual(['gold', 'gold', 'bronze']);
  });

  it('takes two rows each side of a position, cut at the board’s ends', () => {
    expect(neighbourWindow(10, 50, 2)).toEqual({ from: 8, to: 12 });
    expect(neighbourWindow(0, 50, 2)).toEqual({ from: 0, to: 2 });
    expect(neighbourWindow(49, 50, 2)).toEqual({ from: 47, to: 49 });
  });
});
