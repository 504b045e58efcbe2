/** The late-penalty rule of assignments, shared by the assessment service (grading) and the SPA (the grading dialog previews it). */
const DAY_MS = 86_400_000;

/** Whole days late, started days counting: 1 second late is 1 day; on time (or early) is 0. */
export function daysLate(submittedAt: Date, dueDate: Date): number {
  const ms = submittedAt.getTime() - dueDate.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

export interface PenalisedGrade {
  /** the grade after the penalty, two decimals, never below 0 */
  grade: number;
  /** the percent taken off (penalty per day x days, at most 100) */
  penalty_percent: number;
  /** points taken off */
  late_penalty_applied: number;
}

/**
 * The late penalty applied to a grade: `penaltyPerDay` percent of the grade for each day
 * late (so 10%/day, 2 days late: 20% off), never more than the whole grade.
 */
export function applyLatePenalty(rawGrade: number, days: number, penaltyPerDay: number): PenalisedGrade {
  const penalty = Math.min(100, Math.max(0, days) * Math.max(0, penaltyPerDay));
  const grade = Math.max(0, Math.round(rawGrade * (1 - penalty / 100) * 100) / 100);
  return { grade, penalty_percent: penalty, late_penalty_applied: Math.round((rawGrade - grade) * 100) / 100 };
}

/** Percentage of max points, two decimals. */
export function gradePercentage(grade: number, maxPoints: number): number {
  return maxPoints > 0 ? Math.round((grade / maxPoints) * 10_000) / 100 : 0;
}
