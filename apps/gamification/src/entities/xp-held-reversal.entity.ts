import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A reversal that found nothing (yet) to take back: each event type has its own consumer, so
 * an answer's unacceptance or a course's refund may be applied before the award it undoes.
 * The award, when it arrives with an earlier occurred_at, is taken back at once. `scope` is a
 * rule code (one reversal for one award: the row goes once used) or 'course' (a refund: every
 * lesson and completion award of the course that occurred before it; the row stays).
 */
@Entity({ name: 'xp_held_reversals' })
export class XpHeldReversalEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'text' }) scope!: string;
  @PrimaryColumn({ type: 'text' }) key!: string;
  @PrimaryColumn({ type: 'text', name: 'source_event_id' }) sourceEventId!: string;
  @Column({ type: 'timestamptz', name: 'occurred_at' }) occurredAt!: Date;
}
