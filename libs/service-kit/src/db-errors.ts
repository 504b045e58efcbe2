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

/**
 * True when PostgreSQL gave up a transaction to break a deadlock (40P01) or a serialization
 * conflict (40001): nothing was written, and running it again is safe. Concurrent inserts under
 * one exclusion constraint can deadlock: each waits for the other's uncommitted row.
 */
export const isRetryableConflict = (e: unknown): boolean => isViolation(e, '40P01') || isViolation(e, '40001');
