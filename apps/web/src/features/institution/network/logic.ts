import {
  API_KEY_RATE_LIMIT_DEFAULT,
  DEFAULT_MAX_SUBSIDIARIES,
  MAX_ORGANIZATIONAL_LEVEL,
  SUBDOMAIN_MIN_LENGTH,
  CreateApiKeyRequest,
  EmailSchema,
  GrantSubsidiaryAccessRequest,
  SubleasingPlanRequest,
  SubsidiaryRequest,
  SubsidiaryUpdateRequest,
  type AccessLevel,
  type ApiKeyPermission,
  type BILLING_PERIODS,
  type HierarchyNode,
  type Institution,
  type LevelType,
  type PLAN_MEMBER_TYPES,
  type PortalRole,
  type SUBLEASE_CURRENCIES,
  type UsageSchema,
} from '@lp/contracts';
import { z } from 'zod';
import { formSchemaOf } from '../../../ui/form/form-schema';

/**
 * The pure rules of the subsidiaries, sub-leasing, API keys, portal access and billing tabs
 * (spec 3, Institution): kept apart from the screens so unit tests read them without a DOM.
 */

// ------------------------------------------------------------------ subsidiaries

/** Spec 9: the availability check waits for a 500 ms pause in typing. */
export const SUBDOMAIN_CHECK_DELAY_MS = 500;

/** Spec 9: the availability check starts only at 3+ characters. */
export const shouldCheckSubdomain = (subdomain: string): boolean => subdomain.length >= SUBDOMAIN_MIN_LENGTH;

/** The subdomain to ask about once typing paused: none when too short or when it is the edited subsidiary's own. */
export const subdomainToCheck = (settled: string, own: string | null): string | null =>
  shouldCheckSubdomain(settled) && settled !== own ? settled : null;

/** The organizational levels a subsidiary may take, 1 to 20. */
export const ORGANIZATIONAL_LEVELS: readonly number[] = Array.from({ length: MAX_ORGANIZATIONAL_LEVEL }, (_, i) => i + 1);

export interface ParentOption {
  id: string;
  name: string;
  organizational_level: number;
}

/**
 * Spec 5: a level above 1 needs a parent from the level exactly one lower, chosen among the
 * institution itself and its subsidiaries (never the subsidiary being edited).
 */
export function parentCandidates(
  institution: ParentOption,
  subsidiaries: readonly ParentOption[],
  level: number,
  editingId?: string,
): ParentOption[] {
  if (!Number.isInteger(level) || level <= 1) return [];
  return [institution, ...subsidiaries].filter((i) => i.organizational_level === level - 1 && i.id !== editingId);
}

/** The subsidiary cap: the institution's own, else the default 50. */
export const maxSubsidiaries = (institution: Pick<Institution, 'max_subsidiaries'>): number =>
  institution.max_subsidiaries > 0 ? institution.max_subsidiaries : DEFAULT_MAX_SUBSIDIARIES;

/** Spec 9: the capacity warning shows once the count reaches the cap. */
export const atCapacity = (count: number, max: number): boolean => count >= max;

export interface SubsidiaryFormValues {
  name: string;
  subdomain: string;
  organizational_level: string;
  level_type: LevelType | '';
  level_name: string;
  parent_institution_id: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  country: string;
  inherit_branding: boolean;
}

interface SubsidiaryLike {
  name: string;
  subdomain: string | null;
  organizational_level: number;
  level_type: LevelType;
  level_name: string | null;
  parent_institution_id: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  country: string | null;
  inherit_branding: boolean;
}

/** A new subsidiary starts one level below the institution, inheriting its branding. */
export function subsidiaryFormOf(
  sub: SubsidiaryLike | null,
  institution: Pick<Institution, 'id' | 'organizational_level'>,
): SubsidiaryFormValues {
  if (sub) {
    return {
      name: sub.name,
      subdomain: sub.subdomain ?? '',
      organizational_level: String(sub.organizational_level),
      level_type: sub.level_type,
      level_name: sub.level_name ?? '',
      parent_institution_id: sub.parent_institution_id ?? '',
      contact_email: sub.contact_email ?? '',
      contact_phone: sub.contact_phone ?? '',
      address: sub.address ?? '',
      country: sub.country ?? '',
      inherit_branding: sub.inherit_branding,
    };
  }
  const level = Math.min(MAX_ORGANIZATIONAL_LEVEL, Math.max(1, institution.organizational_level + 1));
  return {
    name: '',
    subdomain: '',
    organizational_level: String(level),
    level_type: '',
    level_name: '',
    parent_institution_id: level > 1 && institution.organizational_level === level - 1 ? institution.id : '',
    contact_email: '',
    contact_phone: '',
    address: '',
    country: '',
    inherit_branding: true,
  };
}

