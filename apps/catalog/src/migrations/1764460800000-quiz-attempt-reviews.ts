import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews of quiz attempts (assessment.attempt.reviewed): the author's grading of essays moves
 * an attempt's score and pass. `reviewed_at` is the review a row reflects, so that a review
 * arriving twice or out of order, or before the attempt's submission, ends in the same state:
 * the newest review wins and a submission never overwrites a reviewed score.
 */
export class QuizAttemptReviews1764460800000 implements MigrationInterface {
  name = 'QuizAttemptReviews1764460800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE quiz_attempts ADD COLUMN reviewed_at timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE quiz_attempts DROP COLUMN reviewed_at');
  }
}
