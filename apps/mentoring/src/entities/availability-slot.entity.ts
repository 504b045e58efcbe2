import { Check, Column, Entity, Exclusion, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One weekly opening of a mentor: a weekday and minutes from midnight, in the mentor's time
 * zone (mentor_profiles.timezone), so "Mondays 09:00-12:00" stays 09:00 across daylight-saving
 * changes. The database refuses two overlapping openings on one weekday (exclusion constraint).
 */
@Entity({ name: 'availability_slots' })
@Check('availability_slots_weekday_check', '"weekday" BETWEEN 0 AND 6')
@Check('availability_slots_minutes_check', '"start_minute" >= 0 AND "end_minute" <= 1440 AND "start_minute" < "end_minute"')
@Exclusion(
  'availability_slots_no_overlap',
  'USING gist ("mentor_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&)',
)
@Index('availability_slots_mentor_idx', ['mentorId', 'weekday', 'startMinute'])
export class AvailabilitySlotEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'mentor_id' }) mentorId!: string;
  @Column({ type: 'smallint' }) weekday!: number;
  @Column({ type: 'smallint', name: 'start_minute' }) startMinute!: number;
  @Column({ type: 'smallint', name: 'end_minute' }) endMinute!: number;
}
