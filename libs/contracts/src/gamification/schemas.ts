import { z } from 'zod';
import { IdSchema, IsoDate } from '../common/ids.js';
import { CurrencySchema } from '../billing/money.js';
// one IANA zone check for the platform (mentoring's schedules use it too); a second export of the name would be ambiguous in the index
import { TimeZoneSchema } from '../mentoring/schemas.js';
import { LEADERBOARD_TIMEFRAMES, LEAGUE_TIERS, MEDALS, REFERRAL_REFUSALS } from './constants.js';

/**
 * Gamification's shapes: XP, levels, streaks and badges of a user; the leaderboards and the
 * weekly leagues; referrals. docs/gamification.md has the rules behind them.
 */

export const BadgeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** an icon name the SPA knows (lucide), e.g. "trophy" */
  icon: z.string(),
});
export type Badge = z.infer<typeof BadgeSchema>;
export const EarnedBadgeSchema = BadgeSchema.extend({ earned_at: IsoDate });

export const LevelProgressSchema = z.object({
  level: z.number().int(),
  level_xp: z.number().int(),
  next_level_xp: z.number().int().nullable(),
  progress: z.number(),
});

export const GamificationSettingsSchema = z.object({
  hide_from_leaderboards: z.boolean(),
  /** the IANA zone a streak's days are counted in; the SPA sends the browser's when none is set */
  time_zone: z.string(),
  time_zone_set: z.boolean(),
  /** the hour (0-23, in time_zone) the daily study reminder comes at, on a day without activity */
  study_reminder_hour: z.number().int(),
});
export const GamificationSettingsUpdate = z
  .object({
    hide_from_leaderboards: z.boolean().optional(),
    time_zone: TimeZoneSchema.optional(),
    study_reminder_hour: z
      .number({ error: 'Choose an hour from 0 to 23' })
      .int('Choose an hour from 0 to 23')
      .min(0, 'Choose an hour from 0 to 23')
      .max(23, 'Choose an hour from 0 to 23')
      .optional(),
  })
  .refine(
    (b) => b.hide_from_leaderboards !== undefined || b.time_zone !== undefined || b.study_reminder_hour !== undefined,
    'Nothing to update',
  );

/** The caller's own standing: the shell header's level and progress, /profile's badges. */
export const GamificationProfileSchema = z.object({
  user_id: IdSchema,
  total_xp: z.number().int(),
  xp_this_week: z.number().int(),
  level: LevelProgressSchema,
  current_streak: z.number().int(),
  longest_streak: z.number().int(),
  /** the user's last day with qualifying activity (YYYY-MM-DD in their time zone), null before any */
  last_active_day: z.string().nullable(),
  badges: z.array(EarnedBadgeSchema),
  settings: GamificationSettingsSchema,
});
export type GamificationProfile = z.infer<typeof GamificationProfileSchema>;

export const LeaderboardQuery = z.object({
  timeframe: z.enum(LEADERBOARD_TIMEFRAMES, { error: 'Timeframe must be week, month or all' }).default('week'),
});

