import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { KnowledgeResourceType } from '@lp/contracts';
import { asNumber } from './transformers.js';

@Entity({ name: 'knowledge_resources' })
export class KnowledgeResourceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'text', name: 'resource_type' }) resourceType!: KnowledgeResourceType;
  @Column({ type: 'text' }) category!: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags!: string[];
  @Column({ type: 'text', name: 'storage_key', nullable: true }) storageKey!: string | null;
  @Column({ type: 'text', name: 'file_name', nullable: true }) fileName!: string | null;
  @Column({ type: 'text', name: 'mime_type', nullable: true }) mimeType!: string | null;
  @Column({ type: 'bigint', name: 'file_size', nullable: true, transformer: asNumber }) fileSize!: number | null;
  @Column({ type: 'uuid', name: 'uploaded_by' }) uploadedBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
