import type { MentorProfile } from '@lp/contracts';

/** Every IANA zone the browser knows, with `current` kept in the list whatever it is. */
export function timeZoneOptions(current: string, known: readonly string[] = supportedTimeZones()): string[] {
  const all = new Set(known);
  all.add('UTC');
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/**
 * The time zone a form starts with: the saved one, except for a mentor who has never saved
 * anything (the server's default UTC), who starts with the browser's.
 */
export function initialTimeZone(profile: Pick<MentorProfile, 'timezone' | 'is_published' | 'updated_at'>, browser: string): string {
  return !profile.is_published && profile.updated_at === null ? browser : profile.timezone;
}
