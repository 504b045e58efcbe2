import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A completed payment for a course, recorded from billing.payment.completed; it lets the payer enroll. */
@Entity({ name: 'course_payments' })
@Index('course_payments_user_course_idx', ['userId', 'courseId'])
export class CoursePaymentEntity {
  @PrimaryColumn({ type: 'text', name: 'payment_id' }) paymentId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'numeric', precision: 10, scale: 2 }) amount!: number;
  @Column({ type: 'text' }) currency!: string;
  @Column({ type: 'timestamptz', name: 'paid_at' }) paidAt!: Date;
  @Column({ type: 'timestamptz', name: 'recorded_at', default: () => 'now()' }) recordedAt!: Date;
}
