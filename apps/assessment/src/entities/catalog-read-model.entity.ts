import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Read model of catalog's courses, fed by its events: who owns a course (instructor, institution)
 * decides who may author and grade its quizzes and assignments, and its title is shown beside them.
 */
@Entity({ name: 'courses' })
@Index('courses_instructor_idx', ['instructorId'])
export class ReadModelCourseEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'uuid', name: 'instructor_id' }) instructorId!: string;
  @Column({ type: 'uuid', name: 'institution_id', nullable: true }) institutionId!: string | null;
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

/**
 * Read model of catalog's enrollments, fed by its events (or remembered from catalog's answer):
 * a course's quizzes and assignments are for the people enrolled in it. No foreign key to courses.
 */
@Entity({ name: 'enrollments' })
@Index('enrollments_user_idx', ['userId'])
export class ReadModelEnrollmentEntity {
  @PrimaryColumn({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  /** catalog's id of the enrollment */
  @Column({ type: 'uuid', name: 'enrollment_id' }) enrollmentId!: string;
  @Column({ type: 'timestamptz', name: 'enrolled_at' }) enrolledAt!: Date;
}
