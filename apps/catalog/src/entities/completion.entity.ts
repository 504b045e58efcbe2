import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per learner and lesson: completing twice counts once (the primary key). */
@Entity({ name: 'lesson_completions' })
export class LessonCompletionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'lesson_id' }) lessonId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'int', name: 'time_spent_minutes', default: 0 }) timeSpentMinutes!: number;
  @Column({ type: 'timestamptz', name: 'completed_at' }) completedAt!: Date;
}

/** One row per learner and content item. */
@Entity({ name: 'item_completions' })
export class ItemCompletionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'content_item_id' }) contentItemId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'timestamptz', name: 'completed_at' }) completedAt!: Date;
}
