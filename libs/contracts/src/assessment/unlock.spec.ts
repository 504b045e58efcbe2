import { describe, expect, it } from '@jest/globals';
import { ASSESSMENT_UNLOCK_COMPLETION, assessmentUnlocked } from './unlock.js';

describe('assessmentUnlocked', () => {
  it('locks a course assessment for a learner below 100%, opens it at 100%', () => {
    expect(ASSESSMENT_UNLOCK_COMPLETION).toBe(100);
    expect(assessmentUnlocked({ courseId: 'c', completionPercentage: 0, manages: false })).toBe(false);
    expect(assessmentUnlocked({ courseId: 'c', completionPercentage: 20, manages: false })).toBe(false);
    expect(assessmentUnlocked({ courseId: 'c', completionPercentage: 99.9, manages: false })).toBe(false);
    expect(assessmentUnlocked({ courseId: 'c', completionPercentage: 100, manages: false })).toBe(true);
  });

  it('never locks a standalone assessment, nor one its author or course owner previews', () => {
    expect(assessmentUnlocked({ courseId: null, completionPercentage: 0, manages: false })).toBe(true);
    expect(assessmentUnlocked({ courseId: 'c', completionPercentage: 0, manages: true })).toBe(true);
  });
});
