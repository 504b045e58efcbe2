import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { Difficulty, QuestionType } from '@lp/contracts';
import { QuizEntity } from './quiz.entity.js';

/** A quiz's questions in their authored order; the correct answer and explanation never reach a taker. */
@Entity({ name: 'questions' })
@Check('questions_sort_order_check', 'sort_order >= 0')
@Check('questions_question_type_check', `question_type IN ('multiple_choice','true_false','short_answer','essay')`)
@Check('questions_options_check', `jsonb_typeof(options) = 'array' AND jsonb_array_length(options) <= 6`)
@Check('questions_difficulty_check', `difficulty IN ('easy','medium','hard')`)
@Check('questions_points_check', 'points BETWEEN 1 AND 10')
@Index('questions_quiz_idx', ['quizId', 'sortOrder'])
export class QuestionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'quiz_id' }) quizId!: string;
  @ManyToOne(() => QuizEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'questions_quiz_id_fkey' })
  quiz?: Relation<QuizEntity>;
  /** 0-based authored position */
  @Column({ type: 'int', name: 'sort_order' }) sortOrder!: number;
  @Column({ type: 'text', name: 'question_text' }) questionText!: string;
  @Column({ type: 'text', name: 'question_type' }) questionType!: QuestionType;
  /** the choices of a multiple-choice question (at most six) */
  @Column({ type: 'jsonb', default: () => "'[]'" }) options!: string[];
  @Column({ type: 'text', name: 'correct_answer', default: '' }) correctAnswer!: string;
  @Column({ type: 'text', default: '' }) explanation!: string;
  @Column({ type: 'text', default: '' }) subject!: string;
  @Column({ type: 'text', default: 'medium' }) difficulty!: Difficulty;
  @Column({ type: 'int', default: 1 }) points!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
