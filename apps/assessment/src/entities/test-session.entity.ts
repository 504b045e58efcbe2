import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QuizEntity } from './quiz.entity.js';

/**
 * One sitting of a quiz, timed by the server's clock (its deadline), with the progress saved so
 * far; submitting it makes exactly one attempt. A person has at most one open session per quiz.
 */
@Entity({ name: 'test_sessions' })
@Index('test_sessions_one_open_idx', ['quizId', 'userId'], { unique: true, where: 'submitted_at IS NULL' })
// the cascade of a quiz's deletion (the partial index above covers open sessions only)
@Index('test_sessions_quiz_idx', ['quizId'])
// a person's sessions (their data export)
@Index('test_sessions_user_idx', ['userId', 'startedAt'])
export class TestSessionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'quiz_id' }) quizId!: string;
  @ManyToOne(() => QuizEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'test_sessions_quiz_id_fkey' })
  quiz?: Relation<QuizEntity>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'timestamptz', name: 'started_at' }) startedAt!: Date;
  /** null: no time limit */
  @Column({ type: 'timestamptz', name: 'deadline_at', nullable: true }) deadlineAt!: Date | null;
  /** a randomized assessment's question ids as shuffled for this session; empty: the author's order */
  @Column({ type: 'jsonb', name: 'question_order', default: () => "'[]'" }) questionOrder!: string[];
  /** question id → the answer so far */
  @Column({ type: 'jsonb', default: () => "'{}'" }) answers!: Record<string, string | null>;
  @Column({ type: 'int', name: 'current_question', default: 0 }) currentQuestion!: number;
  @Column({ type: 'jsonb', name: 'flagged_questions', default: () => "'[]'" }) flaggedQuestions!: (number | string)[];
  @Column({ type: 'timestamptz', name: 'saved_at', nullable: true }) savedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'submitted_at', nullable: true }) submittedAt!: Date | null;
}
