import { describe, expect, it } from '@jest/globals';
import { learnerState } from './learner-status.util.js';

const quiz = { passingScore: 70, maxAttempts: 2, allowMultipleAttempts: false };

describe('learnerState', () => {
  it('is new without attempts', () => {
    expect(learnerState([], quiz)).toEqual({ status: 'new', attempts_used: 0, attempts_left: 2, best_score: null, can_start: true });
  });

  it('is in-progress after a failing attempt with attempts left', () => {
    expect(learnerState([50], quiz)).toMatchObject({ status: 'in-progress', attempts_left: 1, best_score: 50, can_start: true });
  });

  it('is passed when the best score reaches the passing score', () => {
    expect(learnerState([50, 70], quiz)).toMatchObject({ status: 'passed', best_score: 70, attempts_left: 0, can_start: false });
  });

  it('is failed when max attempts are used without a pass; no more starts unless multiple attempts are allowed', () => {
    expect(learnerState([10, 20], quiz)).toMatchObject({ status: 'failed', attempts_left: 0, can_start: false });
    expect(learnerState([10, 20], { ...quiz, allowMultipleAttempts: true })).toMatchObject({
      status: 'failed',
      attempts_left: null,
      can_start: true,
    });
  });
});
