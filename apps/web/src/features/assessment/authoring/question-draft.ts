import {
  ANSWER_OPTIONS,
  DEFAULT_DIFFICULTY,
  DEFAULT_QUESTION_TYPE,
  QUESTION_POINTS,
  type AuthorQuestion,
  type Difficulty,
  type QuestionCreateRequest,
  type QuestionInput,
} from '@lp/contracts';
import type { z } from 'zod';

/**
 * A question as the editor holds it: the contract's question request as typed, options lettered
 * from A with blanks allowed. The contract's schema checks it and gives the question to send.
 */
export type QuestionDraft = z.input<typeof QuestionCreateRequest>;

export function newQuestionDraft(subject = '', difficulty: Difficulty = DEFAULT_DIFFICULTY): Required<QuestionDraft> {
  return {
    question_text: '',
    question_type: DEFAULT_QUESTION_TYPE,
    options: Array.from({ length: ANSWER_OPTIONS.default }, () => ''),
    correct_answer: '',
    subject,
    difficulty,
    explanation: '',
    points: QUESTION_POINTS.default,
  };
}

/** A question of a form's list (its defaults filled in, as the editor gave it). */
export function completeDraft(q: QuestionDraft): Required<QuestionDraft> {
  return { ...newQuestionDraft(), ...q };
}

/** A question back into the editor: a type without options gets the empty ones a switch to multiple choice shows. */
export function draftFromQuestion(q: QuestionInput): QuestionDraft {
  return {
    ...q,
    options: q.question_type === 'multiple_choice' ? [...q.options] : Array.from({ length: ANSWER_OPTIONS.default }, () => ''),
  };
}

export const optionLetter = (index: number): string => String.fromCharCode(65 + index);

/** A saved question as the contract takes it back (PUT with `questions` replaces the whole set). */
export function questionBodyFrom(q: AuthorQuestion): QuestionInput {
  return {
    question_text: q.question_text,
    question_type: q.question_type,
    options: q.options,
    correct_answer: q.correct_answer,
    subject: q.subject,
    difficulty: q.difficulty,
    explanation: q.explanation,
    points: q.points,
  };
}
