import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ContentItemType } from '@lp/contracts';
import { asNumber } from './transformers.js';

/** A video, audio, PDF (stored through libs/storage) or text item of a course. */
@Entity({ name: 'content_items' })
export class ContentItemEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'text' }) type!: ContentItemType;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', name: 'text_content', nullable: true }) textContent!: string | null;
  @Column({ type: 'text', name: 'storage_key', nullable: true }) storageKey!: string | null;
  @Column({ type: 'text', name: 'file_name', nullable: true }) fileName!: string | null;
  @Column({ type: 'text', name: 'mime_type', nullable: true }) mimeType!: string | null;
  @Column({ type: 'bigint', name: 'file_size', nullable: true, transformer: asNumber }) fileSize!: number | null;
  @Column({ type: 'int', name: 'duration_minutes', nullable: true }) durationMinutes!: number | null;
  @Column({ type: 'int', name: 'sort_order', default: 0 }) order!: number;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
