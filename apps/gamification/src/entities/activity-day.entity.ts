import { Entity, PrimaryColumn } from 'typeorm';

/** A day (the user's time zone) with at least one qualifying award: the streaks are runs of these. */
@Entity({ name: 'activity_days' })
export class ActivityDayEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'date' }) day!: string;
}
