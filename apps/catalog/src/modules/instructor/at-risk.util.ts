import { AT_RISK_RULE } from '@lp/contracts';

export interface RiskInput {
  progress: number;
  doneUnits: number;
  completed: boolean;
  enrolledAt: Date;
  lastActivityAt: Date;
  now: Date;
}

export interface Risk {
  level: 'high' | 'medium';
  factors: string[];
  daysInactive: number;
}

const DAY_MS = 86_400_000;
const days = (from: Date, to: Date): number => Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));

/**
 * The at-risk rule (AT_RISK_RULE): not finished, progress under 50 % and no activity for 7
 * days or more. High risk when progress is also under 25 % and the inactivity reaches 14
 * days. Every reason that applies is listed. Quiz figures join the rule once assessment
 * sends them.
 */
export function assessRisk(i: RiskInput): Risk | null {
  if (i.completed) return null;
  const daysInactive = days(i.lastActivityAt, i.now);
  if (i.progress >= AT_RISK_RULE.maxProgress || daysInactive < AT_RISK_RULE.inactiveDays) return null;
  const factors = [`Low progress: ${i.progress}% complete`, `No activity for ${daysInactive} days`];
  if (i.doneUnits === 0) factors.push(`Nothing completed since enrolling ${days(i.enrolledAt, i.now)} days ago`);
  const high = i.progress < AT_RISK_RULE.highProgress && daysInactive >= AT_RISK_RULE.highInactiveDays;
  return { level: high ? 'high' : 'medium', factors, daysInactive };
}
