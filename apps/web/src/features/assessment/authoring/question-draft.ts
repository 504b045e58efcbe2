import {
  ANSWER_OPTIONS,
  DEFAULT_DIFFICULTY,
  DEFAULT_QUESTION_TYPE,
  QUESTION_POINTS,
  SHORT_ANSWER_MAX_LENGTH,
  TRUE_FALSE_OPTIONS,
  type AuthorQuestion,
  type QuestionInput,
  type Difficulty,
  type QuestionType,
} from '@lp/contracts';

/** A question as the builders edit it: every field a string or number an input can hold. */
export interface QuestionDraft {
  question_text: string;
  question_type: QuestionType;
  /** multiple choice only; lettered from A in this order */
  options: string[];
  correct_answer: string;
  subject: string;
  difficulty: Difficulty;
  explanation: string;
  points: number;
}

/** The builder's messages (keys under authoring.validation); their English is the spec's wording. */
export type QuestionProblem =
  | 'questionRequired'
  | 'correctAnswerRequired'
  | 'optionsRequired'
  | 'optionsDistinct'
  | 'correctNotAnOption'
  | 'shortAnswerTooLong'
  | 'pointsRange'
  | 'fillTextAndAnswer';

export function newQuestionDraft(subject = '', difficulty: Difficulty = DEFAULT_DIFFICULTY): QuestionDraft {
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

export function draftFromQuestion(q: Pick<AuthorQuestion, keyof QuestionDraft>): QuestionDraft {
  return {
    question_text: q.question_text,
    question_type: q.question_type,
    options: q.question_type === 'multiple_choice' ? [...q.options] : Array.from({ length: ANSWER_OPTIONS.default }, () => ''),
    correct_answer: q.correct_answer,
    subject: q.subject,
    difficulty: q.difficulty,
    explanation: q.explanation,
    points: q.points,
  };
}

export const optionLetter = (index: number): string => String.fromCharCode(65 + index);

const filledOptions = (q: QuestionDraft): string[] => q.options.map((o) => o.trim()).filter((o) => o !== '');

/**
 * The builder's question rules (spec 5), checked before anything is sent; the service checks
 * the same ones (normaliseQuestion in the contracts). `institution` words a missing text or
 * answer the way the institution page does.
 */
export function questionProblem(q: QuestionDraft, variant: 'builder' | 'institution' = 'builder'): QuestionProblem | null {
  const needsAnswer = q.question_type !== 'essay';
  if (variant === 'institution' && (!q.question_text.trim() || (needsAnswer && !q.correct_answer.trim()))) return 'fillTextAndAnswer';
  if (!q.question_text.trim()) return 'questionRequired';
  if (!Number.isInteger(q.points) || q.points < QUESTION_POINTS.min || q.points > QUESTION_POINTS.max) return 'pointsRange';
  if (needsAnswer && !q.correct_answer.trim()) return 'correctAnswerRequired';
  if (q.question_type === 'multiple_choice') {
    const options = filledOptions(q);
    if (options.length < ANSWER_OPTIONS.min) return 'optionsRequired';
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return 'optionsDistinct';
    if (!options.includes(q.correct_answer.trim())) return 'correctNotAnOption';
  }
  if (q.question_type === 'short_answer' && q.correct_answer.trim().length > SHORT_ANSWER_MAX_LENGTH) return 'shortAnswerTooLong';
  return null;
}

/** What POST /quizzes/{id}/questions and the `questions` of a quiz body take: the contract's question, complete. */
export type QuestionBody = QuestionInput;

export function questionBody(q: QuestionDraft): QuestionBody {
  const options =
    q.question_type === 'multiple_choice' ? filledOptions(q) : q.question_type === 'true_false' ? [...TRUE_FALSE_OPTIONS] : [];
  return {
    question_text: q.question_text.trim(),
    question_type: q.question_type,
    options,
    correct_answer: q.correct_answer.trim(),
    subject: q.subject.trim(),
    difficulty: q.difficulty,
    explanation: q.explanation.trim(),
    points: q.points,
  };
}

/** A question already saved, sent back unchanged when the whole set is replaced (PUT with `questions`). */
export function questionBodyFrom(q: AuthorQuestion): QuestionBody {
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
