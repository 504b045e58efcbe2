import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import type { Answers, QuizResult } from '@lp/contracts';
import { QuizEntity } from './quiz.entity.js';
import { TestSessionEntity } from './test-session.entity.js';

/**
 * A submitted session, graded: the figures that lists and analytics read, and the whole result
 * as the taker is shown it. Numbered per person and quiz (the attempt limit counts them).
 */
@Entity({ name: 'attempts' })
@Unique('attempts_session_id_key', ['sessionId'])
@Unique('attempts_quiz_id_user_id_attempt_number_key', ['quizId', 'userId', 'attemptNumber'])
@Check('attempts_attempt_number_check', 'attempt_number >= 1')
// newest first (submitted_at DESC in the migration; TypeORM compares an index by its columns)
@Index('attempts_user_idx', ['userId', 'submittedAt'])
export class AttemptEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** one attempt per session: a many-to-one with a unique key (a one-to-one would name its own unique constraint) */
  @Column({ type: 'uuid', name: 'session_id' }) sessionId!: string;
  @ManyToOne(() => TestSessionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'attempts_session_id_fkey' })
  session?: Relation<TestSessionEntity>;
  @Column({ type: 'uuid', name: 'quiz_id' }) quizId!: string;
  @ManyToOne(() => QuizEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'attempts_quiz_id_fkey' })
  quiz?: Relation<QuizEntity>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'int', name: 'attempt_number' }) attemptNumber!: number;
  /** percent */
  @Column({ type: 'numeric', precision: 5, scale: 2 }) score!: number;
  @Column({ type: 'boolean' }) passed!: boolean;
  @Column({ type: 'int', name: 'correct_answers' }) correctAnswers!: number;
  @Column({ type: 'int', name: 'total_questions' }) totalQuestions!: number;
  @Column({ type: 'numeric', name: 'earned_points', precision: 8, scale: 2 }) earnedPoints!: number;
  @Column({ type: 'numeric', name: 'total_points', precision: 8, scale: 2 }) totalPoints!: number;
  @Column({ type: 'numeric', name: 'time_taken_minutes', precision: 8, scale: 2 }) timeTakenMinutes!: number;
  @Column({ type: 'boolean', name: 'time_exceeded' }) timeExceeded!: boolean;
  /** an essay awaits the author's grade */
  @Column({ type: 'boolean', name: 'needs_manual_grading' }) needsManualGrading!: boolean;
  @Column({ type: 'jsonb' }) answers!: Answers;
  /** question id → the time the client reports spent on it */
  @Column({ type: 'jsonb', name: 'question_times', default: () => "'{}'" }) questionTimes!: Record<string, number>;
  @Column({ type: 'jsonb', name: 'flagged_questions', default: () => "'[]'" }) flaggedQuestions!: (number | string)[];
  @Column({ type: 'jsonb' }) result!: QuizResult;
  @Column({ type: 'text', default: '' }) feedback!: string;
  @Column({ type: 'timestamptz', name: 'submitted_at' }) submittedAt!: Date;
}
