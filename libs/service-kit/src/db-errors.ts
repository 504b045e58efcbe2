/** True when a query failed with SQLSTATE `code` (optionally on a given constraint). */
function isViolation(e: unknown, code: string, constraint?: string): boolean {
  const driver =
    (e as { driverError?: { code?: string; constraint?: string } } | null)?.driverError ??
    (e as { code?: string; constraint?: string } | null);
  if (driver?.code !== code) return false;
  return !constraint || driver.constraint === constraint;
}

/** True when a query failed on a unique constraint (optionally a given one). */
export const isUniqueViolation = (e: unknown, constraint?: string): boolean => isViolation(e, '23505', constraint);

/** True when a query failed on a CHECK constraint (optionally a given one), also one raised by a trigger naming it. */
export const isCheckViolation = (e: unknown, constraint?: string): boolean => isViolation(e, '23514', constraint);

/** True when a query failed on an exclusion constraint (optionally a given one): two rows that may not overlap did. */
export const isExclusionViolation = (e: unknown, constraint?: string): boolean => isViolation(e, '23P01', constraint);
