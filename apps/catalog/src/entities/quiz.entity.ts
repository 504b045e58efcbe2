import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AssessmentKind } from '@lp/contracts';

/**
 * Read model of assessment's quizzes (assessment.quiz.saved, assessment.quiz.deleted). A
 * deleted quiz stays as a tombstone (`deletedAt`) that later saves cannot revive; a tombstone
 * of a quiz whose save was never seen has no title, kind or author.
 */
@Entity({ name: 'quizzes' })
@Check('quizzes_kind_check', `kind IN ('quiz','exam','mock_test')`)
@Check('quizzes_check', 'deleted_at IS NOT NULL OR (title IS NOT NULL AND kind IS NOT NULL AND created_by IS NOT NULL)')
@Index('quizzes_course_idx', ['courseId', 'firstSavedAt'], { where: 'deleted_at IS NULL' })
// last edited first (DESC on updated_at in the migration; TypeORM compares an index by its columns)
@Index('quizzes_author_idx', ['createdBy', 'updatedAt'], { where: 'deleted_at IS NULL' })
export class QuizEntity {
  @PrimaryColumn({ type: 'uuid', name: 'quiz_id' }) quizId!: string;
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'text', nullable: true }) title!: string | null;
  @Column({ type: 'text', nullable: true }) kind!: AssessmentKind | null;
  @Column({ type: 'uuid', name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column({ type: 'int', name: 'question_count', default: 0 }) questionCount!: number;
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  /** the save this row reflects: an older save arriving later changes nothing */
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  /** the earliest save seen: the order quizzes are offered in a course */
  @Column({ type: 'timestamptz', name: 'first_saved_at' }) firstSavedAt!: Date;
  @Column({ type: 'timestamptz', name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
}

/**
 * Read model of assessment's submitted attempts (assessment.attempt.submitted, .reviewed). An
 * attempt may arrive before its quiz is known, so there is no foreign key: figures join live quizzes.
 */
@Entity({ name: 'quiz_attempts' })
@Index('quiz_attempts_quiz_idx', ['quizId'])
@Index('quiz_attempts_user_idx', ['userId', 'courseId'])
export class QuizAttemptEntity {
  @PrimaryColumn({ type: 'uuid', name: 'attempt_id' }) attemptId!: string;
  @Column({ type: 'uuid', name: 'quiz_id' }) quizId!: string;
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'numeric', precision: 5, scale: 2 }) score!: number;
  @Column({ type: 'boolean' }) passed!: boolean;
  @Column({ type: 'numeric', name: 'time_taken_minutes', precision: 8, scale: 2 }) timeTakenMinutes!: number;
  @Column({ type: 'timestamptz', name: 'submitted_at' }) submittedAt!: Date;
  /** the review this row reflects (the newest wins); null until the author reviews the attempt */
  @Column({ type: 'timestamptz', name: 'reviewed_at', nullable: true }) reviewedAt!: Date | null;
}
