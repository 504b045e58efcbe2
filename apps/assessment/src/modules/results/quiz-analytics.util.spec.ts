import { describe, expect, it } from '@jest/globals';
import { quizAnalytics, recentImprovement, trendOf, type AnalyticsAttempt } from './quiz-analytics.util.js';

const attempt = (score: number, over: Partial<AnalyticsAttempt> = {}): AnalyticsAttempt => ({
  score,
  passed: score >= 70,
  time_taken_minutes: 10,
  total_questions: 10,
  subject_performance: {},
  ...over,
});

describe('trendOf', () => {
  it('is stable with fewer than two scores', () => {
    expect(trendOf([])).toBe('stable');
    expect(trendOf([40])).toBe('stable');
  });
  it('compares the later half with the earlier half, five points either way', () => {
    expect(trendOf([50, 55])).toBe('improving');
    expect(trendOf([50, 54])).toBe('stable');
    expect(trendOf([60, 55])).toBe('declining');
    expect(trendOf([60, 56])).toBe('stable');
    // the middle of an odd count is ignored: 40,60 | x | 70,90 -> 50 vs 80
    expect(trendOf([40, 60, 0, 70, 90])).toBe('improving');
  });
});

describe('recentImprovement', () => {
  it('is 0 before two attempts', () => {
    expect(recentImprovement([80])).toBe(0);
  });
  it('compares the latest attempts with as many before them, at most five each', () => {
    expect(recentImprovement([50, 70])).toBe(20);
    expect(recentImprovement([90, 50, 60, 70])).toBe(-5); // 65 vs 70
    const twelve = [0, 0, 50, 50, 50, 50, 50, 80, 80, 80, 80, 80];
    expect(recentImprovement(twelve)).toBe(30); // the two oldest are outside both windows
  });
});

describe('quizAnalytics', () => {
  it('answers zeros and nulls without attempts', () => {
    expect(quizAnalytics([])).toEqual({
      total_attempts: 0,
      average_score: 0,
      passed_count: 0,
      pass_rate: 0,
      avg_time_per_question: 0,
      fastest_completion: null,
      subject_performance: {},
      recent_improvement: 0,
      strongest_subject: null,
      strongest_subject_score: null,
      improvement_area: null,
      achievements: [],
    });
  });

  it('computes averages, pass rate with one decimal, time per question and the fastest passed attempt', () => {
    const a = quizAnalytics([
      attempt(40, { time_taken_minutes: 2 }),
      attempt(80, { time_taken_minutes: 12, total_questions: 20 }),
      attempt(75, { time_taken_minutes: 8 }),
    ]);
    expect(a).toMatchObject({ total_attempts: 3, average_score: 65, passed_count: 2, pass_rate: 66.7, fastest_completion: 8 });
    expect(a.avg_time_per_question).toBe(0.55); // 22 minutes over 40 questions
    expect(a.achievements).toEqual(['FIRST_ATTEMPT', 'FIRST_PASS']);
  });

  it('averages subjects across attempts with a trend, and names the strongest and the weakest', () => {
    const a = quizAnalytics([
      attempt(60, { subject_performance: { math: { percentage: 50 }, history: { percentage: 90 } } }),
      attempt(70, { subject_performance: { math: { percentage: 70 } } }),
      attempt(80, { subject_performance: { math: { percentage: 90 }, history: { percentage: 80 } } }),
    ]);
    expect(a.subject_performance).toEqual({
      math: { average_score: 70, attempts: 3, trend: 'improving' },
      history: { average_score: 85, attempts: 2, trend: 'declining' },
    });
    expect([a.strongest_subject, a.strongest_subject_score, a.improvement_area]).toEqual(['history', 85, 'math']);
  });

  it('has no improvement area with a single subject', () => {
    const a = quizAnalytics([attempt(60, { subject_performance: { math: { percentage: 60 } } })]);
    expect([a.strongest_subject, a.improvement_area]).toEqual(['math', null]);
  });

  it('awards every achievement code on its rule', () => {
    const many = [40, 45, 50, 55, 60, 100, 100, 100, 100, 100].map((s, i) =>
      attempt(s, { subject_performance: i >= 7 ? { art: { percentage: 95 } } : { math: { percentage: s } } }),
    );
    expect(quizAnalytics(many).achievements).toEqual([
      'FIRST_ATTEMPT',
      'FIRST_PASS',
      'PERFECT_SCORE',
      'FIVE_PASSES',
      'TEN_ATTEMPTS',
      'SUBJECT_MASTER',
      'ON_THE_RISE',
    ]);
    expect(quizAnalytics([attempt(95), attempt(90), attempt(92)]).achievements).toContain('HIGH_ACHIEVER');
    expect(quizAnalytics([attempt(95), attempt(90)]).achievements).not.toContain('HIGH_ACHIEVER');
  });
});
