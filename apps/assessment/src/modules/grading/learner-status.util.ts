import type { LearnerQuizState } from '@lp/contracts';

/**
 * The learner's standing on one assessment (spec section 4): new (no attempts); passed (best
 * score at or above the passing score); failed (attempts reached max_attempts without a pass);
 * in-progress otherwise. Another attempt can start unless max_attempts is reached and multiple
 * attempts are not allowed.
 */
export function learnerState(
  scores: readonly number[],
  quiz: { passing_score: number; max_attempts: number; allow_multiple_attempts: boolean },
): LearnerQuizState {
  const used = scores.length;
  const best = used ? Math.max(...scores) : null;
  const passed = best !== null && best >= quiz.passing_score;
  const status = used === 0 ? 'new' : passed ? 'passed' : used >= quiz.max_attempts ? 'failed' : 'in-progress';
  const attemptsLeft = quiz.allow_multiple_attempts ? null : Math.max(0, quiz.max_attempts - used);
  return { status, attempts_used: used, attempts_left: attemptsLeft, best_score: best, can_start: attemptsLeft === null || attemptsLeft > 0 };
}
