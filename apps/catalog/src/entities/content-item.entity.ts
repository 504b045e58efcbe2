import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ContentItemType } from '@lp/contracts';
import { CourseEntity } from './course.entity.js';
import { LessonEntity } from './lesson.entity.js';

/** A video, audio, PDF (stored through libs/storage) or text item of a course. */
@Entity({ name: 'content_items' })
@Check('content_items_type_check', `type IN ('video','audio','pdf','text')`)
// a text item has its text, any other its stored file
@Check('content_items_check', `(type = 'text' AND text_content IS NOT NULL) OR (type <> 'text' AND storage_key IS NOT NULL)`)
@Index('content_items_course_idx', ['courseId', 'order', 'createdAt'])
@Index('content_items_lesson_idx', ['lessonId', 'order', 'createdAt'])
export class ContentItemEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'content_items_course_id_fkey' })
  course?: Relation<CourseEntity>;
  /** the lesson the item belongs to; null: an item of the course as a whole */
  @Column({ type: 'uuid', name: 'lesson_id', nullable: true }) lessonId!: string | null;
  @ManyToOne(() => LessonEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'content_items_lesson_id_fkey' })
  lesson?: Relation<LessonEntity>;
  @Column({ type: 'text' }) type!: ContentItemType;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', name: 'text_content', nullable: true }) textContent!: string | null;
  @Column({ type: 'text', name: 'storage_key', nullable: true }) storageKey!: string | null;
  @Column({ type: 'text', name: 'file_name', nullable: true }) fileName!: string | null;
  @Column({ type: 'text', name: 'mime_type', nullable: true }) mimeType!: string | null;
  @Column({ type: 'bigint', name: 'file_size', nullable: true }) fileSize!: number | null;
  @Column({ type: 'int', name: 'duration_minutes', nullable: true }) durationMinutes!: number | null;
  @Column({ type: 'int', name: 'sort_order', default: 0 }) order!: number;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
