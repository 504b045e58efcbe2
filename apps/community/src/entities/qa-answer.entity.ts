import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { QaQuestionEntity } from './qa-question.entity.js';

/** An answer; at most one accepted answer per question (partial unique index). */
@Entity({ name: 'qa_answers' })
@Index('qa_answers_question_idx', ['questionId', 'createdAt'])
@Index('qa_answers_author_idx', ['authorId'])
@Index('qa_answers_one_accepted_key', ['questionId'], { unique: true, where: 'is_accepted' })
@Check('qa_answers_upvotes_check', 'upvotes >= 0')
export class QaAnswerEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'question_id' }) questionId!: string;
  @Column({ type: 'uuid', name: 'author_id' }) authorId!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ type: 'int', default: 0 }) upvotes!: number;
  @Column({ type: 'boolean', name: 'is_accepted', default: false }) isAccepted!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;

  @ManyToOne(() => QaQuestionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id', foreignKeyConstraintName: 'qa_answers_question_fk' })
  question?: QaQuestionEntity;
}
