import type { MigrationInterface, QueryRunner } from 'typeorm';
import { tenantTableDown, tenantTableUp } from '../common/tenant-policies.js';

/**
 * Sub-leasing plans, the SaaS tiers and tier upgrades (spec 3: Sub-leasing plan, Subscription
 * tier): generated from the entities by `npm run migration:generate -- institution PlansTiers`,
 * then by hand the tenant policies of the two tenant tables and the four tiers. `tiers` is
 * platform-wide (the same list for every tenant, owned by none): no policy.
 */
export class PlansTiers1795718149761 implements MigrationInterface {
  name = 'PlansTiers1795718149761';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "subleasing_plans" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "name" text NOT NULL, "description" text, "price_minor" integer NOT NULL, "currency" text NOT NULL DEFAULT \'ETB\', "billing_period" text NOT NULL DEFAULT \'month\', "member_type" text NOT NULL DEFAULT \'student\', "features" jsonb NOT NULL DEFAULT \'[]\', "is_active" boolean NOT NULL DEFAULT true, "is_featured" boolean NOT NULL DEFAULT false, "cascaded_from" uuid, "active_subscriptions" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "subleasing_plans_subscriptions_check" CHECK ("active_subscriptions" >= 0), CONSTRAINT "subleasing_plans_member_type_check" CHECK ("member_type" IN (\'student\',\'faculty\',\'all\')), CONSTRAINT "subleasing_plans_period_check" CHECK ("billing_period" IN (\'month\',\'year\',\'semester\')), CONSTRAINT "subleasing_plans_currency_check" CHECK ("currency" IN (\'ETB\',\'USD\',\'EUR\')), CONSTRAINT "subleasing_plans_price_check" CHECK ("price_minor" >= 0), CONSTRAINT "PK_f72e3bdc2016f8bbb4ccbaf6ebe" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE UNIQUE INDEX "subleasing_plans_cascaded_key" ON "subleasing_plans"  ("institution_id", "cascaded_from") WHERE "cascaded_from" IS NOT NULL',
    );
    await q.query('CREATE INDEX "subleasing_plans_institution_idx" ON "subleasing_plans"  ("institution_id", "created_at") ');
    await q.query(
      'CREATE TABLE "tiers" ("id" uuid NOT NULL, "tier_name" text NOT NULL, "display_name" text NOT NULL, "description" text NOT NULL DEFAULT \'\', "price_monthly_minor" integer NOT NULL, "price_yearly_minor" integer NOT NULL, "currency" text NOT NULL DEFAULT \'ETB\', "features" jsonb NOT NULL DEFAULT \'[]\', "is_featured" boolean NOT NULL DEFAULT false, "is_active" boolean NOT NULL DEFAULT true, "display_order" integer NOT NULL DEFAULT \'0\', "max_students" integer, "max_faculty" integer, "max_courses" integer, "max_storage_gb" integer, "max_api_calls_monthly" integer, "max_subsidiaries" integer, "custom_domain" boolean NOT NULL DEFAULT false, "branding_removed" boolean NOT NULL DEFAULT false, "api_access" boolean NOT NULL DEFAULT false, "priority_support" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "tiers_currency_check" CHECK ("currency" = \'ETB\'), CONSTRAINT "tiers_prices_check" CHECK ("price_monthly_minor" >= 0 AND "price_yearly_minor" >= 0), CONSTRAINT "PK_908405492b9b2c2ae1cea1e1cc0" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "tiers_name_key" ON "tiers"  ("tier_name") ');
    await q.query(
      'CREATE TABLE "tier_upgrades" ("id" uuid NOT NULL, "institution_id" uuid NOT NULL, "requested_by" uuid NOT NULL, "from_tier" text NOT NULL, "to_tier" text NOT NULL, "billing_cycle" text NOT NULL, "amount_minor" integer NOT NULL, "currency" text NOT NULL DEFAULT \'ETB\', "payment_id" uuid, "status" text NOT NULL DEFAULT \'pending\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "tier_upgrades_amount_check" CHECK ("amount_minor" >= 0), CONSTRAINT "tier_upgrades_cycle_check" CHECK ("billing_cycle" IN (\'monthly\',\'yearly\')), CONSTRAINT "tier_upgrades_status_check" CHECK ("status" IN (\'pending\',\'completed\',\'failed\')), CONSTRAINT "PK_eb4de9d02817f6a6dd2cfec011d" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "tier_upgrades_payment_idx" ON "tier_upgrades"  ("payment_id") ');
    await q.query('CREATE INDEX "tier_upgrades_institution_idx" ON "tier_upgrades"  ("institution_id", "created_at") ');
    await q.query(
      'ALTER TABLE "subleasing_plans" ADD CONSTRAINT "subleasing_plans_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "tier_upgrades" ADD CONSTRAINT "tier_upgrades_institution_fkey" FOREIGN KEY ("institution_id") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    for (const sql of tenantTableUp('subleasing_plans')) await q.query(sql);
    for (const sql of tenantTableUp('tier_upgrades')) await q.query(sql);
    for (const t of SEEDED_TIERS) await q.query(INSERT_TIER, tierValues(t));
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of tenantTableDown('tier_upgrades')) await q.query(sql);
    for (const sql of tenantTableDown('subleasing_plans')) await q.query(sql);
    await q.query('ALTER TABLE "tier_upgrades" DROP CONSTRAINT "tier_upgrades_institution_fkey"');
    await q.query('ALTER TABLE "subleasing_plans" DROP CONSTRAINT "subleasing_plans_institution_fkey"');
    await q.query('DROP INDEX "public"."tier_upgrades_institution_idx"');
    await q.query('DROP INDEX "public"."tier_upgrades_payment_idx"');
    await q.query('DROP TABLE "tier_upgrades"');
    await q.query('DROP INDEX "public"."tiers_name_key"');
    await q.query('DROP TABLE "tiers"');
    await q.query('DROP INDEX "public"."subleasing_plans_institution_idx"');
    await q.query('DROP INDEX "public"."subleasing_plans_cascaded_key"');
    await q.query('DROP TABLE "subleasing_plans"');
  }
}

