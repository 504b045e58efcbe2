import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BadgeCriteria } from '../modules/badges/badge-criteria.js';

/** A badge and its criteria as data (modules/badges/badge-criteria.ts evaluates them); seeded by a migration. */
@Entity({ name: 'badge_definitions' })
export class BadgeDefinitionEntity {
  @PrimaryColumn({ type: 'text' }) code!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'text' }) icon!: string;
  @Column({ type: 'jsonb' }) criteria!: BadgeCriteria;
  @Column({ type: 'boolean', default: true }) active!: boolean;
  @Column({ type: 'integer', default: 0 }) sort!: number;
}
