import { z } from 'zod';
import { IdSchema, IsoDate } from '../common/ids.js';
import { BULK_IMPORT_BATCH_MAX } from '../common/batches.js';
import { PaymentMethodSchema } from '../billing/schemas.js';
import { UploadedFileRef } from '../catalog/schemas.js';

/**
 * Institution's shapes (spec 3, Institution; ROUTES.md, institution). Money is integer minor
 * units with its currency, as everywhere; `price` beside it is the major-unit figure the
 * screens show and the forms send.
 */

// ------------------------------------------------------------------ constants

export const MAX_ORGANIZATIONAL_LEVEL = 20;
export const DEFAULT_MAX_SUBSIDIARIES = 50;
export const MEMBERS_LIST_MAX = 1000;
export const API_KEY_RATE_LIMIT_DEFAULT = 60;
export const API_KEY_RATE_LIMIT_MAX = 1000;
export const SUBDOMAIN_MIN_LENGTH = 3;

export const LEVEL_TYPES = ['corporation', 'cluster', 'subsidiary', 'branch', 'department'] as const;
export const LevelTypeSchema = z.enum(LEVEL_TYPES, { error: 'Level type must be corporation, cluster, subsidiary, branch or department' });
export type LevelType = z.infer<typeof LevelTypeSchema>;

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** students and faculty are the spec's members; `admin` is a person granted Institution Admin access to the portal */
export const MEMBER_TYPES = ['student', 'faculty', 'admin'] as const;
export const MemberTypeSchema = z.enum(MEMBER_TYPES, { error: 'Member type must be student or faculty' });
export type MemberType = z.infer<typeof MemberTypeSchema>;
export const AddableMemberTypeSchema = z.enum(['student', 'faculty'], { error: 'Member type must be student or faculty' });

/** what a member may do inside the institution's dashboard: readonly changes nothing */
export const ACCESS_LEVELS = ['standard', 'admin', 'readonly'] as const;
export const AccessLevelSchema = z.enum(ACCESS_LEVELS, { error: 'Access level must be standard, admin or readonly' });
export type AccessLevel = z.infer<typeof AccessLevelSchema>;

/** the portal roles the spec's Grant Portal Access form offers */
export const PORTAL_ROLES = ['learner', 'instructor', 'mentor', 'institution'] as const;
export const PortalRoleSchema = z.enum(PORTAL_ROLES, { error: 'Role must be learner, instructor, mentor or institution' });
export type PortalRole = z.infer<typeof PortalRoleSchema>;

export const API_KEY_PERMISSIONS = [
  'courses.read',
  'courses.write',
  'students.read',
  'students.write',
  'enrollments.read',
  'enrollments.create',
  'faculty.read',
  'analytics.read',
] as const;
export const ApiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS, { error: 'Unknown permission' });
export type ApiKeyPermission = z.infer<typeof ApiKeyPermissionSchema>;

export const SUBLEASE_CURRENCIES = ['ETB', 'USD', 'EUR'] as const;
export const BILLING_PERIODS = ['month', 'year', 'semester'] as const;
export const PLAN_MEMBER_TYPES = ['student', 'faculty', 'all'] as const;
export const TIER_BILLING_CYCLES = ['monthly', 'yearly'] as const;

// ------------------------------------------------------------------ fields

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const Color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #1e40af')
  .nullable()
  .optional();
const Email = z.email({ error: 'Must be a valid e-mail address' }).max(254);
const OptionalEmail = z
  .union([z.literal(''), Email])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
const Url = z.url({ error: 'Must be a URL' }).max(2048);

/**
 * A subdomain as the spec keeps it: lowercased and stripped to letters, digits and hyphens
 * (one rule, used by the forms, the check and the service).
 */
export const normalizeSubdomain = (raw: string): string => raw.toLowerCase().replace(/[^a-z0-9-]/g, '');
export const SubdomainSchema = z
  .string({ error: 'Subdomain is required' })
  .transform(normalizeSubdomain)
  .pipe(
    z
      .string()
      .min(SUBDOMAIN_MIN_LENGTH, `Subdomain must be at least ${SUBDOMAIN_MIN_LENGTH} characters`)
      .max(63, 'Subdomain must be at most 63 characters')
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'Subdomain cannot start or end with a hyphen'),
  );

// ------------------------------------------------------------------ institution

