import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A mentor's progress record of one mentee (one per pair). */
@Entity({ name: 'mentee_progress' })
export class MenteeProgressEntity {
  @PrimaryColumn({ type: 'uuid', name: 'mentor_id' }) mentorId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'mentee_id' }) menteeId!: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) goals!: string[];
  @Column({ type: 'text', name: 'progress_notes', default: '' }) progressNotes!: string;
  @Column({ type: 'text', array: true, name: 'skills_developed', default: () => "'{}'" }) skillsDeveloped!: string[];
  @Column({ type: 'text', array: true, name: 'areas_for_improvement', default: () => "'{}'" }) areasForImprovement!: string[];
  @Column({ type: 'text', array: true, name: 'next_milestones', default: () => "'{}'" }) nextMilestones!: string[];
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
