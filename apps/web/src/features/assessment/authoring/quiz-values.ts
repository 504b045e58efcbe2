import {
  DEFAULT_DIFFICULTY,
  DEFAULT_TEST_MODE,
  MAX_ATTEMPTS,
  NEW_QUIZ_DEFAULTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  timeLimitProblem,
  type Difficulty,
  type QuizAuthor,
  type QuizCreateInput,
  type TestMode,
} from '@lp/contracts';
import { draftFromQuestion, questionBody, type QuestionDraft } from './question-draft';

/** Everything the 3-step builder edits, as its inputs hold it. */
export interface QuizValues {
  title: string;
  description: string;
  subject: string;
  difficulty: Difficulty;
  /** '' when the quiz belongs to no course */
  course_id: string;
  instructions: string;
  questions: QuestionDraft[];
  time_limit: number;
  passing_score: number;
  max_attempts: number;
  allow_multiple_attempts: boolean;
  randomize_questions: boolean;
  show_results_immediately: boolean;
  is_published: boolean;
  is_mock_test: boolean;
  test_mode: TestMode;
}

/** Spec 9's defaults for a new quiz; the builder makes mock tests unless told otherwise. */
export function newQuizValues(courseId = ''): QuizValues {
  return {
    title: '',
    description: '',
    subject: '',
    difficulty: DEFAULT_DIFFICULTY,
    course_id: courseId,
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

export function quizValuesFrom(quiz: QuizAuthor): QuizValues {
  return {
    title: quiz.title,
    description: quiz.description,
    subject: quiz.subject,
    difficulty: quiz.difficulty,
    course_id: quiz.course_id ?? '',
    instructions: quiz.instructions,
    questions: quiz.questions.map(draftFromQuestion),
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

export type SettingsProblem = 'examTimeLimitRange' | 'quizTimeLimitRange' | 'passingScoreRange' | 'maxAttemptsRange';

/** The Settings step's bounds (spec 5); the service checks the same. */
export function settingsProblem(v: Pick<QuizValues, 'test_mode' | 'time_limit' | 'passing_score' | 'max_attempts'>): SettingsProblem | null {
  if (Number.isNaN(v.time_limit) || timeLimitProblem(v.test_mode, v.time_limit)) return v.test_mode === 'exam' ? 'examTimeLimitRange' : 'quizTimeLimitRange';
  if (!(v.passing_score >= PASSING_SCORE.min && v.passing_score <= PASSING_SCORE.max)) return 'passingScoreRange';
  if (!Number.isInteger(v.max_attempts) || v.max_attempts < MAX_ATTEMPTS.min || v.max_attempts > MAX_ATTEMPTS.max) return 'maxAttemptsRange';
  return null;
}

/** The contract's complete quiz, as the builder sends it. */
export type QuizBody = QuizCreateInput;

/** The body of POST /mock-tests and PUT /mock-tests/{id} (which replaces the question set). */
export function quizBody(v: QuizValues): QuizBody {
  return {
    ...v,
    title: v.title.trim(),
    description: v.description.trim(),
    subject: v.subject.trim(),
    instructions: v.instructions.trim(),
    course_id: v.course_id || null,
    questions: v.questions.map(questionBody),
  };
}
