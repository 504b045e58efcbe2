import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CourseEntity } from './course.entity.js';

/** A course's announcement; its learners are told by the engagement service (catalog.course.announced). */
@Entity({ name: 'course_announcements' })
// a course's list, newest first
@Index('course_announcements_course_idx', ['courseId', 'createdAt'])
export class CourseAnnouncementEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'course_announcements_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) message!: string;
  /** the instructor or an admin; no foreign key, as users are a read model */
  @Column({ type: 'uuid', name: 'posted_by' }) postedBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
