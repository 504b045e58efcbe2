import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Whole days a mentor takes off (both dates included, in the mentor's time zone); recurring = the same dates every year. */
@Entity({ name: 'time_off' })
@Check('time_off_dates_check', '"end_date" >= "start_date"')
@Index('time_off_mentor_idx', ['mentorId', 'startDate'])
export class TimeOffEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'mentor_id' }) mentorId!: string;
  @Column({ type: 'date', name: 'start_date' }) startDate!: string;
  @Column({ type: 'date', name: 'end_date' }) endDate!: string;
  @Column({ type: 'text' }) reason!: string;
  @Column({ type: 'boolean', name: 'is_recurring', default: false }) isRecurring!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
