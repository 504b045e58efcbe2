import type { EntityManager } from 'typeorm';
import type { Member } from '@lp/contracts';

const SELECT = `SELECT m.id, m.institution_id, m.member_type, m.portal_role, m.access_level, m.permissions, m.is_suspended, m.notes, m.added_at,
                       u.id AS user_id, coalesce(u.name, 'Unknown user') AS user_name, u.email AS user_email, coalesce(u.role, 'learner') AS user_role
                  FROM members m LEFT JOIN users u ON u.id = m.user_id`;

interface Row {
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

const toMember = (r: Row): Member => ({
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

export async function memberView(tx: EntityManager, institutionId: string, memberId: string): Promise<Member | null> {
  const [r] = (await tx.query(`${SELECT} WHERE m.institution_id = $1 AND m.id = $2`, [institutionId, memberId])) as Row[];
  return r ? toMember(r) : null;
}

export interface MemberFilter {
  institutionId: string;
  types: readonly string[];
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of an institution's members, newest first, with the total the filter matches. */
export async function memberPage(tx: EntityManager, f: MemberFilter): Promise<{ members: Member[]; total: number }> {
  const where = `m.institution_id = $1 AND m.member_type = ANY ($2::text[])
                 AND ($3::text IS NULL OR u.name ILIKE '%' || $3 || '%' OR u.email ILIKE '%' || $3 || '%')`;
  const search = f.search ? f.search.replace(/[%_\\]/g, (c) => `\\${c}`) : null;
  const rows = (await tx.query(`${SELECT} WHERE ${where} ORDER BY m.added_at DESC, m.id LIMIT $4 OFFSET $5`, [
    f.institutionId,
    f.types,
    search,
    f.limit,
    f.offset,
  ])) as Row[];
  const [count] = (await tx.query(`SELECT count(*) AS n FROM members m LEFT JOIN users u ON u.id = m.user_id WHERE ${where}`, [
    f.institutionId,
    f.types,
    search,
  ])) as { n: number }[];
  return { members: rows.map(toMember), total: Number(count?.n ?? 0) };
}
