import { describe, expect, it } from '@jest/globals';
import type { LearnerQuizState } from '@lp/contracts';
import { estimatedMinutes, startButton, takePath } from './quiz-standing';

const state = (over: Partial<LearnerQuizState>): LearnerQuizState => ({
  status: 'new',
  attempts_used: 0,
  attempts_left: 3,
  best_score: null,
  can_start: true,
  ...over,
});

describe('startButton', () => {
  it('names the button after the learner status', () => {
    expect(startButton(state({}))).toEqual({ key: 'startQuiz', disabled: false });
    expect(startButton(state({ status: 'passed', attempts_used: 1, best_score: 90 }))).toEqual({ key: 'retakeQuiz', disabled: false });
    expect(startButton(state({ status: 'in-progress', attempts_used: 1 }))).toEqual({ key: 'continue', disabled: false });
  });
  it('disables Attempts Exhausted unless multiple attempts are allowed', () => {
    expect(startButton(state({ status: 'failed', attempts_used: 3, attempts_left: 0, can_start: false }))).toEqual({
      key: 'attemptsExhausted',
      disabled: true,
    });
    expect(startButton(state({ status: 'failed', attempts_used: 3, attempts_left: null, can_start: true }))).toEqual({
      key: 'attemptsExhausted',
      disabled: false,
    });
  });
});

describe('takePath', () => {
  it('sends quizzes to /quiz and mock tests and exams to the timed session', () => {
    expect(takePath({ id: 'q1', kind: 'quiz' })).toBe('/quiz/q1');
    expect(takePath({ id: 'm1', kind: 'mock_test' })).toBe('/mock-test/m1');
    expect(takePath({ id: 'e1', kind: 'exam' })).toBe('/mock-test/e1');
  });
});

describe('estimatedMinutes', () => {
  it('estimates 1.5 to 3 minutes per question', () => {
    expect(estimatedMinutes(10)).toEqual({ min: 15, max: 30 });
    expect(estimatedMinutes(3)).toEqual({ min: 5, max: 9 });
  });
});
