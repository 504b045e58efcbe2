import type { Role } from '@lp/contracts';

/** Every role, admin included, has its home at /{role}/dashboard. */
export function dashboardPath(role: Role): string {
  return `/${role}/dashboard`;
}
