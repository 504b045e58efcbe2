import { levelProgress, type GamificationProfile, type LeaderboardEntry, type User } from '@lp/contracts';
import { aUser } from '../../testing/users';

/** Tests only: the shapes the gamification screens read, as the service answers them. */

export const ME_ID = '99999999-8888-4777-8666-555555555555';
export const at = '2026-11-27T09:00:00.000Z';

export const learner: User = aUser({ id: ME_ID, created_at: at });

export const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function entry(rank: number, n: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    rank,
    user_id: userId(n),
    name: `Learner ${n}`,
    profile_image: null,
    level: 3,
    total_xp: 1000 - rank * 10,
    current_streak: 2,
    badges: [],
    medal: rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null,
    is_me: false,
    ...extra,
  };
}

export function profile(totalXp: number, extra: Partial<GamificationProfile> = {}): GamificationProfile {
  return {
    user_id: ME_ID,
    total_xp: totalXp,
    xp_this_week: 40,
    level: levelProgress(totalXp),
    current_streak: 3,
    longest_streak: 5,
    last_active_day: '2026-11-27',
    badges: [],
    settings: { hide_from_leaderboards: false, time_zone: 'Africa/Addis_Ababa', time_zone_set: true, study_reminder_hour: 18 },
    ...extra,
  };
}
