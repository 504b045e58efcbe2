import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { asNumber } from './transformers.js';

@Entity({ name: 'enrollments' })
export class EnrollmentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'numeric', name: 'amount_paid', precision: 10, scale: 2, default: 0, transformer: asNumber }) amountPaid!: number;
  @Column({ type: 'text', name: 'payment_id', nullable: true }) paymentId!: string | null;
  @Column({ type: 'timestamptz', name: 'enrolled_at' }) enrolledAt!: Date;
  /** enrolled, a lesson opened, a lesson or item completed */
  @Column({ type: 'timestamptz', name: 'last_activity_at' }) lastActivityAt!: Date;
  /** the first time the learner reached 100%; kept even if lessons are added later */
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}
