import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Difficulty, TestMode } from '@lp/contracts';

/**
 * One model for quizzes, exams and mock tests (the test mode and the mock-test flag tell them
 * apart); the bounds of the spec's constants table are checks here as well as zod rules.
 */
@Entity({ name: 'quizzes' })
@Check('quizzes_test_mode_check', `test_mode IN ('exam','practice','quiz')`)
// unnamed and over two columns, so PostgreSQL names it after the table
@Check('quizzes_check', `(test_mode = 'exam' AND time_limit BETWEEN 15 AND 480) OR (test_mode <> 'exam' AND time_limit BETWEEN 0 AND 300)`)
@Check('quizzes_passing_score_check', 'passing_score BETWEEN 0 AND 100')
@Check('quizzes_difficulty_check', `difficulty IN ('easy','medium','hard')`)
@Check('quizzes_max_attempts_check', 'max_attempts BETWEEN 1 AND 10')
@Index('quizzes_course_idx', ['courseId', 'createdAt'], { where: 'course_id IS NOT NULL' })
// newest first (created_at DESC in the migration; TypeORM compares an index by its columns)
@Index('quizzes_author_idx', ['createdBy', 'createdAt'])
// newest first (created_at DESC in the migration)
@Index('quizzes_published_idx', ['createdAt', 'id'], { where: 'is_published' })
export class QuizEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  /** null for a standalone quiz or mock test */
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @Column({ type: 'boolean', name: 'is_mock_test', default: false }) isMockTest!: boolean;
  @Column({ type: 'text', name: 'test_mode', default: 'exam' }) testMode!: TestMode;
  /** minutes; 0 (outside exam mode): no limit */
  @Column({ type: 'int', name: 'time_limit', default: 60 }) timeLimit!: number;
  /** percent */
  @Column({ type: 'numeric', name: 'passing_score', precision: 5, scale: 2, default: 70 }) passingScore!: number;
  @Column({ type: 'text', default: '' }) subject!: string;
  @Column({ type: 'text', default: 'medium' }) difficulty!: Difficulty;
  @Column({ type: 'int', name: 'max_attempts', default: 3 }) maxAttempts!: number;
  @Column({ type: 'boolean', name: 'allow_multiple_attempts', default: true }) allowMultipleAttempts!: boolean;
  @Column({ type: 'boolean', name: 'is_published', default: true }) isPublished!: boolean;
  @Column({ type: 'boolean', name: 'randomize_questions', default: false }) randomizeQuestions!: boolean;
  @Column({ type: 'boolean', name: 'show_results_immediately', default: true }) showResultsImmediately!: boolean;
  @Column({ type: 'text', default: '' }) instructions!: string;
  /** bumped by every change of the quiz or its questions: the key of the service's question cache */
  @Column({ type: 'int', default: 1 }) version!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
