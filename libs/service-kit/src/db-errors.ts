/** True when a query failed on a unique constraint (optionally a given one). */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const driver = (e as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
  const code = driver?.code ?? (e as { code?: string } | null)?.code;
  if (code !== '23505') return false;
  return !constraint || driver?.constraint === constraint;
}
