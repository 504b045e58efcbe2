import type { EntityManager } from 'typeorm';
import type { InstitutionInvitation as Invitation, MyInvitation, MyMembership } from '@lp/contracts';
import { queryRows } from '@lp/service-kit';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

interface InvitationRow {
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
  expired: boolean;
}

/** The admin's list: open invitations first (held, pending), then the latest answered ones; 500 at most. */
export async function invitationList(tx: EntityManager, institutionId: string): Promise<Invitation[]> {
  const rows = await queryRows<InvitationRow>(
    tx,
    `SELECT id, institution_id, email, name, member_type, status, created_at, delivered_at, expires_at, responded_at,
            (status = 'pending' AND expires_at <= now()) AS expired
       FROM invitations WHERE institution_id = $1
      ORDER BY (status IN ('held', 'pending')) DESC, updated_at DESC, id LIMIT 500`,
    [institutionId],
  );
  return rows.map((r) => ({
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
  }));
}

/**
 * The invitee's open invitations. Their institution's name comes from `subdomains`, the one
 * table outside row-level security (it holds only public names): the invitee administers
 * nothing, so the institutions table shows them no row.
 */
export async function myInvitationList(tx: EntityManager, email: string): Promise<MyInvitation[]> {
  const rows = await queryRows<{
    id: string;
    institution_id: string;
    institution_name: string;
    member_type: MyInvitation['member_type'];
    invited_by_name: string | null;
    created_at: Date;
    expires_at: Date;
  }>(
    tx,
    `SELECT v.id, v.institution_id, s.name AS institution_name, v.member_type, u.name AS invited_by_name, v.created_at, v.expires_at
       FROM invitations v JOIN subdomains s ON s.institution_id = v.institution_id LEFT JOIN users u ON u.id = v.invited_by
      WHERE v.email = $1 AND v.status = 'pending' AND v.expires_at > now()
      ORDER BY v.delivered_at DESC, v.id`,
    [email.toLowerCase()],
  );
  return rows.map((r) => ({
    id: r.id,
    institution_id: r.institution_id,
    institution_name: r.institution_name,
    member_type: r.member_type,
    invited_by_name: r.invited_by_name,
    invited_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
  }));
}

/** The caller's memberships (row-level security shows a person their own member rows). */
export async function myMembershipList(tx: EntityManager, userId: string, institutionId?: string): Promise<MyMembership[]> {
  const rows = await queryRows<{
    id: string;
    institution_id: string;
    institution_name: string;
    member_type: MyMembership['member_type'];
    access_level: MyMembership['access_level'];
    is_suspended: boolean;
    added_at: Date;
  }>(
    tx,
    `SELECT m.id, m.institution_id, s.name AS institution_name, m.member_type, m.access_level, m.is_suspended, m.added_at
       FROM members m JOIN subdomains s ON s.institution_id = m.institution_id
      WHERE m.user_id = $1 AND ($2::uuid IS NULL OR m.institution_id = $2)
      ORDER BY s.name, m.institution_id`,
    [userId, institutionId ?? null],
  );
  return rows.map((r) => ({
    member_id: r.id,
    institution_id: r.institution_id,
    institution_name: r.institution_name,
    member_type: r.member_type,
    access_level: r.access_level,
    is_suspended: r.is_suspended,
    joined_at: new Date(r.added_at).toISOString(),
  }));
}