export const BrandingSchema = z.object({
  logo_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  custom_text: z.string().nullable(),
});
export type Branding = z.infer<typeof BrandingSchema>;

/** The caller's own standing in the institution (or the ancestor that gives it) */
export const MyAccessSchema = z.object({
  access_level: AccessLevelSchema,
  /** the institution whose membership grants it: this one, or an ancestor */
  via_institution_id: IdSchema,
  can_edit: z.boolean(),
});

export const InstitutionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  subdomain: z.string().nullable(),
  verification_status: VerificationStatusSchema,
  verified_at: IsoDate.nullable(),
  verification_notes: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  registration_number: z.string().nullable(),
  tax_id: z.string().nullable(),
  ...BrandingSchema.shape,
  inherit_branding: z.boolean(),
  subscription_tier_name: z.string(),
  subsidiary_count: z.number().int(),
  max_subsidiaries: z.number().int(),
  parent_institution_id: IdSchema.nullable(),
  /** depth in the tree: 0 for a top institution */
  hierarchy_level: z.number().int(),
  /** the organizational level the owner chose, 1 to 20 (a parent is one level up) */
  organizational_level: z.number().int(),
  /** names from the root down to this institution, ' > ' between them */
  hierarchy_path: z.string(),
  level_type: LevelTypeSchema,
  level_name: z.string().nullable(),
  total_students: z.number().int(),
  total_faculty: z.number().int(),
  total_courses: z.number().int(),
  created_at: IsoDate,
  my_access: MyAccessSchema.nullable(),
});
export type Institution = z.infer<typeof InstitutionSchema>;

export const OnboardRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters').max(200),
  subdomain: SubdomainSchema,
  contact_email: Email,
  contact_phone: optionalText(32),
  address: optionalText(300),
  country: optionalText(80),
  registration_number: optionalText(80),
  tax_id: optionalText(80),
});

export const CheckSubdomainQuery = z.object({ subdomain: z.string().max(100).default('') });
export const CheckSubdomainResponse = z.object({
  subdomain: z.string(),
  available: z.boolean(),
  /** the institution holding it: its name only */
  taken_by: z.string().nullable(),
  /** why an unusable value is refused (too short, bad characters) */
  reason: z.string().nullable(),
});

export const InstitutionUpdateRequest = z
  .object({
    name: z.string().trim().min(2, 'Name must be at least 2 characters').max(200).optional(),
    contact_email: Email.optional(),
    contact_phone: optionalText(32),
    address: optionalText(300),
    country: optionalText(80),
    primary_color: Color,
    secondary_color: Color,
    custom_text: optionalText(500),
    logo_url: Url.nullable().optional(),
    inherit_branding: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');

export const LogoQuery = z.object({ logo_url: Url });

export const InstitutionIdParams = z.object({ id: IdSchema });

export const DashboardStatsSchema = z.object({
  total_students: z.number().int(),
  total_faculty: z.number().int(),
  total_enrollments: z.number().int(),
  completion_rate: z.number(),
  active_students: z.number().int(),
  total_courses: z.number().int(),
  subsidiary_count: z.number().int(),
});

export const InstitutionAnalyticsQuery = z.object({ timeframe: z.enum(['30days', '90days', '1year']).default('90days') });
export const InstitutionAnalyticsSchema = z.object({
  total_members: z.number().int(),
  total_students: z.number().int(),
  total_faculty: z.number().int(),
  enrollments: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    in_progress: z.number().int(),
    completion_rate: z.number(),
    avg_progress: z.number(),
  }),
  popular_courses: z.array(z.object({ course_id: IdSchema, title: z.string(), enrollments: z.number().int() })),
  /** per month in the timeframe: members added, enrollments started and completed, revenue (minor units per currency) */
  trend: z.array(
    z.object({
      month: z.string(),
      members_added: z.number().int(),
      enrollments: z.number().int(),
      completions: z.number().int(),
      revenue_minor: z.number().int(),
    }),
  ),
  revenue: z.object({ total_minor: z.number().int(), currency: z.string() }),
});

