import { describe, expect, it } from '@jest/globals';
import type { QuizResult } from '@lp/contracts';
import { gradeAttempt, type GradableQuestion } from '../grading/grading.util.js';
import { applyEssayReview } from './essay-review.util.js';

const question = (id: string, over: Partial<GradableQuestion>): GradableQuestion => ({
  id,
  question_text: id,
  question_type: 'essay',
  options: [],
  correct_answer: '',
  explanation: '',
  subject: '',
  points: 1,
  ...over,
});
/** short answer 2 points (right), essays of 3 and 5 points (both written), an unanswered essay of 2: 2 of 12 on submit */
const submitted = (): QuizResult => {
  const questions = [
    question('sa', { question_type: 'short_answer', correct_answer: 'yes', points: 2 }),
    question('e1', { points: 3 }),
    question('e2', { points: 5 }),
    question('e3', { points: 2 }),
  ];
  const g = gradeAttempt(questions, { sa: 'yes', e1: 'text', e2: 'more text' }, { passingScore: 50 });
  return {
    ...g,
    attempt_id: 'a',
    session_id: 's',
    quiz_id: 'q',
    quiz_title: 'Q',
    kind: 'quiz',
    passing_score: 50,
    time_taken_minutes: 3,
    time_exceeded: false,
    attempt_number: 1,
    attempts_left: null,
    submitted_at: '2026-01-01T00:00:00.000Z',
  };
};
const AT = '2026-01-02T00:00:00.000Z';

describe('applyEssayReview', () => {
  it('starts from what submit graded: the written essays pending, the unwritten one not', () => {
    const r = submitted();
    expect(r).toMatchObject({ score: 16.67, needs_manual_grading: true, earned_points: 2 });
    expect(r.question_details.map((d) => d.pending_review)).toEqual([false, true, true, false]);
  });

  it('grades part of the essays: points, score with two decimals, still waiting for the rest', () => {
    const r = applyEssayReview(submitted(), { grades: [{ question_id: 'e1', earned_points: 2.5, feedback: 'ok' }] }, AT);
    expect(r).toMatchObject({
      earned_points: 4.5,
      score: 37.5,
      passed: false,
      correct_answers: 1,
      needs_manual_grading: true,
      reviewed_at: AT,
    });
    expect(r.question_details[1]).toMatchObject({ earned_points: 2.5, is_correct: false, pending_review: false, feedback: 'ok' });
    expect(r.feedback).toBeUndefined();
  });

  it('counts an essay given full points as correct, and passes on the recomputed score', () => {
    const r = applyEssayReview(
      submitted(),
      {
        grades: [
          { question_id: 'e1', earned_points: 3 },
          { question_id: 'e2', earned_points: 4 },
        ],
        feedback: 'Fine',
      },
      AT,
    );
    expect(r).toMatchObject({
      earned_points: 9,
      score: 75,
      passed: true,
      correct_answers: 2,
      needs_manual_grading: false,
      feedback: 'Fine',
    });
    // essays stay out of subject performance
    expect(r.subject_performance).toEqual(submitted().subject_performance);
  });

  it('re-grades from a reviewed result, keeping feedback not sent again', () => {
    const once = applyEssayReview(
      submitted(),
      { grades: [{ question_id: 'e1', earned_points: 3, feedback: 'great' }], feedback: 'Overall' },
      AT,
    );
    const twice = applyEssayReview(once, { grades: [{ question_id: 'e1', earned_points: 1 }] }, AT);
    expect(twice).toMatchObject({ earned_points: 3, correct_answers: 1, feedback: 'Overall' });
    expect(twice.question_details[1]).toMatchObject({ earned_points: 1, is_correct: false, feedback: 'great' });
  });

  it('refuses every bad entry at once, naming it', () => {
    const review = () =>
      applyEssayReview(
        submitted(),
        {
          grades: [
            { question_id: 'sa', earned_points: 1 },
            { question_id: 'e1', earned_points: 3.5 },
            { question_id: 'e2', earned_points: 0.25 },
            { question_id: 'e3', earned_points: 1 },
            { question_id: 'zz', earned_points: 1 },
          ],
        },
        AT,
      );
    expect(review).toThrow(
      expect.objectContaining({
        status: 400,
        errors: [
          { path: 'grades.0.question_id', message: 'Only essay questions are graded by hand' },
          { path: 'grades.1.earned_points', message: 'Points cannot exceed 3 points' },
          { path: 'grades.2.earned_points', message: 'Points must be a multiple of 0.5' },
          { path: 'grades.3.question_id', message: 'This essay was not answered' },
          { path: 'grades.4.question_id', message: 'This question is not part of the attempt' },
        ],
      }),
    );
  });
});
