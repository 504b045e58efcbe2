/** The achievement codes the assessment service documents as stable (quiz-analytics.util.ts); others show generically. */
export const KNOWN_ACHIEVEMENTS = [
  'FIRST_ATTEMPT',
  'FIRST_PASS',
  'PERFECT_SCORE',
  'FIVE_PASSES',
  'TEN_ATTEMPTS',
  'HIGH_ACHIEVER',
  'SUBJECT_MASTER',
  'ON_THE_RISE',
] as const;
export type KnownAchievement = (typeof KNOWN_ACHIEVEMENTS)[number];

export const isKnownAchievement = (code: string): code is KnownAchievement => (KNOWN_ACHIEVEMENTS as readonly string[]).includes(code);

/** "SOME_NEW_CODE" -> "Some new code": an achievement this screen does not know yet still reads as words. */
export function humaniseCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}
