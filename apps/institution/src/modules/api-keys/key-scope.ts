import { MEMBER_TYPES, type Caller, type MemberType } from '@lp/contracts';

/**
 * The member types a caller may list. People see every type (or the one they asked for). An
 * API key reaches GET /institutions/{id}/members with students.read or faculty.read (the
 * route declares both) and sees only the types its permissions name: students with
 * students.read, faculty with faculty.read, admins never. An empty answer means "none": the
 * list is then empty rather than refused, as a filter that matches nobody is.
 */
export function memberTypesFor(caller: Caller, asked?: MemberType): MemberType[] {
  const types: MemberType[] = asked ? [asked] : [...MEMBER_TYPES];
  if (!caller.apiKey) return types;
  const held = caller.apiKey.permissions;
  return types.filter((t) => (t === 'student' && held.includes('students.read')) || (t === 'faculty' && held.includes('faculty.read')));
}

/**
 * Whether a tier includes API access: as the tiers table says, and for a tier name the table
 * does not hold, every tier but free (the seeded tiers give it to all but free). No
 * institution row: no access.
 */
export function tierAllowsApi(tier: { tier_name: string; api_access: boolean | null } | null): boolean {
  if (!tier) return false;
  return tier.api_access ?? tier.tier_name !== 'free';
}