export const UsageCountsSchema = z.object({
  students: z.number(),
  faculty: z.number(),
  courses: z.number(),
  storage_gb: z.number(),
  api_calls_this_month: z.number(),
  subsidiaries: z.number(),
});
/** a limit of null is unlimited */
export const UsageLimitsSchema = z.object({
  students: z.number().nullable(),
  faculty: z.number().nullable(),
  courses: z.number().nullable(),
  storage_gb: z.number().nullable(),
  api_calls_monthly: z.number().nullable(),
  subsidiaries: z.number().nullable(),
});
export const UsageSchema = z.object({
  tier_name: z.string(),
  current_usage: UsageCountsSchema,
  limits: UsageLimitsSchema,
  /** 0-100 per measure, capped at 100 (null where unlimited) */
  usage_percentage: z.record(z.string(), z.number().nullable()),
});

// ------------------------------------------------------------------ members

export const MemberSchema = z.object({
  id: IdSchema,
  institution_id: IdSchema,
  user: z.object({ id: IdSchema, name: z.string(), email: z.string().nullable(), role: z.string() }),
  member_type: MemberTypeSchema,
  portal_role: PortalRoleSchema,
  access_level: AccessLevelSchema,
  permissions: z.array(z.string()),
  is_suspended: z.boolean(),
  notes: z.string().nullable(),
  added_at: IsoDate,
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberParams = z.object({ id: IdSchema, memberId: IdSchema });
export const MembersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MEMBERS_LIST_MAX).default(MEMBERS_LIST_MAX),
  offset: z.coerce.number().int().min(0).default(0),
  member_type: MemberTypeSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export const MembersResponse = z.object({ members: z.array(MemberSchema), total: z.number().int() });

export const AddMemberRequest = z.object({
  email: Email,
  name: z.string().trim().min(1, 'Name is required').max(200).optional(),
  /** true (the spec's default): an account is made when none has this e-mail (its holder sets a password with "Forgot password?") */
  create_account: z.boolean().default(true),
  member_type: AddableMemberTypeSchema.default('student'),
  notes: optionalText(2000),
});
export const UpdateMemberRequest = z.object({ notes: z.string().trim().max(2000).nullable() });

// ------------------------------------------------------------------ membership by consent (issue 24, item 3)

/** how long a delivered invitation can be accepted; re-inviting the same e-mail starts the time again */
export const INSTITUTION_INVITATION_TTL_DAYS = 14;

/**
 * POST /institutions/{id}/members answers this, and only this, whatever the e-mail: whether it
 * has an account, had one made, is already a member or is held until the institution is
 * verified is never said (no account-existence oracle). The invitee accepts from /profile.
 */
export const MemberInvitedResponse = z.object({
  status: z.literal('invited'),
  email: z.string(),
  member_type: AddableMemberTypeSchema,
  message: z.string(),
});
export const MEMBER_INVITED_MESSAGE =
  'If this person can join, they have been invited: they become a member when they accept the invitation from their profile.';

/**
 * held: the institution is not verified yet; nothing has reached anyone. pending: delivered
 * (e-mail and /profile), waiting for the invitee. expired: pending past its expires_at.
 */
export const INSTITUTION_INVITATION_STATUSES = ['held', 'pending', 'accepted', 'declined', 'revoked', 'expired'] as const;
export const InstitutionInvitationStatusSchema = z.enum(INSTITUTION_INVITATION_STATUSES);
export type InstitutionInvitationStatus = z.infer<typeof InstitutionInvitationStatusSchema>;

/** The admin's view of an invitation of the institution (GET /institutions/{id}/invitations). */
export const InstitutionInvitationSchema = z.object({
  id: IdSchema,
  institution_id: IdSchema,
  email: z.string(),
  name: z.string().nullable(),
  member_type: MemberTypeSchema,
  status: InstitutionInvitationStatusSchema,
  invited_at: IsoDate,
  delivered_at: IsoDate.nullable(),
  expires_at: IsoDate.nullable(),
  responded_at: IsoDate.nullable(),
});
export type InstitutionInvitation = z.infer<typeof InstitutionInvitationSchema>;
export const InstitutionInvitationsResponse = z.object({ invitations: z.array(InstitutionInvitationSchema) });
export const InstitutionInvitationParams = z.object({ id: IdSchema, invitationId: IdSchema });

/** An invitation as its invitee sees it on /profile (only delivered, unexpired ones addressed to their e-mail). */
export const MyInvitationSchema = z.object({
  id: IdSchema,
  institution_id: IdSchema,
  institution_name: z.string(),
  member_type: MemberTypeSchema,
  invited_by_name: z.string().nullable(),
  invited_at: IsoDate,
  expires_at: IsoDate,
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;
export const MyInvitationsResponse = z.object({ invitations: z.array(MyInvitationSchema) });
export const MyInvitationParams = z.object({ invitationId: IdSchema });

/** A membership as its member sees it on /profile. */
export const MyMembershipSchema = z.object({
  member_id: IdSchema,
  institution_id: IdSchema,
  institution_name: z.string(),
  member_type: MemberTypeSchema,
  access_level: AccessLevelSchema,
  is_suspended: z.boolean(),
  joined_at: IsoDate,
});
export type MyMembership = z.infer<typeof MyMembershipSchema>;
export const MyMembershipsResponse = z.object({ memberships: z.array(MyMembershipSchema) });
export const MyMembershipParams = z.object({ institutionId: IdSchema });

export const MemberStatusRequest = z.object({ is_suspended: z.boolean({ error: 'is_suspended is required' }) });

// ------------------------------------------------------------------ bulk enrollment

/** the largest CSV file an import takes as a multipart upload (about a million rows); checked on the stored file */
export const BULK_IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;

/**
 * POST /institutions/{id}/members/bulk takes the CSV file (columns email, name, role: student
 * or faculty, student when blank) one of two ways, never both:
 * - `file`: a multipart upload (the gateway stores it and hands over its reference), up to
 *   BULK_IMPORT_FILE_MAX_BYTES: the way for large files (100,000 rows are some 5 MB);
 * - `csv_data`: the file base64 in a JSON body, which the gateway takes up to 1 MiB
 *   (BODY_LIMIT_BYTES), so about 750 KB of CSV: some 15,000 people a file.
 * `course_id` is optional; a form sends it as a field, where an empty one means no course.
 */
export const BulkEnrollRequest = z
  .object({
    csv_data: z
      .string({ error: 'CSV data is required' })
      .min(1, 'CSV data is required')
      .max(1_000_000, 'The file is too large: split it into files of at most 750 KB')
      .optional(),
    file: UploadedFileRef.optional(),
    course_id: z.preprocess((v) => (v === '' ? null : v), IdSchema.nullable().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.csv_data !== undefined && v.file !== undefined)
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'Send the CSV file once: either as a file upload or as csv_data, not both' });
    else if (v.csv_data === undefined && v.file === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['file'],
        message: 'A CSV file is required: upload it as file (or send it base64 as csv_data)',
      });
  });
