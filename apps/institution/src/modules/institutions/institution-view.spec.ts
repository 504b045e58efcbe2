import { describe, expect, it } from '@jest/globals';
import { toInstitution, type InstitutionRow } from './institution-view.js';
import { eventFieldsOf } from './institution-events.js';
import { portalBranding } from './portal-branding.js';
import type { BrandingRow } from './institutions.repository.js';

const row = (over: Partial<InstitutionRow> = {}): InstitutionRow => ({
  id: 'i1',
  parent_id: null,
  path_ids: ['i1'],
  hierarchy_level: 0,
  organizational_level: 1,
  level_type: 'corporation',
  level_name: null,
  name: 'Acme',
  subdomain: 'acme',
  verification_status: 'verified',
  verified_at: new Date('2026-01-02T03:04:05Z'),
  verification_notes: null,
  contact_email: 'a@acme.test',
  contact_phone: null,
  address: null,
  country: null,
  registration_number: null,
  tax_id: null,
  logo_url: null,
  primary_color: null,
  secondary_color: null,
  custom_text: null,
  inherit_branding: true,
  tier_name: 'free',
  max_subsidiaries: 50,
  created_at: new Date('2026-01-01T00:00:00Z'),
  // pg answers count(*) as text
  subsidiary_count: '2' as unknown as number,
  total_students: '10' as unknown as number,
  total_faculty: '3' as unknown as number,
  total_courses: '4' as unknown as number,
  path_names: 'Acme',
  ...over,
});

describe('an institution as the contract shows it', () => {
  it('has its counts as numbers, its times in ISO and its tier as subscription_tier_name', () => {
    const v = toInstitution(row());
    expect(v).toMatchObject({
      subsidiary_count: 2,
      total_students: 10,
      total_faculty: 3,
      total_courses: 4,
      subscription_tier_name: 'free',
      verified_at: '2026-01-02T03:04:05.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      my_access: null,
    });
  });

  it('names its path from what the transaction sees, or itself alone', () => {
    expect(toInstitution(row({ path_names: 'Acme > East' })).hierarchy_path).toBe('Acme > East');
    expect(toInstitution(row({ path_names: null })).hierarchy_path).toBe('Acme');
  });

  it("says the caller's access, editable unless read-only", () => {
    expect(toInstitution(row(), { accessLevel: 'readonly', viaInstitutionId: 'top' }).my_access).toEqual({
      access_level: 'readonly',
      via_institution_id: 'top',
      can_edit: false,
    });
    expect(toInstitution(row(), { accessLevel: 'standard', viaInstitutionId: 'i1' }).my_access?.can_edit).toBe(true);
  });
});

describe('institution events', () => {
  it('carry the row as the contract names it', () => {
    expect(
      eventFieldsOf({
        id: 'i2',
        name: 'East',
        subdomain: 'east',
        parentId: 'i1',
        pathIds: ['i1', 'i2'],
        levelType: 'branch',
        verificationStatus: 'pending',
      }),
    ).toEqual({
      v: 1,
      institution_id: 'i2',
      name: 'East',
      subdomain: 'east',
      parent_institution_id: 'i1',
      path_ids: ['i1', 'i2'],
      level_type: 'branch',
      verification_status: 'pending',
    });
  });
});

const brand = (over: Partial<BrandingRow>): BrandingRow => ({
  id: 'x',
  name: 'X',
  subdomain: 'x',
  logo_url: null,
  primary_color: null,
  secondary_color: null,
  custom_text: null,
  inherit_branding: true,
  verification_status: 'verified',
  ...over,
});

describe("a portal's branding", () => {
  it('inherits what the institution does not set from the nearest ancestor that does', () => {
    const portal = portalBranding([
      brand({ id: 'leaf', name: 'Leaf', subdomain: 'leaf', primary_color: '#111111' }),
      brand({ id: 'mid', primary_color: '#222222', logo_url: 'mid.png' }),
      brand({ id: 'top', logo_url: 'top.png', custom_text: 'Welcome' }),
    ]);
    expect(portal).toEqual({
      institution_id: 'leaf',
      name: 'Leaf',
      subdomain: 'leaf',
      logo_url: 'mid.png',
      primary_color: '#111111',
      secondary_color: null,
      custom_text: 'Welcome',
    });
  });

  it('shows only its own when it does not inherit', () => {
    const portal = portalBranding([brand({ id: 'leaf', inherit_branding: false }), brand({ id: 'top', logo_url: 'top.png' })]);
    expect(portal?.logo_url).toBeNull();
  });

  it('is not shown for an unknown or unverified institution', () => {
    expect(portalBranding([])).toBeNull();
    expect(portalBranding([brand({ verification_status: 'pending' })])).toBeNull();
  });
});
