import {
  CURRENCIES,
  CourseCreateRequest,
  DEFAULT_COURSE_CATEGORY,
  DEFAULT_COURSE_LEVEL,
  InstitutionErrorCode,
  InstitutionUpdateRequest,
  type Currency,
  type Institution,
  type Member,
} from '@lp/contracts';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { serverDetail } from '../../api/error-text';
import { formSchemaOf } from '../../ui/form/form-schema';

/** The dashboard's tabs in the spec's order; the value is what ?tab= holds. */
export const INSTITUTION_TABS = [
  'overview',
  'courses',
  'students',
  'faculty',
  'subsidiaries',
  'sub-leasing',
  'api-keys',
  'portal-access',
  'bulk-enroll',
  'analytics',
  'billing',
  'settings',
] as const;
export type InstitutionTab = (typeof INSTITUTION_TABS)[number];
export const DEFAULT_TAB: InstitutionTab = 'overview';

/** ?tab= as a tab; anything else (absent, misspelt, an old link) opens the overview. */
export function tabOf(value: string | null): InstitutionTab {
  return value !== null && (INSTITUTION_TABS as readonly string[]).includes(value) ? (value as InstitutionTab) : DEFAULT_TAB;
}

/** GET /institutions/me's 404 when the caller administers no institution (any other failure is a load error). */
export function isNoInstitution(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.code === InstitutionErrorCode.NO_INSTITUTION;
}

/**
 * Whether the caller may change anything: a readonly member only reads. An answer without
 * my_access (no membership recorded, e.g. a platform admin) leaves the decision to the server.
 */
export function canEdit(institution: Pick<Institution, 'my_access'>): boolean {
  return institution.my_access?.can_edit ?? true;
}

// ------------------------------------------------------------------ members

export type MemberStatusFilter = 'all' | 'active' | 'suspended';
export const MEMBER_STATUS_FILTERS: readonly MemberStatusFilter[] = ['all', 'active', 'suspended'];

/** The members panel's filter: status, then name or e-mail containing the search (case-insensitive). */
export function filterMembers(members: readonly Member[], search: string, status: MemberStatusFilter): Member[] {
  const needle = search.trim().toLowerCase();
  return members.filter((m) => {
    if (status === 'active' && m.is_suspended) return false;
    if (status === 'suspended' && !m.is_suspended) return false;
    if (needle === '') return true;
    return m.user.name.toLowerCase().includes(needle) || (m.user.email ?? '').toLowerCase().includes(needle);
  });
}

// community declares these codes too, and their texts speak of a group: the institution's own detail says it right
const SHARED_MEMBER_CODES: ReadonlySet<string> = new Set([InstitutionErrorCode.ALREADY_MEMBER, InstitutionErrorCode.MEMBER_NOT_FOUND]);

/** What a failed member change says: the server's detail where a code's text would name the wrong thing. */
export function memberErrorDetail(error: unknown): string | null {
  if (isApiError(error) && error.detail && SHARED_MEMBER_CODES.has(error.code)) return error.detail;
  return serverDetail(error);
}

/** The Add Member modal's body: a blank name is not sent (the server then names the account from the e-mail). */
export function addMemberBody(form: { email: string; name: string; createAccount: boolean; memberType: 'student' | 'faculty' }) {
  const name = form.name.trim();
  return {
    email: form.email.trim(),
    ...(name === '' ? {} : { name }),
    create_account: form.createAccount,
    member_type: form.memberType,
  };
}

/** The Add Member modal's fields: e-mail and full name required (spec 3), in the modal's own words. */
export const addMemberFormSchema = (text: { emailRequired: string; nameRequired: string }) =>
  z.object({
    email: z.string().trim().min(1, text.emailRequired),
    name: z.string().trim().min(1, text.nameRequired),
    create_account: z.boolean(),
    member_type: z.enum(['student', 'faculty']),
  });

/** The Edit Member modal: only the notes. */
export const memberNotesFormSchema = z.object({ notes: z.string() });

