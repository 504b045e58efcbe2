import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LessonContentType } from '@lp/contracts';

@Entity({ name: 'lessons' })
export class LessonEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ type: 'text', name: 'content_type' }) contentType!: LessonContentType;
  @Column({ type: 'text' }) content!: string;
  @Column({ type: 'int', name: 'duration_minutes', default: 15 }) durationMinutes!: number;
  /** the spec's `order` */
  @Column({ type: 'int', name: 'sort_order', default: 0 }) order!: number;
  @Column({ type: 'boolean', name: 'is_published', default: true }) isPublished!: boolean;
  @Column({ type: 'boolean', name: 'is_free_preview', default: false }) isFreePreview!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
