import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';

/**
 * The courses of institutions, as catalog's events describe them (a read model: catalog owns
 * courses). Only a course whose event names an institution is kept; `institution_id` is its
 * owner as catalog says (assigning it to a subsidiary is a row of course_assignments).
 */
@Entity({ name: 'courses' })
@Index('courses_institution_idx', ['institutionId', 'createdAt'])
export class CourseEntity {
  /** catalog's course id */
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'courses_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) category!: string;
  /** major units, as catalog keeps it */
  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0 }) price!: string;
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  /** catalog's count (the latest enrollment event's), never below the enrollments known here */
  @Column({ type: 'integer', name: 'enrollment_count', default: 0 }) enrollmentCount!: number;
  /** catalog's times, so an older event never overwrites a newer one */
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
