import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { StudyGroupEntity } from './study-group.entity.js';

/** A group event: a date and a wall-clock time (as the form takes them), an optional meeting link. */
@Entity({ name: 'group_events' })
@Index('group_events_group_idx', ['groupId', 'date', 'time'])
export class GroupEventEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @Column({ type: 'uuid', name: 'organizer_id' }) organizerId!: string;
  @Column({ type: 'varchar', length: 200 }) title!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  /** YYYY-MM-DD */
  @Column({ type: 'date' }) date!: string;
  /** HH:MM:SS */
  @Column({ type: 'time' }) time!: string;
  @Column({ type: 'varchar', length: 500, name: 'meeting_link', nullable: true }) meetingLink!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_events_group_fk' })
  group?: StudyGroupEntity;
}
