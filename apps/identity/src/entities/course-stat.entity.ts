import { Index, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Read model fed by catalog events; admin analytics reads it. */
@Entity({ name: 'course_stats' })
// most enrolled first (DESC in the migration)
@Index('course_stats_popular_idx', ['enrollmentCount'])
export class CourseStatEntity {
  @PrimaryColumn({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'int', name: 'enrollment_count', default: 0 }) enrollmentCount!: number;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
