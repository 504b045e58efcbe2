import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from './transformers.js';

/** A completed payment for a course, recorded from billing.payment.completed; it lets the payer enroll. */
@Entity({ name: 'course_payments' })
export class CoursePaymentEntity {
  @PrimaryColumn({ type: 'text', name: 'payment_id' }) paymentId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: asNumber }) amount!: number;
  @Column({ type: 'text' }) currency!: string;
  @Column({ type: 'timestamptz', name: 'paid_at' }) paidAt!: Date;
  @Column({ type: 'timestamptz', name: 'recorded_at' }) recordedAt!: Date;
}
