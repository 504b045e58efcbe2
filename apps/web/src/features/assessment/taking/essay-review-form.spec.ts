import { describe, expect, it } from '@jest/globals';
import type { QuestionDetail, QuizResult } from '@lp/contracts';
import { formPath, reviewBody, reviewDefaults } from './essay-review-form';

const ESSAY_A = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const ESSAY_B = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a12';
const MC = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a13';

const detail = (over: Partial<QuestionDetail>): QuestionDetail => ({
  question_id: MC,
  question_text: 'Q',
  question_type: 'multiple_choice',
  subject: 'math',
  user_answer: 'x',
  correct_answer: 'x',
  is_correct: true,
  pending_review: false,
  points: 2,
  earned_points: 2,
  explanation: '',
  ...over,
});
const details = [
  detail({}),
  detail({
    question_id: ESSAY_A,
    question_type: 'essay',
    correct_answer: null,
    is_correct: false,
    pending_review: true,
    points: 5,
    earned_points: 0,
  }),
  detail({
    question_id: ESSAY_B,
    question_type: 'essay',
    correct_answer: null,
    is_correct: true,
    points: 3,
    earned_points: 3,
    feedback: 'Good',
  }),
];
const messages = { tooMany: (p: number) => `max ${p}`, notANumber: 'nan' };

describe('essay review form', () => {
  it('fills essays only: a pending one blank, a graded one with its points and feedback', () => {
    const result = { question_details: details, feedback: 'Well done' } as unknown as QuizResult;
    expect(reviewDefaults(result)).toEqual({
      grades: [
        { question_id: ESSAY_A, earned_points: '', feedback: '' },
        { question_id: ESSAY_B, earned_points: '3', feedback: 'Good' },
      ],
      feedback: 'Well done',
    });
  });

  it('sends the graded essays, leaves blank ones out and remembers which form row each grade came from', () => {
    const out = reviewBody(
      {
        grades: [
          { question_id: ESSAY_A, earned_points: '', feedback: '' },
          { question_id: ESSAY_B, earned_points: '2.5', feedback: 'Ok' },
        ],
        feedback: 'All',
      },
      details,
      messages,
    );
    expect(out).toEqual({
      body: { grades: [{ question_id: ESSAY_B, earned_points: 2.5, feedback: 'Ok' }], feedback: 'All' },
      sentIndexes: [1],
    });
    expect(formPath('grades.0.earned_points', [1])).toBe('grades.1.earned_points');
    expect(formPath('feedback', [1])).toBe('feedback');
    expect(formPath('grades.7.earned_points', [1])).toBe('root');
  });

  it("names each bad essay at its row: above the question's points, off the 0.5 step, negative, not a number", () => {
    const out = reviewBody(
      {
        grades: [
          { question_id: ESSAY_A, earned_points: '6', feedback: '' },
          { question_id: ESSAY_B, earned_points: '1.2', feedback: '' },
        ],
        feedback: '',
      },
      details,
      messages,
    );
    expect(out).toEqual({
      problems: [
        { path: 'grades.0.earned_points', message: 'max 5' },
        { path: 'grades.1.earned_points', message: 'Points must be a multiple of 0.5' },
      ],
    });
    const negative = reviewBody(
      {
        grades: [
          { question_id: ESSAY_A, earned_points: '-1', feedback: '' },
          { question_id: ESSAY_B, earned_points: 'x', feedback: '' },
        ],
        feedback: '',
      },
      details,
      messages,
    );
    expect(negative).toEqual({
      problems: [
        { path: 'grades.1.earned_points', message: 'nan' },
        { path: 'grades.0.earned_points', message: 'Points cannot be negative' },
      ],
    });
  });
});