export const BulkRowErrorSchema = z.object({ row: z.number().int(), email: z.string().nullable(), error: z.string() });
export const BulkImportSchema = z.object({
  job_id: IdSchema,
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  file_rows: z.number().int().nullable(),
  processed: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
  /** rows that changed nothing (already a member and enrolled): a re-import counts them here */
  unchanged: z.number().int(),
  errors: z.array(BulkRowErrorSchema),
  course_id: IdSchema.nullable(),
  created_at: IsoDate,
  finished_at: IsoDate.nullable(),
});
export const BulkJobParams = z.object({ id: IdSchema, jobId: IdSchema });
export const BulkImportsResponse = z.object({ imports: z.array(BulkImportSchema) });

// ------------------------------------------------------------------ sub-leasing plans

export const SubleasingPlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  price_minor: z.number().int(),
  currency: z.enum(SUBLEASE_CURRENCIES),
  billing_period: z.enum(BILLING_PERIODS),
  member_type: z.enum(PLAN_MEMBER_TYPES),
  features: z.array(z.string()),
  is_active: z.boolean(),
  is_featured: z.boolean(),
  active_subscriptions: z.number().int(),
  /** set when the plan was copied down from an ancestor by a cascade */
  cascaded_from: IdSchema.nullable(),
  created_at: IsoDate,
});
export const SubleasingPlanRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  description: optionalText(2000),
  price: z.coerce.number({ error: 'Price is required' }).min(0, 'Price cannot be negative').max(10_000_000),
  currency: z.enum(SUBLEASE_CURRENCIES, { error: 'Currency must be ETB, USD or EUR' }).default('ETB'),
  billing_period: z.enum(BILLING_PERIODS, { error: 'Billing period must be month, year or semester' }).default('month'),
  member_type: z.enum(PLAN_MEMBER_TYPES, { error: 'Member type must be student, faculty or all' }).default('student'),
  /** blank features are removed */
  features: z
    .array(z.string().max(200))
    .max(50)
    .default([])
    .transform((f) => f.map((x) => x.trim()).filter((x) => x !== '')),
  is_active: z.boolean().default(true),
  is_featured: z.boolean().default(false),
});
export const PlanParams = z.object({ id: IdSchema, planId: IdSchema });
export const SubleasingPlansResponse = z.object({ plans: z.array(SubleasingPlanSchema) });

