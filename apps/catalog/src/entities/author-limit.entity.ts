import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What billing's subscriptions allow an author (billing.subscription.changed): the most
 * courses they may have (null: no limit). An author without a row has no subscription and no
 * limit. `updated_at` is the event's `changed_at`: an older event arriving late changes nothing.
 */
@Entity({ name: 'author_limits' })
@Check('author_limits_max_courses_check', 'max_courses IS NULL OR max_courses > 0')
export class AuthorLimitEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'int', name: 'max_courses', nullable: true }) maxCourses!: number | null;
  /** the subscription's status as billing said it (active, past_due, cancelled, expired ...) */
  @Column({ type: 'varchar', length: 20, name: 'subscription_status' }) subscriptionStatus!: string;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