/** Spec "Leaderboard entry": user_id, name, level, total_xp, current_streak, badges; with its rank (ties share one) and medal. */
export const LeaderboardEntrySchema = z.object({
  rank: z.number().int(),
  user_id: IdSchema,
  name: z.string(),
  profile_image: z.string().nullable(),
  level: z.number().int(),
  /** XP earned in the timeframe (all time: the user's total) */
  total_xp: z.number().int(),
  current_streak: z.number().int(),
  badges: z.array(BadgeSchema),
  medal: z.enum(MEDALS).nullable(),
  is_me: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardResponse = z.object({
  timeframe: z.enum(LEADERBOARD_TIMEFRAMES),
  /** the board's first moment (Monday 00:00 or the 1st, platform time zone); null for all time */
  period_start: IsoDate.nullable(),
  /** when the board starts again; null for all time */
  period_end: IsoDate.nullable(),
  /** `institution`: the caller is in an institution's portal and sees its members only */
  scope: z.enum(['platform', 'institution']),
  /** people on the board (XP in the timeframe > 0, not hidden, not staff, not suspended or deleted) */
  participants: z.number().int(),
  entries: z.array(LeaderboardEntrySchema),
  /** the caller's row: null when they have no XP in the timeframe or are hidden */
  me: LeaderboardEntrySchema.nullable(),
  /** up to two rows above and two below the caller's */
  neighbours: z.array(LeaderboardEntrySchema),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

export const LeagueMemberSchema = z.object({
  rank: z.number().int(),
  user_id: IdSchema,
  name: z.string(),
  xp: z.number().int(),
  is_me: z.boolean(),
  zone: z.enum(['promotion', 'stay', 'demotion']),
});
export const LeagueResponse = z.object({
  /** null: the caller has no league this week (no activity yet; placed on the first XP of the week) */
  league: z
    .object({
      id: IdSchema,
      tier: z.enum(LEAGUE_TIERS),
      week_start: IsoDate,
      week_end: IsoDate,
      members: z.array(LeagueMemberSchema),
    })
    .nullable(),
  /** the caller's tier (bronze until placed) */
  tier: z.enum(LEAGUE_TIERS),
});
export type LeagueResponse = z.infer<typeof LeagueResponse>;

export const BadgeCatalogResponse = z.array(BadgeSchema.extend({ earned_at: IsoDate.nullable(), criteria: z.string() }));

export const XpRuleSchema = z.object({
  code: z.string(),
  /** the event it listens to (its name in libs/contracts) */
  event: z.string(),
  description: z.string(),
  xp: z.number().int(),
  /** most XP from this rule per user and day (their time zone); null: no cap */
  daily_cap: z.number().int().nullable(),
  /** the event that takes the award back, when there is one */
  reversed_by: z.string().nullable(),
  /** an award of it makes the user's day an active one (streaks, the daily bonus); awards others cause (upvotes received) do not */
  counts_as_activity: z.boolean(),
  active: z.boolean(),
});
export const AdminBadgeSchema = BadgeSchema.extend({ criteria: z.string(), awarded: z.number().int() });

// ------------------------------------------------------------------ referrals

export const ReferralItemSchema = z.object({
  id: IdSchema,
  /** masked: "al***@gmail.com" */
  referred_email: z.string(),
  status: z.enum(['pending', 'completed']),
  created_at: IsoDate,
  completed_at: IsoDate.nullable(),
  reward_claimed: z.boolean(),
  /** why a completed referral paid no reward (the monthly cap); null otherwise */
  reward_note: z.string().nullable(),
});
export const MyReferralsResponse = z.object({
  /** null until the user generates one */
  code: z.string().nullable(),
  /** the site's origin with ?ref=<code>; null without a code */
  link: z.string().nullable(),
  referrals: z.array(ReferralItemSchema),
  reward: z.object({ amount_minor: z.number().int(), currency: CurrencySchema, xp: z.number().int() }),
  earned_minor: z.number().int(),
});
export type MyReferralsResponse = z.infer<typeof MyReferralsResponse>;
export const GenerateReferralResponse = z.object({ code: z.string(), link: z.string() });

export const AdminReferralSummary = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  rewards_paid: z.number().int(),
  rewards_paid_minor: z.number().int(),
  refused: z.number().int(),
  /** the latest refused cases, newest first */
  refusals: z.array(
    z.object({
      id: IdSchema,
      referrer_id: IdSchema.nullable(),
      referrer_name: z.string().nullable(),
      referred_email: z.string(),
      code: z.string(),
      reason: z.enum(REFERRAL_REFUSALS),
      created_at: IsoDate,
    }),
  ),
});

// ------------------------------------------------------------------ bus-only

/** The worker's weekly league close (idempotent and resumable: a closed week is closed once). */
export const CloseWeekRequest = z.object({ now: IsoDate.optional() });
export const CloseWeekReply = z.object({
  week_start: IsoDate,
  leagues_closed: z.number().int(),
  promoted: z.number().int(),
  demoted: z.number().int(),
});

/** Demo data (devOnly): one user's XP awards, oldest first. */
export const SeedXpRequest = z.object({
  user_id: IdSchema,
  awards: z
    .array(
      z.object({
        rule_code: z.string().min(1),
        /** 'seed:…', unique per award: the ledger's key, so seeding twice adds nothing */
        source_id: z.string().regex(/^seed:/),
        source_key: z.string().min(1),
        occurred_at: IsoDate,
      }),
    )
    .max(1000),
});
export const SeedXpReply = z.object({ applied: z.number().int(), xp: z.number().int() });

export const RebuildBoardsRequest = z.object({});
/** totals: the xp_period_totals rows written; the times of the two steps in ms */
export const RebuildBoardsReply = z.object({ totals: z.number().int(), totals_ms: z.number(), boards_ms: z.number() });
