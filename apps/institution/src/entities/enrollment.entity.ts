import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';

/**
 * Enrollments in institutions' courses, from catalog's events (a read model): the dashboard's
 * and the analytics' enrollments, completions, active students and revenue. The amount is
 * what catalog recorded as paid (major units in the event), kept in minor units.
 */
@Entity({ name: 'enrollments' })
@Index('enrollments_institution_enrolled_idx', ['institutionId', 'enrolledAt'])
@Index('enrollments_institution_completed_idx', ['institutionId', 'completedAt'])
@Index('enrollments_course_idx', ['courseId'])
export class EnrollmentEntity {
  /** catalog's enrollment id */
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'enrollments_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'bigint', name: 'amount_paid_minor', default: 0 }) amountPaidMinor!: string;
  @Column({ type: 'text', default: 'USD' }) currency!: string;
  @Column({ type: 'timestamptz', name: 'enrolled_at' }) enrolledAt!: Date;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}
