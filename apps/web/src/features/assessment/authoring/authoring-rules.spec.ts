import { describe, expect, it } from '@jest/globals';
import { ANSWER_OPTIONS, MockTestCreateRequest, QuestionCreateRequest, QUESTION_POINTS, SHORT_ANSWER_MAX_LENGTH } from '@lp/contracts';
import { examDonePath } from './exam-done-path';
import { newQuestionDraft, optionLetter, questionBody, questionProblem, type QuestionDraft } from './question-draft';
import { percentText } from './quiz-figures';
import { newQuizValues, quizBody, settingsProblem } from './quiz-values';

const mc = (patch: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...newQuestionDraft('maths'),
  question_text: 'What is 2 + 2?',
  options: ['3', '4', '', ''],
  correct_answer: '4',
  ...patch,
});

describe('a new question', () => {
  it('is multiple choice with four empty options lettered from A, one point, medium', () => {
    const q = newQuestionDraft();
    expect(q.question_type).toBe('multiple_choice');
    expect(q.options).toHaveLength(ANSWER_OPTIONS.default);
    expect(q.options.map((_, i) => optionLetter(i))).toEqual(['A', 'B', 'C', 'D']);
    expect(q.points).toBe(QUESTION_POINTS.default);
    expect(q.difficulty).toBe('medium');
  });
});

describe('questionProblem (the builder messages of spec 5)', () => {
  it('accepts a complete multiple-choice question', () => {
    expect(questionProblem(mc())).toBeNull();
  });
  it('asks for the question text first', () => {
    expect(questionProblem(mc({ question_text: '   ', correct_answer: '' }))).toBe('questionRequired');
  });
  it('asks for the correct answer', () => {
    expect(questionProblem(mc({ correct_answer: '' }))).toBe('correctAnswerRequired');
  });
  it('needs two non-empty options', () => {
    expect(questionProblem(mc({ options: ['4', ' ', '', ''] }))).toBe('optionsRequired');
  });
  it('needs the correct answer among the options', () => {
    expect(questionProblem(mc({ correct_answer: '5' }))).toBe('correctNotAnOption');
  });
  it('refuses options that differ only by case', () => {
    expect(questionProblem(mc({ options: ['Four', 'four'], correct_answer: 'Four' }))).toBe('optionsDistinct');
  });
  it('keeps points within 1-10', () => {
    expect(questionProblem(mc({ points: 0 }))).toBe('pointsRange');
    expect(questionProblem(mc({ points: 11 }))).toBe('pointsRange');
    expect(questionProblem(mc({ points: Number.NaN }))).toBe('pointsRange');
  });
  it('lets an essay go without a model answer but not a short answer without its answer', () => {
    expect(questionProblem(mc({ question_type: 'essay', correct_answer: '' }))).toBeNull();
    expect(questionProblem(mc({ question_type: 'short_answer', correct_answer: '' }))).toBe('correctAnswerRequired');
    expect(questionProblem(mc({ question_type: 'short_answer', correct_answer: 'x'.repeat(SHORT_ANSWER_MAX_LENGTH + 1) }))).toBe(
      'shortAnswerTooLong',
    );
  });
  it('words a missing text or answer the institution way on the institution page', () => {
    expect(questionProblem(mc({ correct_answer: '' }), 'institution')).toBe('fillTextAndAnswer');
    expect(questionProblem(mc({ question_text: '' }), 'institution')).toBe('fillTextAndAnswer');
  });
});

describe('questionBody', () => {
  it('drops empty options and trims; the contract accepts what the builder sends', () => {
    const body = questionBody(mc({ options: [' 3 ', '4', '', ''], question_text: ' What is 2 + 2? ' }));
    expect(body.options).toEqual(['3', '4']);
    expect(body.question_text).toBe('What is 2 + 2?');
    expect(QuestionCreateRequest.safeParse(body).success).toBe(true);
  });
  it('sends True and False as the options of a true/false question', () => {
    const body = questionBody(mc({ question_type: 'true_false', correct_answer: 'True' }));
    expect(body.options).toEqual(['True', 'False']);
    expect(QuestionCreateRequest.safeParse(body).success).toBe(true);
  });
  it('agrees with the contract on a question the builder refuses', () => {
    const bad = mc({ correct_answer: '5' });
    expect(questionProblem(bad)).not.toBeNull();
    expect(QuestionCreateRequest.safeParse(questionBody(bad)).success).toBe(false);
  });
});

describe('the builder settings', () => {
  it('start from the spec defaults and make a valid mock test body', () => {
    const v = { ...newQuizValues(), title: ' Algebra ', questions: [mc()] };
    expect(settingsProblem(v)).toBeNull();
    const body = quizBody(v);
    expect(body).toMatchObject({
      title: 'Algebra',
      course_id: null,
      time_limit: 60,
      passing_score: 70,
      max_attempts: 3,
      is_published: true,
      is_mock_test: true,
      test_mode: 'exam',
    });
    expect(MockTestCreateRequest.safeParse(body).success).toBe(true);
  });
  it('holds an exam to 15-480 minutes and a quiz to 0-300', () => {
    const v = newQuizValues();
    expect(settingsProblem({ ...v, test_mode: 'exam', time_limit: 10 })).toBe('examTimeLimitRange');
    expect(settingsProblem({ ...v, test_mode: 'practice', time_limit: 0 })).toBeNull();
    expect(settingsProblem({ ...v, test_mode: 'practice', time_limit: 301 })).toBe('quizTimeLimitRange');
    expect(settingsProblem({ ...v, time_limit: Number.NaN })).toBe('examTimeLimitRange');
  });
  it('holds the passing score to 0-100 and attempts to 1-10', () => {
    const v = newQuizValues();
    expect(settingsProblem({ ...v, passing_score: 101 })).toBe('passingScoreRange');
    expect(settingsProblem({ ...v, max_attempts: 0 })).toBe('maxAttemptsRange');
    expect(settingsProblem({ ...v, max_attempts: 11 })).toBe('maxAttemptsRange');
  });
});

describe('quiz figures', () => {
  it('show N/A before the first attempt and one decimal after', () => {
    expect(percentText(null, 'N/A')).toBe('N/A');
    expect(percentText(55.6, 'N/A')).toBe('55.6%');
    expect(percentText(100, 'N/A')).toBe('100.0%');
    expect(percentText(0, 'N/A')).toBe('0.0%');
  });
});

describe('examDonePath', () => {
  it('returns to the course of the area the page was opened from', () => {
    expect(examDonePath('/instructor/course/c1/exam/create', 'c1')).toBe('/instructor/course/c1');
    expect(examDonePath('/institution/course/c1/exam/create', 'c1')).toBe('/institution/course/c1/manage');
    expect(examDonePath('/elsewhere', 'c1')).toBe('/dashboard');
  });
});
