import type { Portal, User } from '@lp/contracts';
import type { UserEntity } from '../../entities/user.entity.js';
import type { PortalMembershipEntity } from '../../entities/portal-membership.entity.js';

export type MembershipView = Pick<PortalMembershipEntity, 'institutionId' | 'institutionName' | 'subdomain' | 'role' | 'isPrimary'>;
export type UserRow = Pick<
  UserEntity,
  'id' | 'name' | 'email' | 'phone' | 'role' | 'profileImage' | 'notificationSettings' | 'totpEnabledAt' | 'createdAt' | 'status'
>;

export interface InstitutionRef {
  id: string;
  name: string;
  subdomain: string | null;
}

export function primaryInstitution(memberships: readonly MembershipView[]): InstitutionRef | null {
  const m = memberships.find((x) => x.isPrimary);
  return m ? { id: m.institutionId, name: m.institutionName, subdomain: m.subdomain } : null;
}

/** The portals a user may switch to; the current one is the token's institution, else the primary one. */
export function toPortals(memberships: readonly MembershipView[], currentInstitutionId: string | null): Portal[] {
  const current = currentInstitutionId ?? memberships.find((m) => m.isPrimary)?.institutionId ?? null;
  return memberships.map((m) => ({
    institution_id: m.institutionId,
    name: m.institutionName,
    subdomain: m.subdomain,
    role: m.role,
    is_primary: m.isPrimary,
    is_current: m.institutionId === current,
  }));
}

/** The one shape of a user that identity answers with. */
export function toUser(u: UserRow, memberships: readonly MembershipView[], currentInstitutionId: string | null = null): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    institution: primaryInstitution(memberships),
    available_portals: toPortals(memberships, currentInstitutionId),
    profile_image: u.profileImage,
    notification_settings: u.notificationSettings,
    two_factor_enabled: u.totpEnabledAt !== null,
    created_at: u.createdAt.toISOString(),
  };
}

export function toAdminUser(u: UserRow) {
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, role: u.role, status: u.status, created_at: u.createdAt.toISOString() };
}