/** What the form sends (the contract's schema trims, nulls blanks and checks). */
export function subsidiaryBody(values: SubsidiaryFormValues) {
  const level = Number(values.organizational_level);
  return {
    name: values.name,
    subdomain: values.subdomain,
    organizational_level: values.organizational_level === '' ? undefined : level,
    level_type: values.level_type === '' ? undefined : values.level_type,
    level_name: values.level_name,
    parent_institution_id: level > 1 && values.parent_institution_id !== '' ? values.parent_institution_id : undefined,
    contact_email: values.contact_email,
    contact_phone: values.contact_phone,
    address: values.address,
    country: values.country,
    inherit_branding: values.inherit_branding,
  };
}

/** What the subsidiary form holds, checked by the contract's create (or, editing, update) schema on the body it makes. */
export const subsidiaryFormSchema = formSchemaOf(subsidiaryBody, SubsidiaryRequest);
export const subsidiaryEditFormSchema = formSchemaOf(subsidiaryBody, SubsidiaryUpdateRequest);

/** Spec 9: the organizational chart opens its first two levels. */
export function initiallyOpen(root: HierarchyNode): Set<string> {
  return new Set([root.id, ...root.children.map((c) => c.id)]);
}

/** Every node of a tree, depth first (for "expand all"). */
export function nodeIds(root: HierarchyNode): string[] {
  return [root.id, ...root.children.flatMap(nodeIds)];
}

// ------------------------------------------------------------------ sub-leasing plans

type SubleaseCurrency = (typeof SUBLEASE_CURRENCIES)[number];
type BillingPeriod = (typeof BILLING_PERIODS)[number];
type PlanMemberType = (typeof PLAN_MEMBER_TYPES)[number];

export interface PlanFormValues {
  name: string;
  description: string;
  price: string;
  currency: SubleaseCurrency;
  billing_period: BillingPeriod;
  member_type: PlanMemberType;
  features: string[];
  is_active: boolean;
  is_featured: boolean;
}

interface PlanLike {
  name: string;
  description: string | null;
  price: number;
  currency: SubleaseCurrency;
  billing_period: BillingPeriod;
  member_type: PlanMemberType;
  features: string[];
  is_active: boolean;
  is_featured: boolean;
}

/** Spec 5: defaults ETB, month, student, active, not featured. */
export function planFormOf(plan: PlanLike | null): PlanFormValues {
  if (!plan) {
    return {
      name: '',
      description: '',
      price: '',
      currency: 'ETB',
      billing_period: 'month',
      member_type: 'student',
      features: [''],
      is_active: true,
      is_featured: false,
    };
  }
  return {
    name: plan.name,
    description: plan.description ?? '',
    price: String(plan.price),
    currency: plan.currency,
    billing_period: plan.billing_period,
    member_type: plan.member_type,
    features: plan.features.length > 0 ? [...plan.features] : [''],
    is_active: plan.is_active,
    is_featured: plan.is_featured,
  };
}

/** Spec 5: blank features are removed; an empty price is left out so "Price is required" is said. */
export function planBody(values: PlanFormValues) {
  return {
    name: values.name,
    description: values.description,
    price: values.price.trim() === '' ? undefined : Number(values.price),
    currency: values.currency,
    billing_period: values.billing_period,
    member_type: values.member_type,
    features: values.features.map((f) => f.trim()).filter((f) => f !== ''),
    is_active: values.is_active,
    is_featured: values.is_featured,
  };
}

/** What the plan form holds, checked by the contract's schema on the body it makes. */
export const planFormSchema = formSchemaOf(planBody, SubleasingPlanRequest);

/** The whole plan again with only its active flag changed (PUT replaces the plan). */
export function toggledPlanBody(plan: PlanLike) {
  return { ...planBody(planFormOf(plan)), is_active: !plan.is_active };
}

// ------------------------------------------------------------------ API keys

export interface ApiKeyFormValues {
  key_name: string;
  permissions: ApiKeyPermission[];
  rate_limit_per_minute: string;
  expires_in_days: string;
}

export const apiKeyFormDefaults = (): ApiKeyFormValues => ({
  key_name: '',
  permissions: [],
  rate_limit_per_minute: String(API_KEY_RATE_LIMIT_DEFAULT),
  expires_in_days: '',
});

