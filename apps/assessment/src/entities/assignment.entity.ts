import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AssignmentType } from '@lp/contracts';

/** A course's assignment: graded by hand out of its max points, late work losing a percentage. */
@Entity({ name: 'assignments' })
@Check('assignments_assignment_type_check', `assignment_type IN ('essay','quiz','project','code','presentation','file_upload')`)
@Check('assignments_max_points_check', 'max_points >= 1')
@Check('assignments_late_penalty_percent_check', 'late_penalty_percent BETWEEN 0 AND 100')
@Index('assignments_course_idx', ['courseId', 'dueDate'])
@Index('assignments_author_idx', ['createdBy'])
// the deadline sweep: published assignments by due date
@Index('assignments_due_idx', ['dueDate'], { where: 'is_published' })
export class AssignmentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'text', name: 'assignment_type' }) assignmentType!: AssignmentType;
  @Column({ type: 'text' }) instructions!: string;
  @Column({ type: 'numeric', name: 'max_points', precision: 8, scale: 2, default: 100 }) maxPoints!: number;
  @Column({ type: 'timestamptz', name: 'due_date' }) dueDate!: Date;
  @Column({ type: 'boolean', name: 'allow_late_submission', default: true }) allowLateSubmission!: boolean;
  @Column({ type: 'numeric', name: 'late_penalty_percent', precision: 5, scale: 2, default: 10 })
  latePenaltyPercent!: number;
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  /** the due date its learners were last told is near (assignment-deadlines.ts): a moved due date differs, and is told again */
  @Column({ type: 'timestamptz', name: 'due_notice_for', nullable: true }) dueNoticeFor!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
