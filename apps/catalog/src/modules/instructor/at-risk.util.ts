import { AT_RISK_RULE } from '@lp/contracts';

export interface RiskInput {
  progress: number;
  doneUnits: number;
  completed: boolean;
  enrolledAt: Date;
  lastActivityAt: Date;
  now: Date;
  /** the learner's submitted attempts on the course's quizzes, and their average score (%) */
  quizAttempts: number;
  avgQuizScore: number;
}

export interface Risk {
  level: 'high' | 'medium';
  factors: string[];
  daysInactive: number;
}

/** A learner whose quiz average is under this (%), over at least `minAttempts`, is struggling. */
export const LOW_QUIZ_SCORE = { maxAverage: AT_RISK_RULE.lowQuizAverage, minAttempts: 1 } as const;

const DAY_MS = 86_400_000;
const days = (from: Date, to: Date): number => Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));

/**
 * The at-risk rule (AT_RISK_RULE): not finished, progress under 50 % and no activity for 7
 * days or more. High risk when progress is also under 25 % and the inactivity reaches 14
 * days. Every reason that applies is listed.
 *
 * Quiz scores (LOW_QUIZ_SCORE): an average under 50 % over the course's quizzes is a
 * reason of its own, so a learner who keeps working but fails the quizzes is flagged too
 * (medium); on a learner already at risk by the rule above it is listed as a further reason.
 * A learner with no attempt is not judged on quizzes.
 */
export function assessRisk(i: RiskInput): Risk | null {
  if (i.completed) return null;
  const daysInactive = days(i.lastActivityAt, i.now);
  const lowQuizzes = i.quizAttempts >= LOW_QUIZ_SCORE.minAttempts && i.avgQuizScore < LOW_QUIZ_SCORE.maxAverage;
  const idle = i.progress < AT_RISK_RULE.maxProgress && daysInactive >= AT_RISK_RULE.inactiveDays;
  if (!idle && !lowQuizzes) return null;
  const factors: string[] = [];
  if (idle) {
    factors.push(`Low progress: ${i.progress}% complete`, `No activity for ${daysInactive} days`);
    if (i.doneUnits === 0) factors.push(`Nothing completed since enrolling ${days(i.enrolledAt, i.now)} days ago`);
  }
  if (lowQuizzes) {
    const n = i.quizAttempts;
    factors.push(`Low quiz scores: ${i.avgQuizScore}% average over ${n} attempt${n === 1 ? '' : 's'}`);
  }
  const high = idle && i.progress < AT_RISK_RULE.highProgress && daysInactive >= AT_RISK_RULE.highInactiveDays;
  return { level: high ? 'high' : 'medium', factors, daysInactive };
}
