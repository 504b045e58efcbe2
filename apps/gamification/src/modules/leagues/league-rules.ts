import { LEAGUE_DEMOTE, LEAGUE_PROMOTE, LEAGUE_TIERS, type LeagueTier } from '@lp/contracts';

/**
 * The weekly leagues' rules, pure: where a place in a league ends the week, the tier that
 * follows, and the activity band a learner is grouped by.
 */

export type LeagueZone = 'promotion' | 'stay' | 'demotion';
export type LeagueOutcome = 'promoted' | 'stayed' | 'demoted';

const tierIndex = (tier: LeagueTier): number => LEAGUE_TIERS.indexOf(tier);

/**
 * The zone of position `pos` (1-based, by XP) in a league of `size` with `xp` this week: the top
 * LEAGUE_PROMOTE go up (not from the top tier, and only with XP this week), the bottom
 * LEAGUE_DEMOTE go down (not from the lowest tier) unless they are already in the promotion zone
 * (a small league promotes before it demotes: nobody is pushed down by a cohort too small to race).
 */
export function zoneOf(pos: number, size: number, tier: LeagueTier, xp: number): LeagueZone {
  const canRise = tierIndex(tier) < LEAGUE_TIERS.length - 1;
  const canFall = tierIndex(tier) > 0;
  if (canRise && pos <= LEAGUE_PROMOTE && xp > 0) return 'promotion';
  if (canFall && pos > Math.max(LEAGUE_PROMOTE, size - LEAGUE_DEMOTE)) return 'demotion';
  return 'stay';
}

export const outcomeOf = (zone: LeagueZone): LeagueOutcome =>
  zone === 'promotion' ? 'promoted' : zone === 'demotion' ? 'demoted' : 'stayed';

/** The tier of the week after one that ended with `outcome` in `tier` (a week not closed yet keeps the tier). */
export function nextTier(tier: LeagueTier, outcome: LeagueOutcome | null): LeagueTier {
  const i = tierIndex(tier) + (outcome === 'promoted' ? 1 : outcome === 'demoted' ? -1 : 0);
  return LEAGUE_TIERS[Math.max(0, Math.min(LEAGUE_TIERS.length - 1, i))]!;
}

/**
 * How active a learner has been lately, coarsely: XP over the four weeks before this one, in
 * doubling steps (0: none, 1: under 50, 2: under 150, 3: under 350, …, 6 from 1,550). Learners
 * of one band share leagues, so a daily learner does not race someone who drops by once a month.
 */
export function activityBand(recentXp: number): number {
  if (recentXp <= 0) return 0;
  return Math.min(6, 1 + Math.floor(Math.log2(1 + recentXp / 50)));
}