// ------------------------------------------------------------------ hierarchy

export const SubsidiarySchema = InstitutionSchema.extend({ total_courses: z.number().int() });
export const SubsidiariesResponse = z.object({ subsidiaries: z.array(SubsidiarySchema) });
export const SubsidiaryParams = z.object({ id: IdSchema, subId: IdSchema });

export const SubsidiaryRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters').max(200),
  subdomain: SubdomainSchema,
  organizational_level: z.coerce
    .number({ error: 'Organizational level is required' })
    .int()
    .min(1, 'Organizational level must be 1 to 20')
    .max(MAX_ORGANIZATIONAL_LEVEL, 'Organizational level must be 1 to 20'),
  level_type: LevelTypeSchema,
  level_name: optionalText(80),
  /** the institution one level up; when omitted, the institution of the route */
  parent_institution_id: IdSchema.nullable().optional(),
  contact_email: OptionalEmail,
  contact_phone: optionalText(32),
  address: optionalText(300),
  country: optionalText(80),
  inherit_branding: z.boolean().default(true),
});
// the form default of inherit_branding must not apply to an edit: left out, it is left as it is
export const SubsidiaryUpdateRequest = SubsidiaryRequest.partial()
  .extend({ inherit_branding: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');

export interface HierarchyNode {
  id: string;
  name: string;
  subdomain: string | null;
  level_type: LevelType;
  level_name: string | null;
  organizational_level: number;
  hierarchy_level: number;
  verification_status: VerificationStatus;
  total_students: number;
  total_faculty: number;
  total_courses: number;
  children: HierarchyNode[];
}
export const HierarchyNodeSchema: z.ZodType<HierarchyNode> = z.lazy(() =>
  z.object({
    id: IdSchema,
    name: z.string(),
    subdomain: z.string().nullable(),
    level_type: LevelTypeSchema,
    level_name: z.string().nullable(),
    organizational_level: z.number().int(),
    hierarchy_level: z.number().int(),
    verification_status: VerificationStatusSchema,
    total_students: z.number().int(),
    total_faculty: z.number().int(),
    total_courses: z.number().int(),
    children: z.array(HierarchyNodeSchema),
  }),
);
export const HierarchyResponse = z.object({ hierarchy: HierarchyNodeSchema });
export const HierarchyPathResponse = z.object({
  hierarchy_path: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      level_type: LevelTypeSchema,
      organizational_level: z.number().int(),
      is_current: z.boolean(),
    }),
  ),
});
export const OrgChartResponse = z.object({
  org_chart: HierarchyNodeSchema,
  total_levels: z.number().int(),
  total_organizations: z.number().int(),
  current_institution_id: IdSchema,
});

export const ResourceCourseSchema = z.object({
  id: IdSchema,
  title: z.string(),
  institution_id: IdSchema,
  enrollment_count: z.number().int(),
});
export const ResourcePersonSchema = z.object({
  member_id: IdSchema,
  user_id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  institution_id: IdSchema,
});
export const InstitutionResourcesResponse = z.object({
  courses: z.array(ResourceCourseSchema),
  students: z.array(ResourcePersonSchema),
  faculty: z.array(ResourcePersonSchema),
});
export const AssignResourcesRequest = z.object({
  resource_type: z.enum(['course', 'student', 'faculty'], { error: 'Resource type must be course, student or faculty' }),
  resource_ids: z.array(IdSchema).min(1, 'Select at least one resource').max(1000),
  subsidiary_id: IdSchema,
  action: z.enum(['assign', 'unassign']).default('assign'),
});
export const AssignResourcesResponse = z.object({ message: z.string(), affected: z.number().int() });

export const CascadeSettingsSchema = z.object({
  branding: z.boolean(),
  pricing: z.boolean(),
  policies: z.boolean(),
  content: z.boolean(),
  users: z.boolean(),
});
export const CascadeSettingsResponse = z.object({ cascade_settings: CascadeSettingsSchema, last_applied_at: IsoDate.nullable() });
export const CascadeSettingsRequest = CascadeSettingsSchema.partial();
export const ApplyCascadeResponse = z.object({
  message: z.string(),
  institutions: z.number().int(),
  copied: z.object({
    branding: z.number().int(),
    plans: z.number().int(),
    policies: z.number().int(),
    courses: z.number().int(),
    members: z.number().int(),
  }),
});

