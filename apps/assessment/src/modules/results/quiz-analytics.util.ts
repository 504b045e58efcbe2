import { round1 } from '@lp/service-kit';

export type Trend = 'improving' | 'declining' | 'stable';

/** One submitted attempt as analytics needs it. */
export interface AnalyticsAttempt {
  score: number;
  passed: boolean;
  time_taken_minutes: number;
  total_questions: number;
  /** percentage per subject in this attempt */
  subject_performance: Record<string, { percentage: number }>;
}

/** A move of at least this many points between the halves counts as a trend. */
export const TREND_THRESHOLD_POINTS = 5;
/** recent_improvement compares at most this many latest attempts with as many before them. */
export const RECENT_WINDOW = 5;

/**
 * Stable achievement codes (the SPA translates them), in the order they are listed:
 * - FIRST_ATTEMPT: submitted one attempt
 * - FIRST_PASS: passed one assessment
 * - PERFECT_SCORE: scored 100 once
 * - FIVE_PASSES: passed five attempts
 * - TEN_ATTEMPTS: submitted ten attempts
 * - HIGH_ACHIEVER: an average of 90 or more over at least three attempts
 * - SUBJECT_MASTER: an average of 90 or more in one subject over at least three attempts of it
 * - ON_THE_RISE: recent_improvement of 10 points or more
 */
export const ACHIEVEMENTS = [
  'FIRST_ATTEMPT',
  'FIRST_PASS',
  'PERFECT_SCORE',
  'FIVE_PASSES',
  'TEN_ATTEMPTS',
  'HIGH_ACHIEVER',
  'SUBJECT_MASTER',
  'ON_THE_RISE',
] as const;
export type Achievement = (typeof ACHIEVEMENTS)[number];

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const round2 = (v: number): number => Math.round(v * 100) / 100;

/**
 * Trend of scores in time order: the mean of the later half against the mean of the earlier
 * half (the middle one of an odd count sits in neither); a difference of at least
 * TREND_THRESHOLD_POINTS either way is improving/declining, anything less (or fewer than two
 * scores) is stable.
 */
export function trendOf(scores: readonly number[]): Trend {
  const half = Math.floor(scores.length / 2);
  if (half === 0) return 'stable';
  const diff = mean(scores.slice(scores.length - half)) - mean(scores.slice(0, half));
  if (diff >= TREND_THRESHOLD_POINTS) return 'improving';
  if (diff <= -TREND_THRESHOLD_POINTS) return 'declining';
  return 'stable';
}

/**
 * Mean of the latest k attempts minus the mean of the k before them, k = min(RECENT_WINDOW,
 * half the attempts); 0 with fewer than two attempts.
 */
export function recentImprovement(scores: readonly number[]): number {
  const k = Math.min(RECENT_WINDOW, Math.floor(scores.length / 2));
  if (k === 0) return 0;
  const n = scores.length;
  return round1(mean(scores.slice(n - k)) - mean(scores.slice(n - 2 * k, n - k)));
}

export interface QuizAnalytics {
  total_attempts: number;
  average_score: number;
  passed_count: number;
  pass_rate: number;
  avg_time_per_question: number;
  fastest_completion: number | null;
  subject_performance: Record<string, { average_score: number; attempts: number; trend: Trend }>;
  recent_improvement: number;
  strongest_subject: string | null;
  strongest_subject_score: number | null;
  improvement_area: string | null;
  achievements: Achievement[];
}

/**
 * A learner's analytics from their attempts, oldest first. Averages and rates have one
 * decimal; avg_time_per_question is minutes (two decimals) over every question answered;
 * fastest_completion is the shortest time of a passed attempt (null before a pass).
 * Strongest subject: the highest average (ties: more attempts, then name); improvement
 * area: the lowest average among the others (null with fewer than two subjects).
 */
export function quizAnalytics(attempts: readonly AnalyticsAttempt[]): QuizAnalytics {
  const scores = attempts.map((a) => a.score);
  const passed = attempts.filter((a) => a.passed);
  const questions = attempts.reduce((s, a) => s + a.total_questions, 0);
  const minutes = attempts.reduce((s, a) => s + a.time_taken_minutes, 0);

  const bySubject = new Map<string, number[]>();
  for (const a of attempts)
    for (const [subject, p] of Object.entries(a.subject_performance)) {
      const list = bySubject.get(subject) ?? [];
      list.push(p.percentage);
      bySubject.set(subject, list);
    }
  const subjects = [...bySubject.entries()].map(([name, xs]) => ({
    name,
    average: round1(mean(xs)),
    attempts: xs.length,
    trend: trendOf(xs),
  }));
  const ranked = [...subjects].sort((a, b) => b.average - a.average || b.attempts - a.attempts || a.name.localeCompare(b.name));
  const strongest = ranked[0] ?? null;
  const weakest = ranked.length > 1 ? ranked[ranked.length - 1]! : null;

  const average = round1(mean(scores));
  const improvement = recentImprovement(scores);
  const earned: Record<Achievement, boolean> = {
    FIRST_ATTEMPT: attempts.length >= 1,
    FIRST_PASS: passed.length >= 1,
    PERFECT_SCORE: scores.some((s) => s >= 100),
    FIVE_PASSES: passed.length >= 5,
    TEN_ATTEMPTS: attempts.length >= 10,
    HIGH_ACHIEVER: attempts.length >= 3 && average >= 90,
    SUBJECT_MASTER: subjects.some((s) => s.attempts >= 3 && s.average >= 90),
    ON_THE_RISE: improvement >= 10,
  };

  return {
    total_attempts: attempts.length,
    average_score: average,
    passed_count: passed.length,
    pass_rate: attempts.length ? round1((passed.length / attempts.length) * 100) : 0,
    avg_time_per_question: questions ? round2(minutes / questions) : 0,
    fastest_completion: passed.length ? Math.min(...passed.map((a) => a.time_taken_minutes)) : null,
    subject_performance: Object.fromEntries(
      subjects.map((s) => [s.name, { average_score: s.average, attempts: s.attempts, trend: s.trend }]),
    ),
    recent_improvement: improvement,
    strongest_subject: strongest?.name ?? null,
    strongest_subject_score: strongest?.average ?? null,
    improvement_area: weakest?.name ?? null,
    achievements: ACHIEVEMENTS.filter((a) => earned[a]),
  };
}
