import type { InstitutionInvitation as Invitation, MyInvitation, MyMembership } from '@lp/contracts';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export interface InvitationRow {
  id: string;
  institution_id: string;
  email: string;
  name: string | null;
  member_type: Invitation['member_type'];
  status: 'held' | 'pending' | 'accepted' | 'declined' | 'revoked';
  created_at: Date;
  delivered_at: Date | null;
  expires_at: Date | null;
  responded_at: Date | null;
  /** pending past its time: the list says 'expired' */
  expired: boolean;
}

/** An invitation as the admin's list shows it. */
export const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  institution_id: r.institution_id,
  email: r.email,
  name: r.name,
  member_type: r.member_type,
  status: r.expired ? 'expired' : r.status,
  invited_at: new Date(r.created_at).toISOString(),
  delivered_at: iso(r.delivered_at),
  expires_at: iso(r.expires_at),
  responded_at: iso(r.responded_at),
});

export interface MyInvitationRow {
  id: string;
  institution_id: string;
  institution_name: string;
  member_type: MyInvitation['member_type'];
  invited_by_name: string | null;
  created_at: Date;
  expires_at: Date;
}

/** An open invitation as its invitee's /profile shows it. */
export const toMyInvitation = (r: MyInvitationRow): MyInvitation => ({
  id: r.id,
  institution_id: r.institution_id,
  institution_name: r.institution_name,
  member_type: r.member_type,
  invited_by_name: r.invited_by_name,
  invited_at: new Date(r.created_at).toISOString(),
  expires_at: new Date(r.expires_at).toISOString(),
});

export interface MembershipRow {
  id: string;
  institution_id: string;
  institution_name: string;
  member_type: MyMembership['member_type'];
  access_level: MyMembership['access_level'];
  is_suspended: boolean;
  added_at: Date;
}

/** One of the caller's own memberships. */
export const toMyMembership = (r: MembershipRow): MyMembership => ({
  member_id: r.id,
  institution_id: r.institution_id,
  institution_name: r.institution_name,
  member_type: r.member_type,
  access_level: r.access_level,
  is_suspended: r.is_suspended,
  joined_at: new Date(r.added_at).toISOString(),
});