// ------------------------------------------------------------------ portal access

export const PortalGrantSchema = z.object({
  member_id: IdSchema,
  user_id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  portal_role: PortalRoleSchema,
  access_level: AccessLevelSchema,
  permissions: z.array(z.string()),
  institution_id: IdSchema,
  institution_name: z.string(),
  granted_at: IsoDate,
});
export const PortalGrantsResponse = z.object({ grants: z.array(PortalGrantSchema) });

// ------------------------------------------------------------------ tiers

export const TierSchema = z.object({
  id: IdSchema,
  tier_name: z.string(),
  display_name: z.string(),
  price_monthly: z.number(),
  price_yearly: z.number(),
  price_monthly_minor: z.number().int(),
  price_yearly_minor: z.number().int(),
  currency: z.literal('ETB'),
  /** 1 - yearly / (12 x monthly), as a whole percent */
  yearly_saving_percent: z.number().int(),
  description: z.string(),
  features: z.array(z.string()),
  is_featured: z.boolean(),
  display_order: z.number().int(),
  max_students: z.number().int().nullable(),
  max_faculty: z.number().int().nullable(),
  max_courses: z.number().int().nullable(),
  max_storage_gb: z.number().int().nullable(),
  max_api_calls_monthly: z.number().int().nullable(),
  max_subsidiaries: z.number().int().nullable(),
  custom_domain: z.boolean(),
  branding_removed: z.boolean(),
  api_access: z.boolean(),
  priority_support: z.boolean(),
});
export const TiersResponse = z.object({ tiers: z.array(TierSchema) });
export const UpgradeRequest = z.object({
  tier_id: IdSchema,
  billing_cycle: z.enum(TIER_BILLING_CYCLES, { error: 'Billing cycle must be monthly or yearly' }).default('monthly'),
  payment_method: PaymentMethodSchema.default('wallet'),
});
export const UpgradeResponse = z.object({
  status: z.enum(['completed', 'pending']),
  payment_id: IdSchema,
  checkout_url: z.string().nullable(),
  tier_name: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  message: z.string(),
});

// ------------------------------------------------------------------ API keys

export const ApiKeySchema = z.object({
  id: IdSchema,
  key_name: z.string(),
  key_prefix: z.string(),
  permissions: z.array(ApiKeyPermissionSchema),
  rate_limit_per_minute: z.number().int(),
  total_calls: z.number().int(),
  last_used_at: IsoDate.nullable(),
  created_at: IsoDate,
  expires_at: IsoDate.nullable(),
  is_active: z.boolean(),
});
export const ApiKeysResponse = z.object({ api_keys: z.array(ApiKeySchema) });
export const CreateApiKeyRequest = z.object({
  key_name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  permissions: z.array(ApiKeyPermissionSchema).min(1, 'Select at least one permission').max(API_KEY_PERMISSIONS.length),
  rate_limit_per_minute: z.coerce
    .number()
    .int()
    .min(1, 'Rate limit must be 1 to 1000')
    .max(API_KEY_RATE_LIMIT_MAX, 'Rate limit must be 1 to 1000')
    .default(API_KEY_RATE_LIMIT_DEFAULT),
  /** empty: never expires */
  expires_in_days: z.coerce.number().int().min(1, 'Expiry must be at least 1 day').max(3650).nullable().optional(),
});
/** the full key, shown once */
export const CreatedApiKeySchema = ApiKeySchema.extend({ api_key: z.string() });
export const ApiKeyParams = z.object({ id: IdSchema, keyId: IdSchema });

/** gateway -> institution: who a presented key is, and one call counted against it */
export const AuthenticateApiKeyRequest = z.object({ api_key: z.string().min(1).max(200) });
export const AuthenticateApiKeyReply = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    key_id: IdSchema,
    institution_id: IdSchema,
    /** the institution admin who made the key: the caller the services see */
    owner_user_id: IdSchema,
    permissions: z.array(ApiKeyPermissionSchema),
    rate_limit_per_minute: z.number().int(),
  }),
  z.object({ valid: z.literal(false), reason: z.enum(['unknown', 'revoked', 'expired']) }),
]);

