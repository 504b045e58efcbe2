/**
 * Gamification's constants, declared once: the service's rules, the SPA's labels and the
 * docs read them from here (docs/gamification.md says why each is what it is).
 */

/** The platform's time zone: weeks (Monday 00:00) and months of the boards start here. */
export const PLATFORM_TIME_ZONE = 'Africa/Addis_Ababa';

/**
 * The daily study reminder (docs/notifications.md): at the hour a learner chose, in their time
 * zone (this one until they choose), on a day without activity, to learners active in the
 * last STUDY_REMINDER_RECENT_DAYS days only: someone who stopped coming is not nagged daily.
 */
export const STUDY_REMINDER_DEFAULT_HOUR = 18;
export const STUDY_REMINDER_RECENT_DAYS = 14;

export const LEADERBOARD_TIMEFRAMES = ['week', 'month', 'all'] as const;
export type LeaderboardTimeframe = (typeof LEADERBOARD_TIMEFRAMES)[number];
export const LEADERBOARD_TIMEFRAME_LABELS: Record<LeaderboardTimeframe, string> = {
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
};
/** rows of a board; the caller's own row comes besides them when it is further down */
export const LEADERBOARD_SIZE = 100;
/** rows shown above and below the caller's own */
export const LEADERBOARD_NEIGHBOURS = 2;
export const MEDALS = ['gold', 'silver', 'bronze'] as const;
export type Medal = (typeof MEDALS)[number];

/**
 * Levels: reaching level n takes 50 * n * (n - 1) XP in all (level 2 at 100, 3 at 300, 4 at
 * 600, 5 at 1,000, 10 at 4,500, 20 at 19,000): each level asks 100 XP more than the one
 * before, as Moodle's Level Up! does by default. Written once; the service and the header's
 * progress bar both read it.
 */
export const LEVEL_XP_STEP = 100;
export const MAX_LEVEL = 100;
export function xpForLevel(level: number): number {
  const n = Math.max(1, Math.min(MAX_LEVEL, Math.floor(level)));
  return (LEVEL_XP_STEP / 2) * n * (n - 1);
}
export function levelOf(totalXp: number): number {
  const xp = Math.max(0, totalXp);
  // the inverse of xpForLevel, then corrected for floating point at the thresholds
  let n = Math.floor((1 + Math.sqrt(1 + (8 * xp) / LEVEL_XP_STEP)) / 2);
  while (n < MAX_LEVEL && xpForLevel(n + 1) <= xp) n += 1;
  while (n > 1 && xpForLevel(n) > xp) n -= 1;
  return Math.min(MAX_LEVEL, Math.max(1, n));
}
export interface LevelProgress {
  level: number;
  /** XP at which the current level started */
  level_xp: number;
  /** XP at which the next level starts; null at MAX_LEVEL */
  next_level_xp: number | null;
  /** 0..1 of the way to the next level */
  progress: number;
}
export function levelProgress(totalXp: number): LevelProgress {
  const level = levelOf(totalXp);
  const level_xp = xpForLevel(level);
  const next_level_xp = level >= MAX_LEVEL ? null : xpForLevel(level + 1);
  const progress = next_level_xp === null ? 1 : Math.min(1, Math.max(0, (totalXp - level_xp) / (next_level_xp - level_xp)));
  return { level, level_xp, next_level_xp, progress };
}

/**
 * Weekly leagues (Duolingo's): each active learner is placed each week in a cohort of up to
 * LEAGUE_SIZE in their tier; at the week's end the top LEAGUE_PROMOTE move a tier up and the
 * bottom LEAGUE_DEMOTE a tier down.
 */
export const LEAGUE_TIERS = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];
export const LEAGUE_TIER_LABELS: Record<LeagueTier, string> = {
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
  diamond: 'Diamond',
};
export const LEAGUE_SIZE = 30;
export const LEAGUE_PROMOTE = 7;
export const LEAGUE_DEMOTE = 5;

/** Referrals: the code's form, the reward (paid once, on the referred account's first completed lesson) and the cap. */
export const REFERRAL_CODE_LENGTH = 8;
/** letters and digits people do not confuse (no 0/O, 1/I/L) */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_REWARD_MINOR = 500;
export const REFERRAL_REWARD_CURRENCY = 'USD' as const;
/** rewarded referrals per referrer per calendar month (platform time zone); more complete but are refused a reward */
export const REFERRAL_MONTHLY_CAP = 10;
export const REFERRAL_STATUSES = ['pending', 'completed', 'refused'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_REFUSALS = ['self_referral', 'same_email', 'already_referred', 'monthly_cap', 'unknown_code'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];
