import { describe, expect, it } from '@jest/globals';
import {
  answerFor,
  gradeAttempt,
  isCorrect,
  letterGrade,
  normaliseText,
  sessionDeadline,
  sessionTiming,
  type GradableQuestion,
} from './grading.util.js';

const q = (over: Partial<GradableQuestion> & { id: string }): GradableQuestion => ({
  question_text: `Question ${over.id}`,
  question_type: 'multiple_choice',
  options: ['Paris', 'Rome', 'Berlin', 'Madrid'],
  correct_answer: 'Paris',
  explanation: `Because ${over.id}`,
  subject: 'geography',
  points: 1,
  ...over,
});

describe('isCorrect', () => {
  it('scores multiple choice by option text or letter; unanswered is incorrect', () => {
    const mc = q({ id: 'a' });
    expect(isCorrect(mc, 'Paris')).toBe(true);
    expect(isCorrect(mc, ' Paris ')).toBe(true);
    expect(isCorrect(mc, 'A')).toBe(true);
    expect(isCorrect(mc, 'b')).toBe(false);
    expect(isCorrect(mc, 'paris')).toBe(false);
    expect(isCorrect(mc, 'Rome')).toBe(false);
    expect(isCorrect(mc, null)).toBe(false);
    expect(isCorrect(mc, 'G')).toBe(false);
  });

  it('scores true/false case-insensitively', () => {
    const tf = q({ id: 't', question_type: 'true_false', options: ['True', 'False'], correct_answer: 'False' });
    expect([isCorrect(tf, 'false'), isCorrect(tf, 'FALSE'), isCorrect(tf, 'True'), isCorrect(tf, null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('compares short answers case- and space-insensitively', () => {
    const sa = q({ id: 's', question_type: 'short_answer', options: [], correct_answer: 'New  York City' });
    expect(isCorrect(sa, '  new york   CITY ')).toBe(true);
    expect(isCorrect(sa, 'newyork city')).toBe(false);
    expect(normaliseText('  A\t b \n C ')).toBe('a b c');
  });

  it('leaves essays to manual grading', () => {
    expect(isCorrect(q({ id: 'e', question_type: 'essay', options: [], correct_answer: '' }), 'My essay')).toBeNull();
  });
});

describe('answerFor', () => {
  it('reads an answer by question id, else by position; blank is unanswered', () => {
    expect(answerFor({ q1: 'x' }, 'q1', 0)).toBe('x');
    expect(answerFor({ '0': 'y' }, 'q1', 0)).toBe('y');
    expect(answerFor({ q1: '  ' }, 'q1', 0)).toBeNull();
    expect(answerFor({ q1: null }, 'q1', 0)).toBeNull();
    expect(answerFor({}, 'q1', 0)).toBeNull();
  });
});

describe('gradeAttempt', () => {
  const questions = [
    q({ id: 'q1', points: 2 }),
    q({ id: 'q2', question_type: 'true_false', options: ['True', 'False'], correct_answer: 'True', subject: 'science' }),
    q({ id: 'q3', question_type: 'short_answer', options: [], correct_answer: 'Oxygen', subject: 'science', points: 3 }),
    q({ id: 'q4', question_type: 'essay', options: [], correct_answer: '', subject: '', points: 4 }),
  ];

  it('computes score by points, passed, correct count, subject performance and details', () => {
    const r = gradeAttempt(
      questions,
      { q1: 'Paris', q2: 'false', q3: ' oxygen ', q4: 'An essay' },
      { passingScore: 50, quizSubject: 'mixed' },
    );
    expect(r).toMatchObject({
      score: 50, // (2 + 3) / 10
      passed: true,
      correct_answers: 2,
      total_questions: 4,
      earned_points: 5,
      total_points: 10,
      needs_manual_grading: true,
    });
    expect(r.subject_performance).toEqual({
      geography: { correct: 1, total: 1, percentage: 100 },
      science: { correct: 1, total: 2, percentage: 50 },
    });
    expect(
      r.question_details.map((d) => [
        d.question_id,
        d.user_answer,
        d.correct_answer,
        d.is_correct,
        d.pending_review,
        d.earned_points,
        d.subject,
      ]),
    ).toEqual([
      ['q1', 'Paris', 'Paris', true, false, 2, 'geography'],
      ['q2', 'false', 'True', false, false, 0, 'science'],
      ['q3', ' oxygen ', 'Oxygen', true, false, 3, 'science'],
      ['q4', 'An essay', null, false, true, 0, 'mixed'],
    ]);
    expect(r.question_details[0]!.explanation).toBe('Because q1');
  });

  it('counts unanswered questions as incorrect and fails below the passing score', () => {
    const r = gradeAttempt(questions.slice(0, 3), { q1: 'Paris' }, { passingScore: 70 });
    expect(r).toMatchObject({ score: 33.33, passed: false, correct_answers: 1, needs_manual_grading: false });
    expect(r.question_details[1]).toMatchObject({ user_answer: null, is_correct: false });
  });

  it('passes at exactly the passing score, and an unanswered essay needs no manual grading', () => {
    const r = gradeAttempt([q({ id: 'a' }), q({ id: 'b' })], { a: 'Paris' }, { passingScore: 50 });
    expect([r.score, r.passed]).toEqual([50, true]);
    expect(gradeAttempt([q({ id: 'e', question_type: 'essay', correct_answer: '' })], {}, { passingScore: 0 }).needs_manual_grading).toBe(
      false,
    );
  });

  it('grades an empty quiz as 0', () => {
    expect(gradeAttempt([], {}, { passingScore: 70 })).toMatchObject({ score: 0, passed: false, total_questions: 0 });
  });

  it('falls back to the general subject', () => {
    const r = gradeAttempt([q({ id: 'a', subject: ' ' })], { a: 'Paris' }, { passingScore: 0 });
    expect(Object.keys(r.subject_performance)).toEqual(['general']);
  });
});

describe('sessionTiming', () => {
  const start = new Date('2030-01-01T10:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  it('measures minutes on the server clock', () => {
    expect(sessionTiming(start, at(90), 10)).toEqual({ time_taken_minutes: 1.5, time_exceeded: false });
  });

  it('accepts a submission within the grace, counted as the limit', () => {
    expect(sessionTiming(start, at(600 + 30), 10)).toEqual({ time_taken_minutes: 10, time_exceeded: false });
  });

  it('flags a submission after limit + grace and counts it as the limit', () => {
    expect(sessionTiming(start, at(600 + 31), 10)).toEqual({ time_taken_minutes: 10, time_exceeded: true });
    expect(sessionTiming(start, at(7200), 10, 0)).toEqual({ time_taken_minutes: 10, time_exceeded: true });
  });

  it('never exceeds without a limit, and never goes negative', () => {
    expect(sessionTiming(start, at(7200), 0)).toEqual({ time_taken_minutes: 120, time_exceeded: false });
    expect(sessionTiming(start, at(-5), 10)).toEqual({ time_taken_minutes: 0, time_exceeded: false });
  });

  it('gives the deadline, none without a limit', () => {
    expect(sessionDeadline(start, 15)?.toISOString()).toBe('2030-01-01T10:15:00.000Z');
    expect(sessionDeadline(start, 0)).toBeNull();
  });
});

describe('letterGrade', () => {
  it('maps percentages to A-F at 90/80/70/60', () => {
    expect([100, 90, 89.99, 80, 79.9, 70, 60, 59.99, 0].map(letterGrade)).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'F', 'F']);
  });
});
