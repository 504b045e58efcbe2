import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { BulkImportSchema, CourseCreateRequest, InstitutionSchema, MemberSchema, type Institution, type Member } from '@lp/contracts';
import { ApiError } from '../../api/api-error';
import {
  addMemberBody,
  BLANK_COURSE_FORM,
  bulkJobPolling,
  bulkPercent,
  bulkPollInterval,
  canEdit,
  courseFormSchema,
  currencyOf,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  filterMembers,
  INSTITUTION_TABS,
  isBulkActive,
  isNoInstitution,
  memberErrorDetail,
  monthLabel,
  notesBody,
  previewableUrl,
  SAMPLE_CSV,
  settingsFormSchema,
  settingsFormOf,
  tabOf,
  timeframeOf,
  usageRows,
} from './logic';

/**
 * A form checked as its dialog checks it (useContractForm runs the same schema through
 * zodResolver): the contract's body, or the first message of each field.
 */
function checkForm<S extends z.ZodType>(
  schema: S,
  form: unknown,
): { ok: true; body: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const checked = schema.safeParse(form);
  if (checked.success) return { ok: true, body: checked.data };
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors };
}

const ID = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// fixtures go through the contract's schemas, so they are answers the server may really give
const institution = (over: Partial<Institution> = {}): Institution =>
  InstitutionSchema.parse({
    id: ID,
    name: 'Addis Tech Academy',
    subdomain: 'addis-tech',
    verification_status: 'verified',
    verified_at: '2026-11-01T10:00:00.000Z',
    verification_notes: null,
    contact_email: 'office@addis-tech.example',
    contact_phone: null,
    address: null,
    country: 'Ethiopia',
    registration_number: null,
    tax_id: null,
    logo_url: null,
    primary_color: null,
    secondary_color: null,
    custom_text: null,
    inherit_branding: false,
    subscription_tier_name: 'Basic',
    subsidiary_count: 0,
    max_subsidiaries: 50,
    parent_institution_id: null,
    hierarchy_level: 0,
    organizational_level: 1,
    hierarchy_path: 'Addis Tech Academy',
    level_type: 'corporation',
    level_name: null,
    total_students: 2,
    total_faculty: 1,
    total_courses: 0,
    created_at: '2026-10-01T10:00:00.000Z',
    my_access: { access_level: 'admin', via_institution_id: ID, can_edit: true },
    ...over,
  });

const member = (n: number, over: Partial<Member> & { name?: string; email?: string | null } = {}): Member => {
  const { name = `Member ${n}`, email = `member${n}@example.com`, ...rest } = over;
  return MemberSchema.parse({
    id: id(100 + n),
    institution_id: ID,
    user: { id: id(200 + n), name, email, role: 'learner' },
    member_type: 'student',
    portal_role: 'learner',
    access_level: 'standard',
    permissions: [],
    is_suspended: false,
    notes: null,
    added_at: '2026-11-20T10:00:00.000Z',
    ...rest,
  });
};

describe('the dashboard tabs', () => {
  it('are the spec twelve, in its order, with these ?tab= values', () => {
    expect(INSTITUTION_TABS).toEqual([
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
    ]);
  });
  it('opens the tab named in the URL, else the overview', () => {
    expect(tabOf('bulk-enroll')).toBe('bulk-enroll');
    expect(tabOf('billing')).toBe('billing');
    expect(tabOf(null)).toBe('overview');
    expect(tabOf('Billing')).toBe('overview');
    expect(tabOf('members')).toBe('overview');
  });
});

describe('no institution', () => {
  it('is the 404 NO_INSTITUTION answer only', () => {
    expect(isNoInstitution(new ApiError(404, 'NO_INSTITUTION', 'No institution'))).toBe(true);
    expect(isNoInstitution(new ApiError(404, 'INSTITUTION_NOT_FOUND', 'Institution not found'))).toBe(false);
    expect(isNoInstitution(new ApiError(500, 'INTERNAL', null))).toBe(false);
    expect(isNoInstitution(new Error('boom'))).toBe(false);
  });
});

describe("the caller's access", () => {
  it('is read-only when the server says it cannot edit', () => {
    expect(canEdit(institution())).toBe(true);
    expect(canEdit(institution({ my_access: { access_level: 'readonly', via_institution_id: ID, can_edit: false } }))).toBe(false);
  });
  it('leaves an answer without my_access to the server', () => {
    expect(canEdit(institution({ my_access: null }))).toBe(true);
  });
});

