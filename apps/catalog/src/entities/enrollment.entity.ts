import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, Unique } from 'typeorm';
import { CourseEntity } from './course.entity.js';

@Entity({ name: 'enrollments' })
@Unique('enrollments_course_user_key', ['courseId', 'userId'])
// newest first (DESC on enrolled_at in the migration; TypeORM compares an index by its columns)
@Index('enrollments_user_idx', ['userId', 'enrolledAt'])
export class EnrollmentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'enrollments_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'numeric', name: 'amount_paid', precision: 10, scale: 2, default: 0 }) amountPaid!: number;
  @Column({ type: 'text', name: 'payment_id', nullable: true }) paymentId!: string | null;
  @Column({ type: 'timestamptz', name: 'enrolled_at', default: () => 'now()' }) enrolledAt!: Date;
  /** enrolled, a lesson opened, a lesson or item completed */
  @Column({ type: 'timestamptz', name: 'last_activity_at', default: () => 'now()' }) lastActivityAt!: Date;
  /** the first time the learner reached 100%; kept even if lessons are added later */
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}
