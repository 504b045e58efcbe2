import { normalizeSubdomain, SUBDOMAIN_MIN_LENGTH, type CheckSubdomainResponse } from '@lp/contracts';
import type { z } from 'zod';
import { useEffect, useState } from 'react';

/** Spec 3: the availability check waits for a 500 ms pause in typing. */
export const SUBDOMAIN_CHECK_DELAY_MS = 500;

/** The form's fields, for sorting a 400 answer's errors onto them. */
export const ONBOARD_FIELDS = [
  'name',
  'subdomain',
  'contact_email',
  'contact_phone',
  'address',
  'country',
  'registration_number',
  'tax_id',
] as const;
export type OnboardField = (typeof ONBOARD_FIELDS)[number];

/** Spec 3: the check starts only at 3+ characters (of the value as it will be kept). */
export function isCheckable(subdomain: string): boolean {
  return normalizeSubdomain(subdomain).length >= SUBDOMAIN_MIN_LENGTH;
}

/** The portal's address as the spec shows it: {subdomain}.{host}; nothing until a subdomain is typed. */
export function subdomainPreview(subdomain: string, host: string): string | null {
  const sub = normalizeSubdomain(subdomain);
  return sub === '' ? null : `${sub}.${host}`;
}

export type Availability = { kind: 'available' } | { kind: 'taken'; by: string | null } | { kind: 'invalid'; reason: string | null };

/** GET /institutions/check-subdomain's answer as what the form says. */
export function availabilityOf(answer: z.infer<typeof CheckSubdomainResponse>): Availability {
  if (answer.available) return { kind: 'available' };
  if (answer.taken_by !== null || answer.reason === null) return { kind: 'taken', by: answer.taken_by };
  return { kind: 'invalid', reason: answer.reason };
}

/** `value` once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
