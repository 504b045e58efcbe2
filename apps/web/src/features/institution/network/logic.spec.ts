import { describe, expect, it } from '@jest/globals';
import {
  CreateApiKeyRequest,
  normalizeSubdomain,
  SubleasingPlanRequest,
  SubsidiaryRequest,
  type HierarchyNode,
  type Institution,
} from '@lp/contracts';
import {
  apiKeyBody,
  apiKeyFormDefaults,
  apiKeyStatus,
  atCapacity,
  canEdit,
  cappedPercent,
  curlExample,
  initiallyOpen,
  isCurrentTier,
  maxSubsidiaries,
  nodeIds,
  parentCandidates,
  planBody,
  planFormOf,
  shouldCheckSubdomain,
  subsidiaryBody,
  subsidiaryFormOf,
  toggledPlanBody,
  togglePermission,
  usageBars,
  yearlySavingPercent,
} from './logic';

const I1 = '11111111-1111-4111-8111-111111111111';
const institution = (over: Partial<Institution> = {}): Institution => ({
  id: I1,
  name: 'Addis Group',
  subdomain: 'addis',
  verification_status: 'verified',
  verified_at: '2026-11-01T00:00:00Z',
  verification_notes: null,
  contact_email: 'admin@addis.et',
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
  subscription_tier_name: 'Professional',
  subsidiary_count: 2,
  max_subsidiaries: 50,
  parent_institution_id: null,
  hierarchy_level: 0,
  organizational_level: 1,
  hierarchy_path: 'Addis Group',
  level_type: 'corporation',
  level_name: null,
  total_students: 10,
  total_faculty: 2,
  total_courses: 3,
  created_at: '2026-10-01T00:00:00Z',
  my_access: { access_level: 'admin', via_institution_id: I1, can_edit: true },
  ...over,
});

const node = (id: string, children: HierarchyNode[] = []): HierarchyNode => ({
  id,
  name: id,
  subdomain: null,
  level_type: 'branch',
  level_name: null,
  organizational_level: 1,
  hierarchy_level: 0,
  verification_status: 'verified',
  total_students: 0,
  total_faculty: 0,
  total_courses: 0,
  children,
});

describe('subsidiary form', () => {
  it('checks availability only at 3+ characters of the normalized subdomain', () => {
    expect(normalizeSubdomain('My Campus_2!')).toBe('mycampus2');
    expect(shouldCheckSubdomain(normalizeSubdomain('A b'))).toBe(false);
    expect(shouldCheckSubdomain('abc')).toBe(true);
  });

  it('offers as parents only institutions exactly one level up, never the one being edited', () => {
    const top = { id: 'i1', name: 'Group', organizational_level: 1 };
    const subs = [
      { id: 's1', name: 'Cluster A', organizational_level: 2 },
      { id: 's2', name: 'Cluster B', organizational_level: 2 },
      { id: 's3', name: 'Branch', organizational_level: 3 },
    ];
    expect(parentCandidates(top, subs, 1)).toEqual([]);
    expect(parentCandidates(top, subs, 2).map((p) => p.id)).toEqual(['i1']);
    expect(parentCandidates(top, subs, 3).map((p) => p.id)).toEqual(['s1', 's2']);
    expect(parentCandidates(top, subs, 3, 's2').map((p) => p.id)).toEqual(['s1']);
    expect(parentCandidates(top, subs, 5)).toEqual([]);
  });

  it('starts a new subsidiary one level down under the institution, inheriting branding', () => {
    const values = subsidiaryFormOf(null, institution());
    expect(values).toMatchObject({ organizational_level: '2', parent_institution_id: I1, inherit_branding: true, level_type: '' });
    expect(subsidiaryFormOf(null, institution({ organizational_level: 20 })).organizational_level).toBe('20');
  });

  it('sends what the contract accepts, with the parent only above level 1', () => {
    const values = { ...subsidiaryFormOf(null, institution()), name: 'Bole Branch', subdomain: 'bole', level_type: 'branch' as const };
    const parsed = SubsidiaryRequest.parse(subsidiaryBody(values));
    expect(parsed).toMatchObject({ organizational_level: 2, parent_institution_id: I1, contact_email: null, inherit_branding: true });
    expect(subsidiaryBody({ ...values, organizational_level: '1' }).parent_institution_id).toBeUndefined();
  });

  it('requires level type and an organizational level of 1 to 20', () => {
    const values = { ...subsidiaryFormOf(null, institution()), name: 'Bole Branch', subdomain: 'bole' };
    const missing = SubsidiaryRequest.safeParse(subsidiaryBody(values));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path[0])).toContain('level_type');
    const tooDeep = SubsidiaryRequest.safeParse(subsidiaryBody({ ...values, level_type: 'branch', organizational_level: '21' }));
    expect(tooDeep.error?.issues[0]?.message).toBe('Organizational level must be 1 to 20');
  });

  it('warns at the cap (default 50)', () => {
    expect(maxSubsidiaries(institution({ max_subsidiaries: 0 }))).toBe(50);
    expect(maxSubsidiaries(institution({ max_subsidiaries: 5 }))).toBe(5);
    expect(atCapacity(4, 5)).toBe(false);
    expect(atCapacity(5, 5)).toBe(true);
  });

  it('opens the first two levels of the organizational chart', () => {
    const tree = node('root', [node('a', [node('a1', [node('a1x')])]), node('b')]);
    expect([...initiallyOpen(tree)].sort()).toEqual(['a', 'b', 'root']);
    expect(nodeIds(tree)).toEqual(['root', 'a', 'a1', 'a1x', 'b']);
  });
});

