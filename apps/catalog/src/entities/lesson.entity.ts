import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import type { LessonContentType } from '@lp/contracts';
import { CourseEntity } from './course.entity.js';

@Entity({ name: 'lessons' })
@Check('lessons_content_type_check', `content_type IN ('text','video','pdf','html')`)
@Check('lessons_duration_minutes_check', 'duration_minutes >= 1')
@Check('lessons_sort_order_check', 'sort_order >= 0')
@Index('lessons_course_order_idx', ['courseId', 'order', 'createdAt'])
// published lesson counts of a page of courses, by index-only scans
@Index('lessons_published_course_idx', ['courseId'], { where: 'is_published' })
export class LessonEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'lessons_course_id_fkey' })
  course?: Relation<CourseEntity>;
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
