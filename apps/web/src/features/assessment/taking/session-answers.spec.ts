import { describe, expect, it } from '@jest/globals';
import type { TakerQuestion } from '@lp/contracts';
import { nextFlagged, restoreAnswers, restoreCurrent, restoreFlags } from './session-answers';

const q = (id: string): TakerQuestion => ({
  id,
  question_text: id,
  question_type: 'multiple_choice',
  options: ['a', 'b'],
  subject: '',
  difficulty: 'medium',
  points: 1,
  order: 0,
});
const questions = [q('q1'), q('q2'), q('q3')];

describe('restoring a saved session', () => {
  it('reads answers by id or by position and drops blank ones', () => {
    expect(restoreAnswers({ answers: { q1: 'a', '1': 'b', q3: '' } }, questions)).toEqual({ q1: 'a', q2: 'b' });
  });
  it('reads flags given as positions or ids, in question order, ignoring unknown ones', () => {
    expect(restoreFlags(['q3', 0, 'zz', 7], questions)).toEqual(['q1', 'q3']);
    expect(restoreFlags(['1'], questions)).toEqual(['q2']);
  });
  it('keeps the current question inside the test', () => {
    expect(restoreCurrent(5, 3)).toBe(2);
    expect(restoreCurrent(-1, 3)).toBe(0);
    expect(restoreCurrent(1, 3)).toBe(1);
    expect(restoreCurrent(2, 0)).toBe(0);
  });
});

describe('nextFlagged', () => {
  it('finds the next flagged question, wrapping round', () => {
    expect(nextFlagged(questions, new Set(['q1', 'q3']), 0)).toBe(2);
    expect(nextFlagged(questions, new Set(['q1', 'q3']), 2)).toBe(0);
    expect(nextFlagged(questions, new Set(['q2']), 1)).toBe(1);
    expect(nextFlagged(questions, new Set(), 1)).toBeNull();
  });
});
