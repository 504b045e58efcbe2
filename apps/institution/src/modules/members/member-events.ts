import type { EntityManager } from 'typeorm';
import { writeEvent, writeEvents } from '@lp/bus';
import { institutionEvents, type AccessLevel, type MemberType, type PortalRole } from '@lp/contracts';

interface Row {
  id: string;
  institution_id: string;
  user_id: string;
  member_type: MemberType;
  portal_role: PortalRole;
  access_level: AccessLevel;
  permissions: string[];
  is_suspended: boolean;
  institution_name: string;
  subdomain: string;
}

/**
 * institution.member.added carries a member's portal as it now is: written on every add and
 * on every change identity's portals depend on (role, access level, suspension). Set-based:
 * one statement reads every member given, one writes their events (a bulk import's batch).
 */
export async function writeMembersChanged(tx: EntityManager, memberIds: readonly string[]): Promise<void> {
  if (!memberIds.length) return;
  const rows = (await tx.query(
    `SELECT m.id, m.institution_id, m.user_id, m.member_type, m.portal_role, m.access_level, m.permissions, m.is_suspended,
            i.name AS institution_name, i.subdomain
       FROM members m JOIN institutions i ON i.id = m.institution_id WHERE m.id = ANY ($1::uuid[]) ORDER BY m.id`,
    [memberIds],
  )) as Row[];
  const now = new Date().toISOString();
  await writeEvents(
    tx,
    institutionEvents.memberAdded,
    rows.map((r) => ({
      v: 1 as const,
      member_id: r.id,
      institution_id: r.institution_id,
      institution_name: r.institution_name,
      subdomain: r.subdomain,
      user_id: r.user_id,
      member_type: r.member_type,
      portal_role: r.portal_role,
      access_level: r.access_level,
      permissions: r.permissions,
      is_suspended: r.is_suspended,
      changed_at: now,
    })),
  );
}

export async function writeMemberRemoved(tx: EntityManager, m: { id: string; institutionId: string; userId: string }): Promise<void> {
  await writeEvent(tx, institutionEvents.memberRemoved, {
    v: 1,
    member_id: m.id,
    institution_id: m.institutionId,
    user_id: m.userId,
    removed_at: new Date().toISOString(),
  });
}
