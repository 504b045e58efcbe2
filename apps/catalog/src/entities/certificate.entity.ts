import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, Unique } from 'typeorm';
import { CourseEntity } from './course.entity.js';
import { EnrollmentEntity } from './enrollment.entity.js';

/** Issued when a learner reaches 100%; the worker renders the PDF and reports its storage key. */
@Entity({ name: 'certificates' })
@Unique('certificates_code_key', ['verificationCode'])
@Unique('certificates_user_course_key', ['userId', 'courseId'])
export class CertificateEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'enrollment_id' }) enrollmentId!: string;
  @ManyToOne(() => EnrollmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'enrollment_id', foreignKeyConstraintName: 'certificates_enrollment_id_fkey' })
  enrollment?: Relation<EnrollmentEntity>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'certificates_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'text', name: 'verification_code' }) verificationCode!: string;
  @Column({ type: 'text', name: 'learner_name' }) learnerName!: string;
  @Column({ type: 'text', name: 'course_title' }) courseTitle!: string;
  @Column({ type: 'text', name: 'instructor_name' }) instructorName!: string;
  @Column({ type: 'timestamptz', name: 'completed_at' }) completedAt!: Date;
  @Column({ type: 'text', name: 'storage_key', nullable: true }) storageKey!: string | null;
  @Column({ type: 'timestamptz', name: 'rendered_at', nullable: true }) renderedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
