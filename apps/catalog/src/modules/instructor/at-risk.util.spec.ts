import { describe, expect, it } from '@jest/globals';
import { assessRisk } from './at-risk.util.js';

const now = new Date('2026-05-01T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const base = {
  progress: 10,
  doneUnits: 1,
  completed: false,
  enrolledAt: daysAgo(30),
  lastActivityAt: daysAgo(8),
  now,
  quizAttempts: 0,
  avgQuizScore: 0,
};

describe('assessRisk', () => {
  it('flags low progress with a week of inactivity, listing why', () => {
    expect(assessRisk(base)).toEqual({
      level: 'medium',
      daysInactive: 8,
      factors: ['Low progress: 10% complete', 'No activity for 8 days'],
    });
  });

  it('is high when progress is under 25% and inactivity reaches 14 days, and says when nothing was ever completed', () => {
    expect(assessRisk({ ...base, doneUnits: 0, progress: 0, lastActivityAt: daysAgo(20) })).toEqual({
      level: 'high',
      daysInactive: 20,
      factors: ['Low progress: 0% complete', 'No activity for 20 days', 'Nothing completed since enrolling 30 days ago'],
    });
    expect(assessRisk({ ...base, progress: 30, lastActivityAt: daysAgo(20) })?.level).toBe('medium');
  });

  it('leaves out active learners, learners at 50% or more, and finished ones', () => {
    expect(assessRisk({ ...base, lastActivityAt: daysAgo(6) })).toBeNull();
    expect(assessRisk({ ...base, progress: 50 })).toBeNull();
    expect(assessRisk({ ...base, completed: true })).toBeNull();
  });

  it('flags an active learner whose quiz average is under 50%, at medium risk, naming the average', () => {
    expect(assessRisk({ ...base, progress: 80, lastActivityAt: daysAgo(1), quizAttempts: 3, avgQuizScore: 42.5 })).toEqual({
      level: 'medium',
      daysInactive: 1,
      factors: ['Low quiz scores: 42.5% average over 3 attempts'],
    });
    expect(assessRisk({ ...base, lastActivityAt: daysAgo(0), quizAttempts: 1, avgQuizScore: 0 })?.factors).toEqual([
      'Low quiz scores: 0% average over 1 attempt',
    ]);
  });

  it('adds low quiz scores to the reasons of a learner already at risk, keeping the level the rule gives', () => {
    expect(assessRisk({ ...base, progress: 0, lastActivityAt: daysAgo(20), quizAttempts: 2, avgQuizScore: 30 })).toEqual({
      level: 'high',
      daysInactive: 20,
      factors: ['Low progress: 0% complete', 'No activity for 20 days', 'Low quiz scores: 30% average over 2 attempts'],
    });
  });

  it('does not judge quizzes without an attempt, at 50% or more, or once the course is finished', () => {
    const active = { ...base, progress: 80, lastActivityAt: daysAgo(1) };
    expect(assessRisk({ ...active, quizAttempts: 0, avgQuizScore: 0 })).toBeNull();
    expect(assessRisk({ ...active, quizAttempts: 4, avgQuizScore: 50 })).toBeNull();
    expect(assessRisk({ ...active, completed: true, quizAttempts: 4, avgQuizScore: 10 })).toBeNull();
  });
});
