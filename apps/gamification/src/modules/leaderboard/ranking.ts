import { MEDALS, type Medal } from '@lp/contracts';

/**
 * Competition ranking ("1, 2, 2, 4"): people with the same XP share a rank, and the next rank
 * skips as many places as shared the one before. Rank = 1 + how many people have strictly more.
 */

/** Ranks of a list already sorted by score, best first, that starts at the top of the board. */
export function competitionRanks(scores: readonly number[]): number[] {
  const ranks: number[] = [];
  scores.forEach((score, i) => {
    ranks.push(i > 0 && scores[i - 1] === score ? ranks[i - 1]! : i + 1);
  });
  return ranks;
}

/** The rank of `score` when `strictlyAbove` people have more. */
export const rankFromCountAbove = (strictlyAbove: number): number => strictlyAbove + 1;

/** Gold, silver and bronze for ranks 1 to 3 (tied people share the medal). */
export function medalFor(rank: number): Medal | null {
  return rank >= 1 && rank <= MEDALS.length ? MEDALS[rank - 1]! : null;
}

/** The positions (0-based, in board order) of up to `around` rows each side of `pos`, the row itself excluded. */
export function neighbourWindow(pos: number, size: number, around: number): { from: number; to: number } {
  return { from: Math.max(0, pos - around), to: Math.min(size - 1, pos + around) };
}
