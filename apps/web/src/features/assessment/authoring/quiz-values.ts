import {
  DEFAULT_DIFFICULTY,
  DEFAULT_TEST_MODE,
  MAX_ATTEMPTS,
  MockTestCreateRequest,
  NEW_QUIZ_DEFAULTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  type QuizAuthor,
} from '@lp/contracts';
import type { z } from 'zod';
import { questionBodyFrom } from './question-draft';

/** The builder's form: the contract's mock-test request, plus the builder's own rule that a quiz has a question. */
export function quizFormSchema(addOneQuestion: string) {
  return MockTestCreateRequest.superRefine((v, ctx) => {
    if (v.questions.length === 0) ctx.addIssue({ code: 'custom', path: ['questions'], message: addOneQuestion });
  });
}
/** Everything the 3-step builder edits, as its inputs hold it. */
export type QuizValues = z.input<ReturnType<typeof quizFormSchema>>;

/** Spec 9's defaults for a new quiz; the builder makes mock tests unless told otherwise. */
export function newQuizValues(): Required<QuizValues> {
  return {
    title: '',
    description: '',
    subject: '',
    difficulty: DEFAULT_DIFFICULTY,
    course_id: null,
    instructions: '',
    questions: [],
    time_limit: QUIZ_TIME_LIMIT.default,
    passing_score: PASSING_SCORE.default,
    max_attempts: MAX_ATTEMPTS.default,
    allow_multiple_attempts: NEW_QUIZ_DEFAULTS.allow_multiple_attempts,
    randomize_questions: NEW_QUIZ_DEFAULTS.randomize_questions,
    show_results_immediately: NEW_QUIZ_DEFAULTS.show_results_immediately,
    is_published: NEW_QUIZ_DEFAULTS.is_published,
    is_mock_test: true,
    test_mode: DEFAULT_TEST_MODE,
  };
}

export function quizValuesFrom(quiz: QuizAuthor): Required<QuizValues> {
  return {
    title: quiz.title,
    description: quiz.description,
    subject: quiz.subject,
    difficulty: quiz.difficulty,
    course_id: quiz.course_id,
    instructions: quiz.instructions,
    questions: quiz.questions.map(questionBodyFrom),
    time_limit: quiz.time_limit,
    passing_score: quiz.passing_score,
    max_attempts: quiz.max_attempts,
    allow_multiple_attempts: quiz.allow_multiple_attempts,
    randomize_questions: quiz.randomize_questions,
    show_results_immediately: quiz.show_results_immediately,
    is_published: quiz.is_published,
    is_mock_test: quiz.is_mock_test,
    test_mode: quiz.test_mode,
  };
}