describe('members panel', () => {
  const members = [
    member(1, { name: 'Abebe Kebede', email: 'abebe@school.example' }),
    member(2, { name: 'Hana Tesfaye', email: 'hana@school.example', is_suspended: true }),
    member(3, { name: 'Dawit Alemu', email: null }),
  ];
  it('searches name or e-mail, case-insensitively', () => {
    expect(filterMembers(members, 'hana', 'all').map((m) => m.user.name)).toEqual(['Hana Tesfaye']);
    expect(filterMembers(members, 'SCHOOL.example', 'all')).toHaveLength(2);
    expect(filterMembers(members, '  ', 'all')).toHaveLength(3);
    expect(filterMembers(members, 'dawit', 'all')).toHaveLength(1);
  });
  it('filters by status', () => {
    expect(filterMembers(members, '', 'active').map((m) => m.user.name)).toEqual(['Abebe Kebede', 'Dawit Alemu']);
    expect(filterMembers(members, '', 'suspended').map((m) => m.user.name)).toEqual(['Hana Tesfaye']);
    expect(filterMembers(members, 'abebe', 'suspended')).toEqual([]);
  });
  it('sends the Add Member form as the contract reads it', () => {
    expect(addMemberBody({ email: ' new@school.example ', name: '  ', createAccount: true, memberType: 'faculty' })).toEqual({
      email: 'new@school.example',
      create_account: true,
      member_type: 'faculty',
    });
    expect(addMemberBody({ email: 'a@b.example', name: ' Sara ', createAccount: false, memberType: 'student' })).toMatchObject({
      name: 'Sara',
    });
  });
  it("says the institution's own detail for codes community shares", () => {
    expect(memberErrorDetail(new ApiError(409, 'ALREADY_MEMBER', 'abebe@school.example is already a member'))).toBe(
      'abebe@school.example is already a member',
    );
    expect(
      memberErrorDetail(
        new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [{ path: 'email', message: 'Must be a valid e-mail address' }]),
      ),
    ).toBe('Must be a valid e-mail address');
    expect(memberErrorDetail(new Error('boom'))).toBeNull();
  });
  it('clears notes with a blank field', () => {
    expect(notesBody('  ')).toEqual({ notes: null });
    expect(notesBody(' Needs a laptop ')).toEqual({ notes: 'Needs a laptop' });
  });
});

describe('Create Course modal', () => {
  it('starts with the spec defaults', () => {
    expect(BLANK_COURSE_FORM).toMatchObject({ price: '0', category: 'programming', level: 'beginner', thumbnail: '' });
  });
  it('requires title and description', () => {
    const checked = checkForm(courseFormSchema, BLANK_COURSE_FORM);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors.title).toBe('Title is required');
      expect(checked.errors.description).toBe('Description is required');
    }
  });
  it('sends a decimal price (blank is 0) and an optional thumbnail the contract accepts', () => {
    const ok = checkForm(courseFormSchema, { ...BLANK_COURSE_FORM, title: 'Intro', description: 'About', price: '' });
    expect(ok).toMatchObject({ ok: true, body: { price: 0, category: 'programming', level: 'beginner' } });
    const priced = checkForm(courseFormSchema, {
      ...BLANK_COURSE_FORM,
      title: 'Intro',
      description: 'About',
      price: '19.99',
      thumbnail: 'https://img.example/x.png',
    });
    expect(priced.ok).toBe(true);
    if (priced.ok)
      expect(CourseCreateRequest.parse(priced.body)).toMatchObject({
        price: 19.99,
        thumbnail: 'https://img.example/x.png',
        is_published: false,
      });
  });
  it('refuses a negative price or a thumbnail that is not a URL', () => {
    const bad = checkForm(courseFormSchema, { ...BLANK_COURSE_FORM, title: 'a', description: 'b', price: '-1', thumbnail: 'not a url' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.price).toBe('Price cannot be negative');
      expect(bad.errors.thumbnail).toBeDefined();
    }
  });
});

