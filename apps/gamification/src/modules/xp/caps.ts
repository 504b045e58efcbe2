/**
 * The XP an award grants under its rule's daily cap: what is left of the cap today, never
 * negative. An award over the cap is still written (at 0 XP), so what it counts towards
 * (the upvotes behind a badge) is not lost, only the XP.
 */
export function cappedXp(ruleXp: number, dailyCap: number | null, alreadyToday: number): number {
  if (dailyCap === null) return ruleXp;
  return Math.max(0, Math.min(ruleXp, dailyCap - alreadyToday));
}