/** Spec 5: an empty expiry means the key never expires. */
export function apiKeyBody(values: ApiKeyFormValues) {
  return {
    key_name: values.key_name,
    permissions: values.permissions,
    rate_limit_per_minute: values.rate_limit_per_minute.trim() === '' ? API_KEY_RATE_LIMIT_DEFAULT : Number(values.rate_limit_per_minute),
    expires_in_days: values.expires_in_days.trim() === '' ? null : Number(values.expires_in_days),
  };
}

/** What the API key form holds, checked by the contract's schema on the body it makes. */
export const apiKeyFormSchema = formSchemaOf(apiKeyBody, CreateApiKeyRequest);

/** Adds or removes one permission, keeping the contract's order. */
export function togglePermission(
  all: readonly ApiKeyPermission[],
  chosen: readonly ApiKeyPermission[],
  permission: ApiKeyPermission,
): ApiKeyPermission[] {
  const next = new Set(chosen);
  if (next.has(permission)) next.delete(permission);
  else next.add(permission);
  return all.filter((p) => next.has(p));
}

/** How a caller uses a key: a bearer header against this site's institution API. */
export function curlExample(origin: string, key: string): string {
  return `curl -H "Authorization: Bearer ${key}" ${origin.replace(/\/$/, '')}/api/institution/courses`;
}

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export function apiKeyStatus(key: { is_active: boolean; expires_at: string | null }, now: Date = new Date()): ApiKeyStatus {
  if (!key.is_active) return 'revoked';
  if (key.expires_at && new Date(key.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

// ------------------------------------------------------------------ portal access

export interface GrantFormValues {
  user_email: string;
  role: PortalRole;
  access_level: AccessLevel;
  institution_id: string;
}

/** The contract's grant, with the portal's own text for a blank e-mail (`emailRequired`); permissions are not chosen here. */
export const grantFormSchema = (emailRequired: string) =>
  formSchemaOf(
    (values: GrantFormValues) => ({ ...values, user_email: values.user_email.trim(), permissions: [] }),
    GrantSubsidiaryAccessRequest.extend({ user_email: z.string().min(1, emailRequired).pipe(EmailSchema) }),
  );

// ------------------------------------------------------------------ billing

/** Spec 9: the yearly saving is 1 - yearly / (12 x monthly), as a whole percent (never below 0). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  if (!(monthly > 0)) return 0;
  return Math.max(0, Math.round((1 - yearly / (12 * monthly)) * 100));
}

/** Spec 9: the first 5 features on the current plan, 6 on an upgrade card. */
export const CURRENT_TIER_FEATURES = 5;
export const UPGRADE_CARD_FEATURES = 6;

export const USAGE_MEASURES = ['students', 'faculty', 'courses', 'storage_gb', 'api_calls', 'subsidiaries'] as const;
export type UsageMeasure = (typeof USAGE_MEASURES)[number];

export interface UsageBar {
  measure: UsageMeasure;
  used: number;
  /** null: unlimited */
  limit: number | null;
  /** 0-100, capped; null where unlimited */
  percent: number | null;
}

/** A bar's fill: what is used of the limit, capped at 100%. */
export function cappedPercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** Each measure of the usage answer with its limit and its capped percentage. */
export function usageBars(usage: z.infer<typeof UsageSchema>): UsageBar[] {
  const { current_usage: used, limits } = usage;
  const pairs: Record<UsageMeasure, [number, number | null]> = {
    students: [used.students, limits.students],
    faculty: [used.faculty, limits.faculty],
    courses: [used.courses, limits.courses],
    storage_gb: [used.storage_gb, limits.storage_gb],
    api_calls: [used.api_calls_this_month, limits.api_calls_monthly],
    subsidiaries: [used.subsidiaries, limits.subsidiaries],
  };
  return USAGE_MEASURES.map((measure) => {
    const [u, limit] = pairs[measure];
    return { measure, used: u, limit, percent: cappedPercent(u, limit) };
  });
}

/** Whether a tier is the one the institution is on (by its name or display name). */
export function isCurrentTier(tier: { tier_name: string; display_name: string }, current: string): boolean {
  const c = current.trim().toLowerCase();
  return tier.tier_name.toLowerCase() === c || tier.display_name.toLowerCase() === c;
}

// ------------------------------------------------------------------ readonly

/** Spec 6: a readonly member reads; every change control is hidden or disabled. */
export const canEdit = (institution: Pick<Institution, 'my_access'>): boolean => institution.my_access?.can_edit ?? false;