// ------------------------------------------------------------------ enrollment through a key

export const EnrollMemberRequest = z.object({ member_id: IdSchema, course_id: IdSchema });
export const EnrollMemberResponse = z.object({ enrollment_id: IdSchema, created: z.boolean() });

// ------------------------------------------------------------------ admin

export const AdminInstitutionsQuery = z.object({ status: VerificationStatusSchema.optional() });
export const AdminInstitutionsResponse = z.object({ institutions: z.array(InstitutionSchema) });
export const VerifyRequest = z.object({
  status: z.enum(['verified', 'rejected'], { error: 'Status must be verified or rejected' }),
  notes: optionalText(2000),
});

// ------------------------------------------------------------------ portals by host

export const PortalByHostQuery = z.object({ subdomain: z.string().max(100) });
export const PortalBrandingResponse = z.object({
  institution_id: IdSchema,
  name: z.string(),
  subdomain: z.string(),
  ...BrandingSchema.shape,
});

// ------------------------------------------------------------------ identity grant over the bus

export const GrantAccessRequest = z.object({
  granted_by: IdSchema,
  institution_id: IdSchema,
  /** the person's e-mail as the granter typed it: a member is updated, anyone else is invited (consent) */
  email: z.string().trim().toLowerCase().max(254),
  portal_role: PortalRoleSchema,
  access_level: AccessLevelSchema,
  permissions: z.array(z.string().max(64)).max(50),
});
/** invited: the person was not a member and gets an invitation carrying the grant (the same answer whether or not they have an account) */
export const GrantAccessReply = z.object({ outcome: z.enum(['updated', 'invited']), institution_name: z.string() });

// ------------------------------------------------------------------ billing prices a tier upgrade over the bus

/** billing -> institution: what an upgrade costs; only its requester may pay, only while pending */
export const TierPricingRequest = z.object({ item_id: IdSchema, user_id: IdSchema });
export const TierPricingResponse = z.object({
  upgrade_id: IdSchema,
  institution_id: IdSchema,
  title: z.string(),
  tier_name: z.string(),
  billing_cycle: z.enum(TIER_BILLING_CYCLES),
  amount_minor: z.number().int(),
  currency: z.literal('ETB'),
  status: z.enum(['pending', 'completed', 'failed']),
});

// ------------------------------------------------------------------ bulk import over the bus (the worker's job)

/** the per-row errors an import keeps (later ones are counted in `failed`, not listed) */
export const BULK_IMPORT_ERRORS_KEPT = 1000;
/** worker -> institution: one batch of valid rows whose accounts identity found or made; members are added, never changed */
export const BulkApplyBatchRequest = z.object({
  import_id: IdSchema,
  rows: z
    .array(
      z.object({
        row: z.number().int().min(1),
        user_id: IdSchema,
        member_type: AddableMemberTypeSchema,
        /** the account as identity answered, so the members list names a new person at once */
        account: z.object({ name: z.string(), email: z.string(), role: z.string() }),
        /**
         * identity made the account for this import (EnsureMemberAccountsReply's created): only
         * such a person becomes a member at once; an account that existed is invited (consent).
         * Absent means an existing account: the safe side.
         */
        created: z.boolean().default(false),
      }),
    )
    .max(BULK_IMPORT_BATCH_MAX),
});
export const BulkApplyBatchReply = z.object({
  institution_id: IdSchema,
  /** per row, in order: added (this import made the member, now or in an earlier try), refused (a tier limit) */
  rows: z.array(z.object({ row: z.number().int(), user_id: IdSchema, added: z.boolean(), refused: z.string().nullable() })),
});
/**
 * worker -> institution: a batch's outcome and the import's state; `batch` numbers the batches
 * from 1 (0: a state change only), and a batch already counted is not counted again (a retried job)
 */
export const BulkReportRequest = z.object({
  import_id: IdSchema,
  batch: z.number().int().min(0),
  status: z.enum(['running', 'completed', 'failed']),
  file_rows: z.number().int().min(0).nullable(),
  successful: z.number().int().min(0).default(0),
  unchanged: z.number().int().min(0).default(0),
  failed: z.number().int().min(0).default(0),
  errors: z.array(BulkRowErrorSchema).max(BULK_IMPORT_BATCH_MAX).default([]),
});
export const BulkReportReply = z.object({ status: z.enum(['queued', 'running', 'completed', 'failed']), counted: z.boolean() });
