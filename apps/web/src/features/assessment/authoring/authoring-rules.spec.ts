import { describe, expect, it } from '@jest/globals';
import { ANSWER_OPTIONS, MockTestCreateRequest, QUESTION_POINTS, QuestionCreateRequest } from '@lp/contracts';
import { examDonePath } from './exam-done-path';
import { draftFromQuestion, newQuestionDraft, optionLetter, type QuestionDraft } from './question-draft';
import { percentText } from './quiz-figures';
import { newQuizValues, quizFormSchema } from './quiz-values';

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

describe('the question editor, checked by the contract', () => {
  const parse = (draft: QuestionDraft) => QuestionCreateRequest.safeParse(draft);
  const messagesAt = (draft: QuestionDraft, path: string) =>
    (parse(draft).error?.issues ?? []).filter((i) => i.path.join('.') === path).map((i) => i.message);

  it('gives the question to send: blank options dropped, text trimmed', () => {
    const parsed = parse(mc({ options: [' 3 ', '4', '', ''], question_text: ' What is 2 + 2? ' }));
    expect(parsed.data).toMatchObject({ options: ['3', '4'], question_text: 'What is 2 + 2?', correct_answer: '4' });
  });
  it('puts each rule of spec 5 on its field', () => {
    expect(messagesAt(mc({ correct_answer: '' }), 'correct_answer')).toEqual(['Please enter the correct answer']);
    expect(messagesAt(mc({ options: ['4', ' ', '', ''] }), 'options')).toEqual([
      'Please provide at least 2 options for multiple choice questions',
    ]);
    expect(messagesAt(mc({ correct_answer: '5' }), 'correct_answer')).toEqual(['Correct answer must be one of the options']);
    expect(messagesAt(mc({ points: QUESTION_POINTS.max + 1 }), 'points')).toHaveLength(1);
  });
  it('sends True and False as the options of a true/false question', () => {
    expect(parse(mc({ question_type: 'true_false', correct_answer: 'True' })).data?.options).toEqual(['True', 'False']);
  });
  it('brings a listed question back with the options a switch to multiple choice shows', () => {
    const parsed = parse(mc({ question_type: 'short_answer', correct_answer: 'four' }));
    expect(draftFromQuestion(parsed.data!).options).toHaveLength(ANSWER_OPTIONS.default);
  });
});

describe('the builder form', () => {
  const schema = quizFormSchema('Add a question');
  it('starts from the spec defaults and makes a valid mock test body', () => {
    const question = QuestionCreateRequest.parse(mc());
    const parsed = schema.safeParse({ ...newQuizValues(), title: ' Algebra ', questions: [question] });
    expect(parsed.data).toMatchObject({
      title: 'Algebra',
      course_id: null,
      time_limit: 60,
      passing_score: 70,
      max_attempts: 3,
      is_published: true,
      is_mock_test: true,
      test_mode: 'exam',
    });
    expect(MockTestCreateRequest.safeParse(parsed.data).success).toBe(true);
  });
  it('needs a question, a title and the bounds of its mode', () => {
    const issues = schema.safeParse({ ...newQuizValues(), test_mode: 'exam', time_limit: 10 }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['title', 'Please enter a quiz title'],
        ['questions', 'Add a question'],
      ]),
    );
    const question = QuestionCreateRequest.parse(mc());
    const limit =
      schema.safeParse({ ...newQuizValues(), title: 'x', questions: [question], test_mode: 'exam', time_limit: 10 }).error?.issues ?? [];
    expect(limit.map((i) => i.path.join('.'))).toEqual(['time_limit']);
  });
});

describe('quiz figures', () => {
  it('show N/A before the first attempt and at most one decimal after', () => {
    expect(percentText(null, 'N/A')).toBe('N/A');
    expect(percentText(55.6, 'N/A')).toBe('55.6%');
    expect(percentText(100, 'N/A')).toBe('100%');
    expect(percentText(0, 'N/A')).toBe('0%');
  });
});

describe('examDonePath', () => {
  it('returns to the course of the area the page was opened from', () => {
    expect(examDonePath('/instructor/course/c1/exam/create', 'c1')).toBe('/instructor/course/c1');
    expect(examDonePath('/institution/course/c1/exam/create', 'c1')).toBe('/institution/course/c1/manage');
    expect(examDonePath('/elsewhere', 'c1')).toBe('/dashboard');
  });
});
