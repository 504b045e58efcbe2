import type { LearnerQuizState } from '@lp/contracts';
import type { QuizEntity } from '../../entities/quiz.entity.js';

/**
 * The learner's standing on one assessment (spec section 4): new (no attempts); passed (best
 * score at or above the passing score); failed (attempts reached max_attempts without a pass);
 * in-progress otherwise. Another attempt can start unless max_attempts is reached and multiple
 * attempts are not allowed.
 */
export function learnerState(
  scores: readonly number[],
  quiz: Pick<QuizEntity, 'passingScore' | 'maxAttempts' | 'allowMultipleAttempts'>,
): LearnerQuizState {
  const used = scores.length;
  const best = used ? Math.max(...scores) : null;
  const passed = best !== null && best >= quiz.passingScore;
  const status = used === 0 ? 'new' : passed ? 'passed' : used >= quiz.maxAttempts ? 'failed' : 'in-progress';
  const attemptsLeft = quiz.allowMultipleAttempts ? null : Math.max(0, quiz.maxAttempts - used);
  return {
    status,
    attempts_used: used,
    attempts_left: attemptsLeft,
    best_score: best,
    can_start: attemptsLeft === null || attemptsLeft > 0,
  };
}
