import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { QA_MAX_TAGS, type PostType, type QaCategory } from '@lp/contracts';
import { QA_SEARCH_VECTOR } from '../migrations/1795615517018-qa-search.js';

/**
 * A question (or discussion) of the global Q&A forum. upvotes, answer_count and views are
 * counters kept in the same transaction as the vote, answer or view row they count.
 *
 * Two indexes TypeORM cannot describe (GIN) are created by the QaSearch migration and left
 * alone by the schema comparison: qa_questions_search_idx on search_vector and
 * qa_questions_title_trgm_idx, gin (lower(title) gin_trgm_ops), for the trigram fallback.
 */
@Entity({ name: 'qa_questions' })
@Index('qa_questions_category_idx', ['category', 'createdAt'])
@Index('qa_questions_created_idx', ['createdAt'])
@Index('qa_questions_author_idx', ['authorId'])
@Index('qa_questions_search_idx', { synchronize: false })
@Index('qa_questions_title_trgm_idx', { synchronize: false })
@Check('qa_questions_post_type_check', `post_type IN ('discussion', 'question')`)
@Check('qa_questions_counters_check', 'upvotes >= 0 AND answer_count >= 0 AND views >= 0')
@Check('qa_questions_tags_check', `cardinality(tags) <= ${QA_MAX_TAGS}`)
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
  /** what /qa search ranks: title (A), tags (B), content (C); PostgreSQL computes it, nothing writes or reads it back */
  @Column({
    type: 'tsvector',
    name: 'search_vector',
    nullable: true,
    generatedType: 'STORED',
    asExpression: QA_SEARCH_VECTOR,
    insert: false,
    update: false,
    select: false,
  })
  searchVector?: string | null;
}
