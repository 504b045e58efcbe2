import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ContentItemEntity } from './content-item.entity.js';
import { CourseEntity } from './course.entity.js';
import { LessonEntity } from './lesson.entity.js';

/** One row per learner and lesson: completing twice counts once (the primary key). */
@Entity({ name: 'lesson_completions' })
@Index('lesson_completions_course_idx', ['courseId', 'userId'])
@Index('lesson_completions_lesson_idx', ['lessonId'])
export class LessonCompletionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'lesson_id' }) lessonId!: string;
  @ManyToOne(() => LessonEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'lesson_completions_lesson_id_fkey' })
  lesson?: Relation<LessonEntity>;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'lesson_completions_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'int', name: 'time_spent_minutes', default: 0 }) timeSpentMinutes!: number;
  @Column({ type: 'timestamptz', name: 'completed_at', default: () => 'now()' }) completedAt!: Date;
}

/** One row per learner and content item. */
@Entity({ name: 'item_completions' })
@Index('item_completions_course_idx', ['courseId', 'userId'])
export class ItemCompletionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'content_item_id' }) contentItemId!: string;
  @ManyToOne(() => ContentItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'content_item_id', foreignKeyConstraintName: 'item_completions_content_item_id_fkey' })
  contentItem?: Relation<ContentItemEntity>;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'item_completions_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'timestamptz', name: 'completed_at', default: () => 'now()' }) completedAt!: Date;
}
