import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';

/**
 * A course of an institution made available to a subsidiary below it (assign-resources, or a
 * cascade of content). The course keeps its owner (courses.institution_id); the row belongs to
 * the subsidiary, so the subsidiary's admins see it and nobody above the owner learns of it.
 * No foreign key to `courses`: that read model is filled from catalog's events and may learn a
 * course after, or forget it before, an assignment names it; readers join and skip the missing.
 */
@Entity({ name: 'course_assignments' })
@Index('course_assignments_course_idx', ['courseId'])
export class CourseAssignmentEntity {
  /** the subsidiary the course is assigned to */
  @PrimaryColumn({ type: 'uuid', name: 'institution_id', primaryKeyConstraintName: 'course_assignments_pkey' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'course_assignments_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @PrimaryColumn({ type: 'uuid', name: 'course_id', primaryKeyConstraintName: 'course_assignments_pkey' }) courseId!: string;
  /** the admin who assigned it, directly or by applying a cascade */
  @Column({ type: 'uuid', name: 'assigned_by', nullable: true }) assignedBy!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'assigned_at' }) assignedAt!: Date;
}
