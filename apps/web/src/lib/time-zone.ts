/** The viewer's own IANA time zone (the browser's, e.g. "Africa/Addis_Ababa"), UTC when the browser names none. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
