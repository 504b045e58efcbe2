import { describe, expect, it } from '@jest/globals';
import { toMember, type MemberRow } from './member-view.js';
import { memberAddedPayload } from './member-events.js';
import { memberTypeOfRole, PORTAL_ROLE_OF } from './member-roles.js';

describe('a member as the contract shows it', () => {
  it('nests the person and writes the time in ISO', () => {
    const r: MemberRow = {
      id: 'm1',
      institution_id: 'i1',
      member_type: 'student',
      portal_role: 'learner',
      access_level: 'standard',
      permissions: [],
      is_suspended: false,
      notes: null,
      added_at: new Date('2026-03-01T10:00:00Z'),
      user_id: 'u1',
      user_name: 'Abebe',
      user_email: 'abebe@example.test',
      user_role: 'learner',
    };
    expect(toMember(r)).toEqual({
      id: 'm1',
      institution_id: 'i1',
      user: { id: 'u1', name: 'Abebe', email: 'abebe@example.test', role: 'learner' },
      member_type: 'student',
      portal_role: 'learner',
      access_level: 'standard',
      permissions: [],
      is_suspended: false,
      notes: null,
      added_at: '2026-03-01T10:00:00.000Z',
    });
  });
});

describe('member types and portal roles', () => {
  it('a member type enters with its portal role', () => {
    expect(PORTAL_ROLE_OF).toEqual({ student: 'learner', faculty: 'instructor', admin: 'institution' });
  });

  it("a grant's role decides the member type: mentors and instructors are faculty", () => {
    expect(memberTypeOfRole('institution')).toBe('admin');
    expect(memberTypeOfRole('learner')).toBe('student');
    expect(memberTypeOfRole('instructor')).toBe('faculty');
    expect(memberTypeOfRole('mentor')).toBe('faculty');
  });
});

describe('institution.member.added', () => {
  it("carries the member's portal as it now is", () => {
    const payload = memberAddedPayload(
      {
        id: 'm1',
        institution_id: 'i1',
        user_id: 'u1',
        member_type: 'admin',
        portal_role: 'institution',
        access_level: 'readonly',
        permissions: ['students.read'],
        is_suspended: true,
        institution_name: 'Acme',
        subdomain: 'acme',
      },
      '2026-03-01T10:00:00.000Z',
    );
    expect(payload).toEqual({
      v: 1,
      member_id: 'm1',
      institution_id: 'i1',
      institution_name: 'Acme',
      subdomain: 'acme',
      user_id: 'u1',
      member_type: 'admin',
      portal_role: 'institution',
      access_level: 'readonly',
      permissions: ['students.read'],
      is_suspended: true,
      changed_at: '2026-03-01T10:00:00.000Z',
    });
  });
});
