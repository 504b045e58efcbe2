import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Read model of platform counters fed by other services' events: metric `sessions`
 * or `revenue`, period `all` or a month `YYYY-MM`.
 */
@Entity({ name: 'platform_stats' })
export class PlatformStatEntity {
  @PrimaryColumn({ type: 'text' }) metric!: string;
  @PrimaryColumn({ type: 'text', default: 'all' }) period!: string;
  @Column({ type: 'numeric', default: 0 }) value!: number;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
