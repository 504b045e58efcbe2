import type { MemberType, PortalRole } from '@lp/contracts';

/** the portal role a member type enters with; a grant's role decides the type the other way round */
export const PORTAL_ROLE_OF: Record<MemberType, PortalRole> = { student: 'learner', faculty: 'instructor', admin: 'institution' };
export const memberTypeOfRole = (role: PortalRole): MemberType =>
  role === 'institution' ? 'admin' : role === 'learner' ? 'student' : 'faculty';
