import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * An institution SaaS tier (spec 3, Subscription tier). Platform-wide: every tenant reads the
 * same list and no tenant owns a row, so the table has no row-level security policy. Prices are
 * ETB minor units; a null limit is unlimited. Institutions name their tier by `tier_name`
 * (institutions.tier_name); the hierarchy reads max_subsidiaries, the API keys api_access and
 * max_api_calls_monthly from here.
 */
@Entity({ name: 'tiers' })
@Check('tiers_prices_check', '"price_monthly_minor" >= 0 AND "price_yearly_minor" >= 0')
@Check('tiers_currency_check', `"currency" = 'ETB'`)
@Index('tiers_name_key', ['tierName'], { unique: true })
export class TierEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'text', name: 'tier_name' }) tierName!: string;
  @Column({ type: 'text', name: 'display_name' }) displayName!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ type: 'integer', name: 'price_monthly_minor' }) priceMonthlyMinor!: number;
  @Column({ type: 'integer', name: 'price_yearly_minor' }) priceYearlyMinor!: number;
  @Column({ type: 'text', default: 'ETB' }) currency!: 'ETB';
  @Column({ type: 'jsonb', default: () => "'[]'" }) features!: string[];
  @Column({ type: 'boolean', name: 'is_featured', default: false }) isFeatured!: boolean;
  @Column({ type: 'boolean', name: 'is_active', default: true }) isActive!: boolean;
  @Column({ type: 'integer', name: 'display_order', default: 0 }) displayOrder!: number;
  @Column({ type: 'integer', name: 'max_students', nullable: true }) maxStudents!: number | null;
  @Column({ type: 'integer', name: 'max_faculty', nullable: true }) maxFaculty!: number | null;
  @Column({ type: 'integer', name: 'max_courses', nullable: true }) maxCourses!: number | null;
  @Column({ type: 'integer', name: 'max_storage_gb', nullable: true }) maxStorageGb!: number | null;
  @Column({ type: 'integer', name: 'max_api_calls_monthly', nullable: true }) maxApiCallsMonthly!: number | null;
  @Column({ type: 'integer', name: 'max_subsidiaries', nullable: true }) maxSubsidiaries!: number | null;
  @Column({ type: 'boolean', name: 'custom_domain', default: false }) customDomain!: boolean;
  @Column({ type: 'boolean', name: 'branding_removed', default: false }) brandingRemoved!: boolean;
  @Column({ type: 'boolean', name: 'api_access', default: false }) apiAccess!: boolean;
  @Column({ type: 'boolean', name: 'priority_support', default: false }) prioritySupport!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
