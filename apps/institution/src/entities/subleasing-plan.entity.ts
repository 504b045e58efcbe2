import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';

/**
 * A sub-leasing plan an institution offers its members (spec 3, Sub-leasing plan). The price is
 * integer minor units of its currency. `cascaded_from` names the ancestor's plan a cascade copied
 * it from: the cascade upserts by (institution_id, cascaded_from), hence the partial unique index.
 * `active_subscriptions` stays 0: the spec has no way to subscribe to a sub-leasing plan yet.
 */
@Entity({ name: 'subleasing_plans' })
@Check('subleasing_plans_price_check', '"price_minor" >= 0')
@Check('subleasing_plans_currency_check', `"currency" IN ('ETB','USD','EUR')`)
@Check('subleasing_plans_period_check', `"billing_period" IN ('month','year','semester')`)
@Check('subleasing_plans_member_type_check', `"member_type" IN ('student','faculty','all')`)
@Check('subleasing_plans_subscriptions_check', '"active_subscriptions" >= 0')
@Index('subleasing_plans_institution_idx', ['institutionId', 'createdAt'])
@Index('subleasing_plans_cascaded_key', ['institutionId', 'cascadedFrom'], { unique: true, where: '"cascaded_from" IS NOT NULL' })
export class SubleasingPlanEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'subleasing_plans_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'integer', name: 'price_minor' }) priceMinor!: number;
  @Column({ type: 'text', default: 'ETB' }) currency!: 'ETB' | 'USD' | 'EUR';
  @Column({ type: 'text', name: 'billing_period', default: 'month' }) billingPeriod!: 'month' | 'year' | 'semester';
  @Column({ type: 'text', name: 'member_type', default: 'student' }) memberType!: 'student' | 'faculty' | 'all';
  @Column({ type: 'jsonb', default: () => "'[]'" }) features!: string[];
  @Column({ type: 'boolean', name: 'is_active', default: true }) isActive!: boolean;
  @Column({ type: 'boolean', name: 'is_featured', default: false }) isFeatured!: boolean;
  @Column({ type: 'uuid', name: 'cascaded_from', nullable: true }) cascadedFrom!: string | null;
  @Column({ type: 'integer', name: 'active_subscriptions', default: 0 }) activeSubscriptions!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
