import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { KNOWLEDGE_CATEGORIES, KnowledgeResourceType } from '@lp/contracts';
import { SearchTextColumn } from './search-text.column.js';

@Entity({ name: 'knowledge_resources' })
@Check('knowledge_resources_resource_type_check', `resource_type IN ('pdf','article','podcast','video')`)
@Check('knowledge_resources_category_check', `category IN ('programming','business','science','language','exam-prep')`)
// newest first (DESC on created_at in the migration; TypeORM compares an index by its columns)
@Index('knowledge_resources_category_idx', ['category', 'createdAt'])
@Index('knowledge_resources_created_idx', ['createdAt'])
// a trigram GIN index (gin_trgm_ops), which TypeORM cannot describe (kept by the migration)
@Index('knowledge_resources_search_trgm_idx', { synchronize: false })
@Index('knowledge_resources_uploader_idx', ['uploadedBy'])
export class KnowledgeResourceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'text', name: 'resource_type' }) resourceType!: KnowledgeResourceType;
  @Column({ type: 'text' }) category!: (typeof KNOWLEDGE_CATEGORIES)[number];
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags!: string[];
  @Column({ type: 'text', name: 'storage_key', nullable: true }) storageKey!: string | null;
  @Column({ type: 'text', name: 'file_name', nullable: true }) fileName!: string | null;
  @Column({ type: 'text', name: 'mime_type', nullable: true }) mimeType!: string | null;
  @Column({ type: 'bigint', name: 'file_size', nullable: true }) fileSize!: number | null;
  @Column({ type: 'uuid', name: 'uploaded_by' }) uploadedBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @SearchTextColumn() searchText?: string | null;
}
