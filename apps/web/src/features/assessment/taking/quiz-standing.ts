import type { LearnerQuizState, QuizSummary } from '@lp/contracts';

/** Spec 9: quiz card descriptions are cut at 120 characters. */
export const QUIZ_CARD_DESCRIPTION_LENGTH = 120;
/** Spec 9: a question takes 1.5 to 3 minutes; the estimate is that range. */
export const MINUTES_PER_QUESTION = { min: 1.5, max: 3 } as const;
/** Spec 9: grade history shows the first 3; continue-learning up to 3 courses. */
export const GRADE_HISTORY_SHOWN = 3;
export const CONTINUE_LEARNING_SHOWN = 3;

export type StartButtonKey = 'startQuiz' | 'retakeQuiz' | 'attemptsExhausted' | 'continue';

/**
 * Spec 4: the start button's text per learner status (new: Start Quiz, passed: Retake Quiz,
 * failed: Attempts Exhausted, in-progress: Continue). Disabled when the server says no attempt
 * can start (attempts used up and multiple attempts not allowed).
 */
export function startButton(my: LearnerQuizState): { key: StartButtonKey; disabled: boolean } {
  const key: StartButtonKey =
    my.status === 'new' ? 'startQuiz' : my.status === 'passed' ? 'retakeQuiz' : my.status === 'failed' ? 'attemptsExhausted' : 'continue';
  return { key, disabled: !my.can_start };
}

/** Where a discover card leads: mock tests and exams run in the timed session, quizzes on /quiz/{id}. */
export function takePath(quiz: Pick<QuizSummary, 'id' | 'kind'>): string {
  return quiz.kind === 'quiz' ? `/quiz/${quiz.id}` : `/mock-test/${quiz.id}`;
}

/** The estimated time range in whole minutes for a number of questions (spec 9: 1.5-3 minutes each). */
export function estimatedMinutes(questionCount: number): { min: number; max: number } {
  return { min: Math.ceil(questionCount * MINUTES_PER_QUESTION.min), max: Math.ceil(questionCount * MINUTES_PER_QUESTION.max) };
}
