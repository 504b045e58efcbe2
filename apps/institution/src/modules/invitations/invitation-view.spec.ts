import { describe, expect, it } from '@jest/globals';
import { toInvitation, toMyInvitation, toMyMembership, type InvitationRow } from './invitation-view.js';
import { deliveredNow, invitationInput } from './invitation-delivery.js';
import { isLastAdminOfTop } from './invitation-rules.js';
import { invitationSentPayload } from './invitation-events.js';

const row = (over: Partial<InvitationRow>): InvitationRow => ({
  id: 'v1',
  institution_id: 'i1',
  email: 'a@b.test',
  name: null,
  member_type: 'student',
  status: 'pending',
  created_at: new Date('2026-01-01T00:00:00Z'),
  delivered_at: new Date('2026-01-01T00:00:01Z'),
  expires_at: new Date('2026-01-15T00:00:00Z'),
  responded_at: null,
  expired: false,
  ...over,
});

describe("an invitation in the admin's list", () => {
  it('says expired for a pending one past its time, and its status otherwise', () => {
    expect(toInvitation(row({ expired: true })).status).toBe('expired');
    expect(toInvitation(row({ status: 'held', delivered_at: null, expires_at: null })).status).toBe('held');
  });

  it('has its times in ISO, the ones not yet reached as null', () => {
    expect(toInvitation(row({ status: 'held', delivered_at: null, expires_at: null }))).toMatchObject({
      invited_at: '2026-01-01T00:00:00.000Z',
      delivered_at: null,
      expires_at: null,
      responded_at: null,
    });
  });
});

describe("the invitee's side", () => {
  it('shows an open invitation with the inviter and its time', () => {
    expect(
      toMyInvitation({
        id: 'v1',
        institution_id: 'i1',
        institution_name: 'Acme',
        member_type: 'faculty',
        invited_by_name: 'Sara',
        created_at: new Date('2026-01-01T00:00:00Z'),
        expires_at: new Date('2026-01-15T00:00:00Z'),
      }),
    ).toEqual({
      id: 'v1',
      institution_id: 'i1',
      institution_name: 'Acme',
      member_type: 'faculty',
      invited_by_name: 'Sara',
      invited_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-15T00:00:00.000Z',
    });
  });

  it('shows a membership by its member row and the day it was joined', () => {
    expect(
      toMyMembership({
        id: 'm1',
        institution_id: 'i1',
        institution_name: 'Acme',
        member_type: 'student',
        access_level: 'standard',
        is_suspended: false,
        added_at: new Date('2026-02-01T00:00:00Z'),
      }),
    ).toMatchObject({ member_id: 'm1', joined_at: '2026-02-01T00:00:00.000Z' });
  });
});

describe('inviting', () => {
  it("keeps the e-mail in lower case and fills in a grant's defaults", () => {
    expect(
      invitationInput({ email: 'Abebe@Example.TEST', name: null, memberType: 'student', portalRole: 'learner', createAccount: true }),
    ).toEqual({
      email: 'abebe@example.test',
      name: null,
      member_type: 'student',
      portal_role: 'learner',
      access_level: 'standard',
      permissions: [],
      create_account: true,
      notes: null,
      course_id: null,
      import_id: null,
    });
  });

  it('e-mails only the invitations delivered just now: not the held, not a renewal within the resend window', () => {
    expect(
      deliveredNow([
        { id: 'new', status: 'pending', fresh: true },
        { id: 'held', status: 'held', fresh: null },
        { id: 'renewed-recently', status: 'pending', fresh: false },
      ]),
    ).toEqual(['new']);
  });

  it('sends institution.invitation.sent with the expiry in ISO', () => {
    const payload = invitationSentPayload({
      id: 'v1',
      institution_id: 'i1',
      institution_name: 'Acme',
      email: 'a@b.test',
      name: 'A',
      member_type: 'student',
      create_account: false,
      invited_by_name: null,
      expires_at: new Date('2026-01-15T00:00:00Z'),
      sending: 2,
    });
    expect(payload).toMatchObject({ v: 1, invitation_id: 'v1', expires_at: '2026-01-15T00:00:00.000Z', sending: 2 });
  });
});

describe('leaving', () => {
  it('is refused only to the last active admin of a top institution', () => {
    expect(isLastAdminOfTop(true, 0)).toBe(true);
    expect(isLastAdminOfTop(true, 1)).toBe(false);
    expect(isLastAdminOfTop(false, 0)).toBe(false);
  });
});
