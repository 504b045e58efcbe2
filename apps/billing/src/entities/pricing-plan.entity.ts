import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanUserType } from '@lp/contracts';

/**
 * A plan an instructor, mentor or institution subscribes to: its price for one billing cycle
 * (minor units, USD unless said otherwise), the features it lists (from the fixed choices of
 * its user type) and its limits (null: unlimited). Deactivating a plan hides it from new
 * subscribers; a plan anyone ever subscribed to is never deleted (the subscriptions keep it).
 */
@Entity({ name: 'pricing_plans' })
@Index('pricing_plans_user_type_idx', ['userType', 'priceMinor'])
@Check('pricing_plans_user_type_check', `user_type IN ('institution', 'mentor', 'instructor')`)
@Check('pricing_plans_billing_cycle_check', `billing_cycle IN ('monthly', 'yearly')`)
@Check('pricing_plans_currency_check', `currency IN ('USD', 'ETB', 'EUR')`)
@Check('pricing_plans_price_check', 'price_minor >= 0')
@Check(
  'pricing_plans_limits_check',
  '(max_students IS NULL OR max_students > 0) AND (max_faculty IS NULL OR max_faculty > 0) AND ' +
    '(max_courses IS NULL OR max_courses > 0) AND (max_sessions_per_month IS NULL OR max_sessions_per_month > 0)',
)
export class PricingPlanEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'varchar', length: 20, name: 'user_type' }) userType!: PlanUserType;
  @Column({ type: 'bigint', name: 'price_minor' }) priceMinor!: number;
  @Column({ type: 'char', length: 3, default: 'USD' }) currency!: string;
  @Column({ type: 'varchar', length: 10, name: 'billing_cycle' }) billingCycle!: 'monthly' | 'yearly';
  @Column({ type: 'text', default: '' }) description!: string;
  /** some of PLAN_FEATURES[user_type], in the admin's order */
  @Column({ type: 'jsonb', default: () => "'[]'" }) features!: string[];
  @Column({ type: 'int', name: 'max_students', nullable: true }) maxStudents!: number | null;
  @Column({ type: 'int', name: 'max_faculty', nullable: true }) maxFaculty!: number | null;
  @Column({ type: 'int', name: 'max_courses', nullable: true }) maxCourses!: number | null;
  @Column({ type: 'int', name: 'max_sessions_per_month', nullable: true }) maxSessionsPerMonth!: number | null;
  @Column({ type: 'boolean', name: 'is_featured', default: false }) isFeatured!: boolean;
  @Column({ type: 'boolean', name: 'is_active', default: true }) isActive!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