describe('bulk enrollment', () => {
  it('offers a sample with the columns the import reads', () => {
    const [header, ...rows] = SAMPLE_CSV.trim().split('\n');
    expect(header).toBe('email,name,role');
    expect(rows.every((r) => /^[^,]+@[^,]+,[^,]+,(student|faculty)$/.test(r))).toBe(true);
  });

  const job = (over: Record<string, unknown>) =>
    BulkImportSchema.parse({
      job_id: id(900),
      status: 'queued',
      file_rows: null,
      processed: 0,
      successful: 0,
      failed: 0,
      unchanged: 0,
      errors: [],
      course_id: null,
      created_at: '2026-11-26T10:00:00.000Z',
      finished_at: null,
      ...over,
    });

  it('shows processed rows of the file as the progress', () => {
    expect(bulkPercent(job({}))).toBe(0);
    expect(bulkPercent(job({ status: 'running', file_rows: 200, processed: 50 }))).toBe(25);
    expect(bulkPercent(job({ status: 'running', file_rows: 3, processed: 2 }))).toBe(67);
    expect(bulkPercent(job({ status: 'running', file_rows: 0, processed: 0 }))).toBe(0);
    expect(bulkPercent(job({ status: 'completed', file_rows: 0, processed: 0, finished_at: '2026-11-26T10:00:05.000Z' }))).toBe(100);
    expect(bulkPercent(job({ status: 'failed', file_rows: 10, processed: 4 }))).toBe(40);
  });
  it('asks about every second while the job is queued or running, then stops', () => {
    expect(bulkPollInterval(undefined)).toBe(false);
    expect(bulkPollInterval(job({ status: 'queued' }))).toBe(1000);
    expect(bulkPollInterval(job({ status: 'running' }))).toBe(1000);
    expect(bulkPollInterval(job({ status: 'completed' }))).toBe(false);
    expect(bulkPollInterval(job({ status: 'failed' }))).toBe(false);
    expect(isBulkActive(job({ status: 'running' }))).toBe(true);
    expect(bulkJobPolling.refetchInterval({ state: { data: job({ status: 'running' }) } })).toBe(1000);
  });
});

describe('usage snapshot', () => {
  it('pairs each measure with its limit, capped at 100%, unlimited or not included without a bar', () => {
    const rows = usageRows({
      current_usage: { students: 150, faculty: 5, courses: 3, storage_gb: 1.5, api_calls_this_month: 0, subsidiaries: 2 },
      limits: { students: 100, faculty: 10, courses: null, storage_gb: 10, api_calls_monthly: 0, subsidiaries: 5 },
    });
    expect(rows.map((r) => [r.key, r.percent])).toEqual([
      ['students', 100],
      ['faculty', 50],
      ['courses', null],
      ['storage_gb', 15],
      ['api_calls', null],
      ['subsidiaries', 40],
    ]);
  });
});

describe('analytics', () => {
  it('keeps the timeframe to the three the server offers', () => {
    expect(timeframeOf('30days')).toBe('30days');
    expect(timeframeOf('1year')).toBe('1year');
    expect(timeframeOf('7days')).toBe('90days');
  });
  it('names a month in the reader language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-12-01', 'en')).toBe('Dec 2026');
    expect(monthLabel('Q1', 'en')).toBe('Q1');
  });
  it('formats money in a currency it knows', () => {
    expect(currencyOf('USD')).toBe('USD');
    expect(currencyOf('XYZ')).toBe('ETB');
  });
});

describe('settings form', () => {
  it('starts from the institution, with the spec default colours when none are chosen', () => {
    const form = settingsFormOf(institution());
    expect(form).toMatchObject({
      name: 'Addis Tech Academy',
      contact_phone: '',
      primary_color: DEFAULT_PRIMARY_COLOR,
      secondary_color: DEFAULT_SECONDARY_COLOR,
      logo_url: '',
    });
  });
  it('sends every field; a blank logo removes it, a blank e-mail is left as it is', () => {
    const checked = checkForm(settingsFormSchema, {
      ...settingsFormOf(institution()),
      contact_email: '',
      custom_text: 'Welcome',
      logo_url: ' ',
    });
    expect(checked).toMatchObject({ ok: true, body: { name: 'Addis Tech Academy', custom_text: 'Welcome', logo_url: null } });
    if (checked.ok) expect('contact_email' in checked.body).toBe(false);
  });
  it('refuses a bad colour, logo URL or e-mail by field', () => {
    const checked = checkForm(settingsFormSchema, {
      ...settingsFormOf(institution()),
      primary_color: 'blue',
      logo_url: 'logo.png',
      contact_email: 'nope',
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors.primary_color).toBe('Colour must be a hex value like #1e40af');
      expect(checked.errors.logo_url).toBe('Must be a URL');
      expect(checked.errors.contact_email).toBe('Must be a valid e-mail address');
    }
  });
  it('previews only http(s) logo addresses', () => {
    expect(previewableUrl('https://cdn.example/logo.png')).toBe(true);
    expect(previewableUrl('javascript:alert(1)')).toBe(false);
    expect(previewableUrl('')).toBe(false);
  });
});
