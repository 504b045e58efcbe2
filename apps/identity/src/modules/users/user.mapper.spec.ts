import { describe, expect, it } from '@jest/globals';
import { toAdminUser, toPortals, toUser, type MembershipView, type UserRow } from './user.mapper.js';

const created = new Date('2026-01-02T03:04:05Z');
const user: UserRow = {
  id: '8d0e4ff4-3b9b-4b43-a36f-1cf1c3f53a11',
  name: 'Ada',
  email: 'ada@example.com',
  phone: null,
  role: 'learner',
  profileImage: null,
  notificationSettings: { email: true, studyReminders: false, assignmentDeadlines: true },
  totpEnabledAt: null,
  createdAt: created,
  status: 'active',
};
const instA = '11111111-1111-4111-8111-111111111111';
const instB = '22222222-2222-4222-8222-222222222222';
const memberships: MembershipView[] = [
  { institutionId: instA, institutionName: 'Alpha', subdomain: 'alpha', role: 'learner', isPrimary: true },
  { institutionId: instB, institutionName: 'Beta', subdomain: null, role: 'instructor', isPrimary: false },
];

describe('toUser', () => {
  it('maps a user without memberships: no institution, no portals', () => {
    expect(toUser(user, [])).toEqual({
      id: user.id,
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      role: 'learner',
      institution: null,
      available_portals: [],
      profile_image: null,
      notification_settings: { email: true, studyReminders: false, assignmentDeadlines: true },
      two_factor_enabled: false,
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('takes the institution from the primary membership and lists every portal', () => {
    const u = toUser(user, memberships);
    expect(u.institution).toEqual({ id: instA, name: 'Alpha', subdomain: 'alpha' });
    expect(u.available_portals.map((p) => [p.institution_id, p.is_primary, p.is_current])).toEqual([
      [instA, true, true],
      [instB, false, false],
    ]);
  });

  it("marks the token's institution as the current portal", () => {
    const u = toUser(user, memberships, instB);
    expect(u.institution?.id).toBe(instA);
    expect(u.available_portals.find((p) => p.is_current)?.institution_id).toBe(instB);
  });

  it('reports two-factor as enabled once activated', () => {
    expect(toUser({ ...user, totpEnabledAt: created }, []).two_factor_enabled).toBe(true);
  });

  it('never carries secrets, even when the row has them', () => {
    const row = { ...user, passwordHash: '$argon2id$...', totpSecret: 'JBSWY3DPEHPK3PXP' } as UserRow;
    const out = JSON.stringify(toUser(row, []));
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('JBSWY3DPEHPK3PXP');
  });
});

describe('toPortals', () => {
  it('has no current portal when there is neither a token institution nor a primary one', () => {
    expect(toPortals([{ ...memberships[1]! }], null).every((p) => !p.is_current)).toBe(true);
  });
});

describe('toAdminUser', () => {
  it('shows the status', () => {
    expect(toAdminUser({ ...user, status: 'pending_deletion' })).toEqual({
      id: user.id,
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      role: 'learner',
      status: 'pending_deletion',
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });
});
