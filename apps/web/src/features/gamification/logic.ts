import type { GamificationProfile, LeaderboardEntry, LeaderboardResponse } from '@lp/contracts';
import { gamificationEvents, LEADERBOARD_TIMEFRAMES, PLATFORM_TIME_ZONE, type LeaderboardTimeframe } from '@lp/contracts';

/** The tabs of /leaderboard: the three boards, then the weekly league. */
export const LEADERBOARD_TABS = [...LEADERBOARD_TIMEFRAMES, 'league'] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

/** The tab a `?tab=` names; anything else is this week's board. */
export function leaderboardTabFrom(param: string | null): LeaderboardTab {
  return (LEADERBOARD_TABS as readonly string[]).includes(param ?? '') ? (param as LeaderboardTab) : 'week';
}

export const isTimeframe = (tab: LeaderboardTab): tab is LeaderboardTimeframe => tab !== 'league';

/**
 * What the board shows: the top rows, and, when the caller ranks below them, a second block of
 * the caller's own row with its neighbours (two above, two below) in rank order, so the caller
 * always finds themselves without scrolling through a hundred names. Rows already in the top
 * block are not repeated.
 */
export function boardRows(board: Pick<LeaderboardResponse, 'entries' | 'me' | 'neighbours'>): {
  top: LeaderboardEntry[];
  pinned: LeaderboardEntry[];
} {
  const top = board.entries;
  const inTop = new Set(top.map((e) => e.user_id));
  if (!board.me || inTop.has(board.me.user_id)) return { top, pinned: [] };
  const pinned = new Map<string, LeaderboardEntry>();
  for (const e of [...board.neighbours, board.me]) if (!inTop.has(e.user_id)) pinned.set(e.user_id, e);
  return { top, pinned: [...pinned.values()].sort((a, b) => a.rank - b.rank || Number(b.is_me) - Number(a.is_me)) };
}

/** The header's figures: XP into the current level and what the level asks in all; null at the top level. */
export function levelStep(
  profile: Pick<GamificationProfile, 'total_xp' | 'level'>,
): { into: number; span: number; percent: number } | null {
  const { level_xp, next_level_xp, progress } = profile.level;
  if (next_level_xp === null) return null;
  return {
    into: Math.max(0, profile.total_xp - level_xp),
    span: next_level_xp - level_xp,
    percent: Math.round(Math.min(1, Math.max(0, progress)) * 100),
  };
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** What the browser offers for sharing a link (navigator, or a double in tests). */
export interface ShareTarget {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/** Copies the link; answers whether it worked (a page without clipboard access cannot). */
export async function copyLink(link: string, target: ShareTarget = navigator): Promise<boolean> {
  try {
    if (!target.clipboard) return false;
    await target.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}

/**
 * The system share sheet where the browser has one (phones), else the link copied. Closing
 * the sheet is the person's choice, not an error: nothing else happens then.
 */
export async function shareLink(
  data: { title: string; text: string; url: string },
  target: ShareTarget = navigator,
): Promise<ShareOutcome> {
  if (typeof target.share === 'function') {
    try {
      await target.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // some browsers refuse a share outside a trusted gesture: copying still helps
    }
  }
  return (await copyLink(data.url, target)) ? 'copied' : 'failed';
}

/** An achievement the live feed announced, as the toast shows it. */
export type Achievement = { kind: 'level'; level: number; totalXp: number } | { kind: 'badge'; name: string; icon: string };

/**
 * Reads one event of the caller's own live feed against its contract; anything else (another
 * event, a payload off its schema) is no achievement.
 */
export function achievementOf(event: { event: string; data: unknown }): Achievement | null {
  if (event.event === gamificationEvents.levelReached.name) {
    const level = gamificationEvents.levelReached.schema.safeParse(event.data);
    return level.success ? { kind: 'level', level: level.data.level, totalXp: level.data.total_xp } : null;
  }
  if (event.event === gamificationEvents.badgeEarned.name) {
    const badge = gamificationEvents.badgeEarned.schema.safeParse(event.data);
    return badge.success ? { kind: 'badge', name: badge.data.badge_name, icon: badge.data.icon } : null;
  }
  return null;
}

/**
 * A board's day as the platform counts it: weeks start on Monday 00:00 in PLATFORM_TIME_ZONE,
 * so the day is named there, not in the viewer's zone (where Monday 00:00 in Addis Ababa is
 * still Sunday evening in UTC). `endExclusive`: the period's end is the next period's first
 * moment, so its last day is the one before.
 */
export function platformDay(iso: string, locale: string, { endExclusive = false } = {}): string {
  const at = new Date(new Date(iso).getTime() - (endExclusive ? 1 : 0));
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { timeZone: PLATFORM_TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
}
