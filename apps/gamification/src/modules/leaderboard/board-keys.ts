import type { LeaderboardTimeframe } from '@lp/contracts';

/**
 * The Redis keys of the platform boards, under the run's prefix like every other Redis key (rate
 * limits, sessions) so test runs and a second stack each keep their own. A board is named by its
 * period ("…:lb:week:2026-11-23"), so a new week is a new, empty key: nothing is ever deleted to
 * reset one. The `:ready` mark says the board was built from PostgreSQL; without it (Redis lost
 * its data, or the period just began) the board is rebuilt before it is read.
 */
export function boardKey(busPrefix: string, period: LeaderboardTimeframe, start: string): string {
  return `${busPrefix}gamification:lb:${period}:${start}`;
}

export const readyKey = (board: string): string => `${board}:ready`;
