import type { PortalMembershipEntity } from '../../entities/portal-membership.entity.js';

/** An institution's administrators: its institution-role members and members with admin access. */
export function isInstitutionAdmin(m: Pick<PortalMembershipEntity, 'role' | 'accessLevel'> | null): boolean {
  return m !== null && (m.role === 'institution' || m.accessLevel === 'admin');
}
