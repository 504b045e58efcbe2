import { describe, expect, it } from '@jest/globals';
import { applyLatePenalty, daysLate, gradePercentage } from './late-penalty.js';

describe('late penalty', () => {
  const due = new Date('2030-01-10T12:00:00Z');
  const after = (ms: number) => new Date(due.getTime() + ms);

  it('counts started days late; on time and early are 0', () => {
    expect(daysLate(due, due)).toBe(0);
    expect(daysLate(after(-1000), due)).toBe(0);
    expect(daysLate(after(1000), due)).toBe(1);
    expect(daysLate(after(86_400_000), due)).toBe(1);
    expect(daysLate(after(86_400_001), due)).toBe(2);
  });

  it('takes the per-day percent of the grade for each day late', () => {
    expect(applyLatePenalty(80, 0, 10)).toEqual({ grade: 80, penalty_percent: 0, late_penalty_applied: 0 });
    expect(applyLatePenalty(80, 1, 10)).toEqual({ grade: 72, penalty_percent: 10, late_penalty_applied: 8 });
    expect(applyLatePenalty(80, 2, 10)).toEqual({ grade: 64, penalty_percent: 20, late_penalty_applied: 16 });
    expect(applyLatePenalty(7.5, 1, 15)).toEqual({ grade: 6.38, penalty_percent: 15, late_penalty_applied: 1.12 });
  });

  it('never goes below zero and a 0% penalty takes nothing', () => {
    expect(applyLatePenalty(80, 30, 10)).toEqual({ grade: 0, penalty_percent: 100, late_penalty_applied: 80 });
    expect(applyLatePenalty(80, 5, 0).grade).toBe(80);
  });

  it('gives the percentage of max points', () => {
    expect(gradePercentage(72, 100)).toBe(72);
    expect(gradePercentage(6.5, 9)).toBe(72.22);
    expect(gradePercentage(1, 0)).toBe(0);
  });
});