describe('sub-leasing plan form', () => {
  it('defaults to ETB, month, student, active, not featured', () => {
    expect(planFormOf(null)).toMatchObject({
      currency: 'ETB',
      billing_period: 'month',
      member_type: 'student',
      is_active: true,
      is_featured: false,
    });
  });

  it('removes blank features and requires name and price', () => {
    const body = planBody({ ...planFormOf(null), name: 'Semester', price: '12.50', features: ['  Library ', '', '   ', 'Labs'] });
    expect(body.features).toEqual(['Library', 'Labs']);
    expect(SubleasingPlanRequest.parse(body)).toMatchObject({ price: 12.5, currency: 'ETB' });
    const empty = SubleasingPlanRequest.safeParse(planBody(planFormOf(null)));
    expect(empty.error?.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['Name is required', 'Price is required']));
  });

  it('toggles active with the rest of the plan unchanged', () => {
    const plan = {
      name: 'P',
      description: null,
      price: 5,
      currency: 'USD' as const,
      billing_period: 'year' as const,
      member_type: 'all' as const,
      features: ['x'],
      is_active: true,
      is_featured: true,
    };
    expect(toggledPlanBody(plan)).toMatchObject({
      name: 'P',
      price: 5,
      currency: 'USD',
      billing_period: 'year',
      features: ['x'],
      is_active: false,
      is_featured: true,
    });
  });
});

describe('API key form', () => {
  it('defaults to 60 a minute and no expiry', () => {
    const body = apiKeyBody({ ...apiKeyFormDefaults(), key_name: 'LMS', permissions: ['courses.read'] });
    expect(body).toEqual({ key_name: 'LMS', permissions: ['courses.read'], rate_limit_per_minute: 60, expires_in_days: null });
    expect(CreateApiKeyRequest.parse(body).expires_in_days).toBeNull();
  });

  it('says "Select at least one permission" and keeps the rate limit within 1-1000', () => {
    const none = CreateApiKeyRequest.safeParse(apiKeyBody({ ...apiKeyFormDefaults(), key_name: 'LMS' }));
    expect(none.error?.issues[0]?.message).toBe('Select at least one permission');
    const high = CreateApiKeyRequest.safeParse(
      apiKeyBody({ ...apiKeyFormDefaults(), key_name: 'LMS', permissions: ['courses.read'], rate_limit_per_minute: '1001' }),
    );
    expect(high.error?.issues[0]?.message).toBe('Rate limit must be 1 to 1000');
    const zeroDays = CreateApiKeyRequest.safeParse(
      apiKeyBody({ ...apiKeyFormDefaults(), key_name: 'LMS', permissions: ['courses.read'], expires_in_days: '0' }),
    );
    expect(zeroDays.error?.issues[0]?.message).toBe('Expiry must be at least 1 day');
  });

  it('toggles permissions in the contract order', () => {
    const all = ['courses.read', 'courses.write', 'students.read'] as const;
    expect(togglePermission(all, ['students.read'], 'courses.read')).toEqual(['courses.read', 'students.read']);
    expect(togglePermission(all, ['courses.read', 'students.read'], 'courses.read')).toEqual(['students.read']);
  });

  it('shows how to call the API with a bearer key against this site', () => {
    expect(curlExample('https://learn.example/', 'lp_abc')).toBe(
      'curl -H "Authorization: Bearer lp_abc" https://learn.example/api/institution/courses',
    );
  });

  it('tells revoked and expired keys apart', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(apiKeyStatus({ is_active: true, expires_at: null }, now)).toBe('active');
    expect(apiKeyStatus({ is_active: false, expires_at: null }, now)).toBe('revoked');
    expect(apiKeyStatus({ is_active: true, expires_at: '2026-11-25T00:00:00Z' }, now)).toBe('expired');
  });
});

describe('billing', () => {
  it('computes the yearly saving as 1 - yearly / (12 x monthly)', () => {
    expect(yearlySavingPercent(1000, 10000)).toBe(17);
    expect(yearlySavingPercent(1000, 12000)).toBe(0);
    expect(yearlySavingPercent(0, 0)).toBe(0);
  });

  it('caps usage bars at 100% and leaves unlimited without a bar', () => {
    expect(cappedPercent(5, 10)).toBe(50);
    expect(cappedPercent(15, 10)).toBe(100);
    expect(cappedPercent(3, null)).toBeNull();
    const bars = usageBars({
      tier_name: 'Basic',
      current_usage: { students: 120, faculty: 1, courses: 0, storage_gb: 0.5, api_calls_this_month: 40, subsidiaries: 0 },
      limits: { students: 100, faculty: 10, courses: null, storage_gb: 5, api_calls_monthly: 1000, subsidiaries: 0 },
      usage_percentage: {},
    });
    expect(bars.map((b) => [b.measure, b.percent])).toEqual([
      ['students', 100],
      ['faculty', 10],
      ['courses', null],
      ['storage_gb', 10],
      ['api_calls', 4],
      ['subsidiaries', 0],
    ]);
  });

  it('finds the current tier by name or display name', () => {
    expect(isCurrentTier({ tier_name: 'professional', display_name: 'Professional' }, 'Professional')).toBe(true);
    expect(isCurrentTier({ tier_name: 'basic', display_name: 'Basic' }, 'professional')).toBe(false);
  });
});

describe('readonly', () => {
  it('allows changes only with can_edit', () => {
    expect(canEdit(institution())).toBe(true);
    expect(canEdit(institution({ my_access: { access_level: 'readonly', via_institution_id: I1, can_edit: false } }))).toBe(false);
    expect(canEdit(institution({ my_access: null }))).toBe(false);
  });
});