interface SeededTier {
  tierName: string;
  displayName: string;
  description: string;
  /** ETB minor units */
  monthly: number;
  yearly: number;
  features: string[];
  featured: boolean;
  order: number;
  /** null: unlimited */
  limits: {
    students: number | null;
    faculty: number | null;
    courses: number | null;
    storageGb: number | null;
    apiCallsMonthly: number | null;
    subsidiaries: number | null;
  };
  customDomain: boolean;
  brandingRemoved: boolean;
  apiAccess: boolean;
  prioritySupport: boolean;
}

const birr = (major: number): number => major * 100;

/**
 * The tiers a new platform offers. `free` is every institution's tier until it upgrades
 * (institutions.tier_name defaults to it); its subsidiary limit is the spec's default of 50, so
 * the free tier takes nothing away that the platform's default gives. Yearly is about two
 * months free, more the larger the tier.
 */
const SEEDED_TIERS: readonly SeededTier[] = [
  {
    tierName: 'free',
    displayName: 'Free',
    description: 'Try the platform with a small group of learners',
    monthly: 0,
    yearly: 0,
    features: [
      'Up to 100 students',
      'Up to 10 faculty members',
      'Up to 10 courses',
      '5 GB storage',
      'Subsidiaries and sub-leasing plans',
      'Community support',
    ],
    featured: false,
    order: 1,
    limits: { students: 100, faculty: 10, courses: 10, storageGb: 5, apiCallsMonthly: 0, subsidiaries: 50 },
    customDomain: false,
    brandingRemoved: false,
    apiAccess: false,
    prioritySupport: false,
  },
  {
    tierName: 'starter',
    displayName: 'Starter',
    description: 'A school or training centre with its own portal and API',
    monthly: birr(2_500),
    yearly: birr(25_000),
    features: [
      'Up to 500 students',
      'Up to 50 faculty members',
      'Up to 50 courses',
      '25 GB storage',
      'API access (10,000 calls a month)',
      'Up to 100 subsidiaries',
      'E-mail support',
    ],
    featured: false,
    order: 2,
    limits: { students: 500, faculty: 50, courses: 50, storageGb: 25, apiCallsMonthly: 10_000, subsidiaries: 100 },
    customDomain: false,
    brandingRemoved: false,
    apiAccess: true,
    prioritySupport: false,
  },
  {
    tierName: 'professional',
    displayName: 'Professional',
    description: 'A university or a network of campuses, under its own brand',
    monthly: birr(7_500),
    yearly: birr(72_000),
    features: [
      'Up to 2,500 students',
      'Up to 250 faculty members',
      'Up to 250 courses',
      '100 GB storage',
      'API access (100,000 calls a month)',
      'Custom domain',
      'Platform branding removed',
      'Up to 250 subsidiaries',
    ],
    featured: true,
    order: 3,
    limits: { students: 2_500, faculty: 250, courses: 250, storageGb: 100, apiCallsMonthly: 100_000, subsidiaries: 250 },
    customDomain: true,
    brandingRemoved: true,
    apiAccess: true,
    prioritySupport: false,
  },
  {
    tierName: 'enterprise',
    displayName: 'Enterprise',
    description: 'Corporations and ministries: no limits, priority support',
    monthly: birr(20_000),
    yearly: birr(180_000),
    features: [
      'Unlimited students',
      'Unlimited faculty members',
      'Unlimited courses',
      'Unlimited storage',
      'Unlimited API calls',
      'Unlimited subsidiaries',
      'Custom domain',
      'Platform branding removed',
      'Priority support',
    ],
    featured: false,
    order: 4,
    limits: { students: null, faculty: null, courses: null, storageGb: null, apiCallsMonthly: null, subsidiaries: null },
    customDomain: true,
    brandingRemoved: true,
    apiAccess: true,
    prioritySupport: true,
  },
];

const INSERT_TIER = `INSERT INTO "tiers" ("id", "tier_name", "display_name", "description", "price_monthly_minor", "price_yearly_minor", "currency", "features", "is_featured", "is_active", "display_order",
  "max_students", "max_faculty", "max_courses", "max_storage_gb", "max_api_calls_monthly", "max_subsidiaries", "custom_domain", "branding_removed", "api_access", "priority_support")
  VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, 'ETB', $6::jsonb, $7, true, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`;

const tierValues = (t: SeededTier): unknown[] => [
  t.tierName,
  t.displayName,
  t.description,
  t.monthly,
  t.yearly,
  JSON.stringify(t.features),
  t.featured,
  t.order,
  t.limits.students,
  t.limits.faculty,
  t.limits.courses,
  t.limits.storageGb,
  t.limits.apiCallsMonthly,
  t.limits.subsidiaries,
  t.customDomain,
  t.brandingRemoved,
  t.apiAccess,
  t.prioritySupport,
];