/** A blank notes field clears the notes. */
export function notesBody(notes: string): { notes: string | null } {
  const trimmed = notes.trim();
  return { notes: trimmed === '' ? null : trimmed };
}

// ------------------------------------------------------------------ courses

export interface CourseForm {
  title: string;
  description: string;
  price: string;
  category: string;
  level: string;
  thumbnail: string;
}

export const BLANK_COURSE_FORM: CourseForm = {
  title: '',
  description: '',
  price: '0',
  category: DEFAULT_COURSE_CATEGORY,
  level: DEFAULT_COURSE_LEVEL,
  thumbnail: '',
};

/** What the Create Course modal sends: a blank price is the default 0, a blank thumbnail none. */
export function courseRequestOf(form: CourseForm): z.input<typeof CourseCreateRequest> {
  const priceText = form.price.trim();
  return {
    title: form.title,
    description: form.description,
    price: priceText === '' ? 0 : Number(priceText),
    category: form.category,
    level: form.level,
    thumbnail: form.thumbnail.trim(),
  } as z.input<typeof CourseCreateRequest>;
}

/**
 * The Create Course modal, checked by the contract itself: title and description required,
 * price a decimal, category and level defaults, thumbnail an optional URL.
 */
export const courseFormSchema = formSchemaOf(courseRequestOf, CourseCreateRequest);

// ------------------------------------------------------------------ bulk enrollment

/** The downloadable example: the columns the import reads (role student or faculty, student when blank). */
export const SAMPLE_CSV = [
  'email,name,role',
  'abebe.kebede@example.com,Abebe Kebede,student',
  'hana.tesfaye@example.com,Hana Tesfaye,student',
  'dawit.alemu@example.com,Dawit Alemu,faculty',
  '',
].join('\n');
export const SAMPLE_CSV_NAME = 'bulk-enrollment-sample.csv';

export type BulkStatus = 'queued' | 'running' | 'completed' | 'failed';
export interface BulkProgressOf {
  status: BulkStatus;
  file_rows: number | null;
  processed: number;
}

/** The upload form: a CSV file (required, in the tab's own words) and an optional course to enroll into. */
export const bulkEnrollFormSchema = (fileRequired: string) =>
  z.object({ file: z.custom<File>((chosen) => chosen instanceof File, fileRequired), course_id: z.string() });

/** Whether the job is still at work (the screen keeps asking). */
export const isBulkActive = (job: { status: BulkStatus }): boolean => job.status === 'queued' || job.status === 'running';

/** How often the open import is asked again: about every second while it works, then never. */
export const BULK_POLL_MS = 1000;
export function bulkPollInterval(job: { status: BulkStatus } | undefined): number | false {
  return job && isBulkActive(job) ? BULK_POLL_MS : false;
}

/** The open import's query options: asked again while it works, never served from cache as fresh. */
export const bulkJobPolling = {
  refetchInterval: (query: { state: { data?: { status: BulkStatus } | undefined } }) => bulkPollInterval(query.state.data),
  staleTime: 0,
};

/**
 * The progress bar's 0-100: processed rows of the file's rows. Before the file is counted a
 * working job is at 0; a finished one is at 100 whatever it counted.
 */
export function bulkPercent(job: BulkProgressOf): number {
  if (job.status === 'completed') return 100;
  if (!job.file_rows || job.file_rows <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((job.processed / job.file_rows) * 100)));
}

// ------------------------------------------------------------------ analytics

export const ANALYTICS_TIMEFRAMES = ['30days', '90days', '1year'] as const;
export type AnalyticsTimeframe = (typeof ANALYTICS_TIMEFRAMES)[number];
export const DEFAULT_ANALYTICS_TIMEFRAME: AnalyticsTimeframe = '90days';
export const timeframeOf = (value: string): AnalyticsTimeframe =>
  (ANALYTICS_TIMEFRAMES as readonly string[]).includes(value) ? (value as AnalyticsTimeframe) : DEFAULT_ANALYTICS_TIMEFRAME;

