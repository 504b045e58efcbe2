import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { AssignmentEntity } from './assignment.entity.js';

/**
 * A student's one submission of an assignment (resubmitting replaces it until it is graded), with
 * its lateness as of submitting; grade is the raw grade less the late penalty, null until graded.
 */
@Entity({ name: 'submissions' })
@Unique('submissions_assignment_id_student_id_key', ['assignmentId', 'studentId'])
@Check('submissions_days_late_check', 'days_late >= 0')
@Check('submissions_raw_grade_check', 'raw_grade IS NULL OR raw_grade >= 0')
@Check('submissions_grade_check', 'grade IS NULL OR grade >= 0')
@Index('submissions_student_idx', ['studentId'])
export class SubmissionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'assignment_id' }) assignmentId!: string;
  @ManyToOne(() => AssignmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'assignment_id', foreignKeyConstraintName: 'submissions_assignment_id_fkey' })
  assignment?: Relation<AssignmentEntity>;
  @Column({ type: 'uuid', name: 'student_id' }) studentId!: string;
  @Column({ type: 'text', name: 'submission_text' }) submissionText!: string;
  @Column({ type: 'jsonb', name: 'submission_files', default: () => "'[]'" }) submissionFiles!: string[];
  @Column({ type: 'timestamptz', name: 'submitted_at' }) submittedAt!: Date;
  @Column({ type: 'boolean', name: 'is_late', default: false }) isLate!: boolean;
  @Column({ type: 'int', name: 'days_late', default: 0 }) daysLate!: number;
  /** the grader's grade before the late penalty */
  @Column({ type: 'numeric', name: 'raw_grade', precision: 8, scale: 2, nullable: true }) rawGrade!: number | null;
  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true }) grade!: number | null;
  @Column({ type: 'text', nullable: true }) feedback!: string | null;
  @Column({ type: 'uuid', name: 'graded_by', nullable: true }) gradedBy!: string | null;
  @Column({ type: 'timestamptz', name: 'graded_at', nullable: true }) gradedAt!: Date | null;
}
