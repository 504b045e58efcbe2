import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Read model of platform counters fed by other services' events, per period `all` or a month
 * `YYYY-MM` (UTC). Metrics: `sessions`; from billing's payment events (admin/billing-revenue.consumer.ts)
 * `revenue` and `session_revenue` in USD minor units (cents: exact, whatever the sum) and
 * `paid_sessions` a count; another currency's payments under the same names suffixed
 * `:<currency>` (`revenue:ETB`), which the dollar figures leave out.
 */
@Entity({ name: 'platform_stats' })
export class PlatformStatEntity {
  @PrimaryColumn({ type: 'text' }) metric!: string;
  @PrimaryColumn({ type: 'text', default: 'all' }) period!: string;
  @Column({ type: 'numeric', default: 0 }) value!: number;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