export const currencyOf = (value: string): Currency => ((CURRENCIES as readonly string[]).includes(value) ? (value as Currency) : 'ETB');

/** "2026-03" (or a full date) as "Mar 2026" in the reader's language; anything else as received. */
export function monthLabel(month: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

// ------------------------------------------------------------------ settings

/** The spec's default brand colours, shown when the institution has chosen none. */
export const DEFAULT_PRIMARY_COLOR = '#4F46E5';
export const DEFAULT_SECONDARY_COLOR = '#06B6D4';

export interface SettingsForm {
  name: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  country: string;
  primary_color: string;
  secondary_color: string;
  custom_text: string;
  logo_url: string;
}
export const SETTINGS_FIELDS = [
  'name',
  'contact_email',
  'contact_phone',
  'address',
  'country',
  'primary_color',
  'secondary_color',
  'custom_text',
  'logo_url',
] as const satisfies readonly (keyof SettingsForm)[];

export function settingsFormOf(institution: Institution): SettingsForm {
  return {
    name: institution.name,
    contact_email: institution.contact_email ?? '',
    contact_phone: institution.contact_phone ?? '',
    address: institution.address ?? '',
    country: institution.country ?? '',
    primary_color: institution.primary_color ?? DEFAULT_PRIMARY_COLOR,
    secondary_color: institution.secondary_color ?? DEFAULT_SECONDARY_COLOR,
    custom_text: institution.custom_text ?? '',
    logo_url: institution.logo_url ?? '',
  };
}

/**
 * PUT /institutions/{id}'s body from the settings form: every field is sent (blank optional
 * text clears it, a blank logo URL removes the logo); a blank e-mail is left as it is, since an
 * institution keeps a contact address.
 */
export function settingsRequestOf(form: SettingsForm): z.input<typeof InstitutionUpdateRequest> {
  const email = form.contact_email.trim();
  const logo = form.logo_url.trim();
  return {
    name: form.name,
    ...(email === '' ? {} : { contact_email: email }),
    contact_phone: form.contact_phone,
    address: form.address,
    country: form.country,
    primary_color: form.primary_color,
    secondary_color: form.secondary_color,
    custom_text: form.custom_text,
    logo_url: logo === '' ? null : logo,
  };
}

/** The settings form, checked by the contract on the body it makes. */
export const settingsFormSchema = formSchemaOf(settingsRequestOf, InstitutionUpdateRequest);

/** Whether a logo URL can be previewed (an http(s) address). */
export function previewableUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ usage

export type UsageMeasure = 'students' | 'faculty' | 'courses' | 'storage_gb' | 'api_calls' | 'subsidiaries';
export interface UsageRow {
  key: UsageMeasure;
  used: number;
  /** null: unlimited */
  limit: number | null;
  /** 0-100, capped; null when unlimited or not in the tier */
  percent: number | null;
}

interface UsageOf {
  current_usage: Record<'students' | 'faculty' | 'courses' | 'storage_gb' | 'api_calls_this_month' | 'subsidiaries', number>;
  limits: Record<'students' | 'faculty' | 'courses' | 'storage_gb' | 'api_calls_monthly' | 'subsidiaries', number | null>;
}

/** The usage snapshot's rows: each measure beside its tier limit, capped at 100% as the spec's bars are. */
export function usageRows(usage: UsageOf): UsageRow[] {
  const row = (key: UsageMeasure, used: number, limit: number | null): UsageRow => ({
    key,
    used,
    limit,
    // a limit of 0 is a measure the tier does not include: said in words, no bar
    percent: limit === null || limit <= 0 ? null : Math.min(100, Math.round((used / limit) * 100)),
  });
  const { current_usage: u, limits: l } = usage;
  return [
    row('students', u.students, l.students),
    row('faculty', u.faculty, l.faculty),
    row('courses', u.courses, l.courses),
    row('storage_gb', u.storage_gb, l.storage_gb),
    row('api_calls', u.api_calls_this_month, l.api_calls_monthly),
    row('subsidiaries', u.subsidiaries, l.subsidiaries),
  ];
}
