import type { Member } from '@lp/contracts';

/** A member row with its person from the users read model (MembersRepository.view and .page). */
export interface MemberRow {
  id: string;
  institution_id: string;
  member_type: Member['member_type'];
  portal_role: Member['portal_role'];
  access_level: Member['access_level'];
  permissions: string[];
  is_suspended: boolean;
  notes: string | null;
  added_at: Date;
  user_id: string;
  user_name: string;
  user_email: string | null;
  user_role: string;
}

export const toMember = (r: MemberRow): Member => ({
  id: r.id,
  institution_id: r.institution_id,
  user: { id: r.user_id, name: r.user_name, email: r.user_email, role: r.user_role },
  member_type: r.member_type,
  portal_role: r.portal_role,
  access_level: r.access_level,
  permissions: r.permissions,
  is_suspended: r.is_suspended,
  notes: r.notes,
  added_at: new Date(r.added_at).toISOString(),
});
