import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PostType, QaCategory } from '@lp/contracts';

/**
 * A question (or discussion) of the global Q&A forum. upvotes, answer_count and views are
 * counters kept in the same transaction as the vote, answer or view row they count.
 */
@Entity({ name: 'qa_questions' })
@Index('qa_questions_category_idx', ['category', 'createdAt'])
@Index('qa_questions_author_idx', ['authorId'])
@Check('qa_questions_post_type_check', `post_type IN ('discussion', 'question')`)
@Check('qa_questions_counters_check', 'upvotes >= 0 AND answer_count >= 0 AND views >= 0')
export class QaQuestionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'author_id' }) authorId!: string;
  @Column({ type: 'varchar', length: 300 }) title!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ type: 'varchar', length: 30, default: 'general' }) category!: QaCategory;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags!: string[];
  @Column({ type: 'varchar', length: 20, name: 'post_type', default: 'question' }) postType!: PostType;
  @Column({ type: 'int', default: 0 }) upvotes!: number;
  @Column({ type: 'int', name: 'answer_count', default: 0 }) answerCount!: number;
  @Column({ type: 'int', default: 0 }) views!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
