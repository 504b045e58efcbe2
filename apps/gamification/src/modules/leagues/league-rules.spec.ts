import { describe, expect, it } from '@jest/globals';
import { LEAGUE_DEMOTE, LEAGUE_PROMOTE, LEAGUE_SIZE } from '@lp/contracts';
import { activityBand, nextTier, outcomeOf, zoneOf } from './league-rules.js';

describe('league rules', () => {
  it('promotes the top 7 and demotes the bottom 5 of a full league of 30', () => {
    expect([LEAGUE_SIZE, LEAGUE_PROMOTE, LEAGUE_DEMOTE]).toEqual([30, 7, 5]);
    const zones = Array.from({ length: 30 }, (_, i) => zoneOf(i + 1, 30, 'silver', 100));
    expect(zones.filter((z) => z === 'promotion')).toHaveLength(7);
    expect(zones.slice(0, 7).every((z) => z === 'promotion')).toBe(true);
    expect(zones.slice(25).every((z) => z === 'demotion')).toBe(true);
    expect(zones.slice(7, 25).every((z) => z === 'stay')).toBe(true);
  });

  it('never demotes from bronze nor promotes from diamond', () => {
    expect(zoneOf(30, 30, 'bronze', 5)).toBe('stay');
    expect(zoneOf(1, 30, 'diamond', 900)).toBe('stay');
    expect(zoneOf(30, 30, 'diamond', 0)).toBe('demotion');
  });

  it('promotes before it demotes in a small league, and promotes nobody without XP this week', () => {
    expect(Array.from({ length: 9 }, (_, i) => zoneOf(i + 1, 9, 'gold', 10))).toEqual([
      ...Array(7).fill('promotion'),
      'demotion',
      'demotion',
    ]);
    expect(zoneOf(1, 3, 'gold', 0)).toBe('stay');
  });

  it('moves the tier one step by the outcome, and keeps it for a week not closed yet', () => {
    expect(nextTier('bronze', 'promoted')).toBe('silver');
    expect(nextTier('silver', 'demoted')).toBe('bronze');
    expect(nextTier('gold', 'stayed')).toBe('gold');
    expect(nextTier('gold', null)).toBe('gold');
    expect(nextTier('diamond', 'promoted')).toBe('diamond');
    expect(outcomeOf('promotion')).toBe('promoted');
    expect(outcomeOf('demotion')).toBe('demoted');
    expect(outcomeOf('stay')).toBe('stayed');
  });

  it('groups learners by recent activity in doubling bands', () => {
    expect([0, 1, 49, 50, 149, 150, 349, 350, 1549, 1550, 100_000].map(activityBand)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6]);
  });
});
