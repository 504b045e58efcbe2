/**
 * A fixed-offset zone (Etc/GMT±n) where the hour is now one of `hours`: tests of quiet hours and
 * reminders run at any hour of the day, so they pick the zone that makes "now" the hour they need.
 */
export function zoneWhereHourIs(hours: readonly number[], now = new Date()): string {
  const hourIn = (tz: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(now));
  const zones = Array.from({ length: 25 }, (_, i) => i - 12).map((o) =>
    o === 0 ? 'Etc/GMT' : `Etc/GMT${o > 0 ? '+' : '-'}${Math.abs(o)}`,
  );
  const zone = zones.find((z) => hours.includes(hourIn(z)));
  if (!zone) throw new Error(`no fixed-offset zone has the hour ${hours.join(' or ')} now`);
  return zone;
}
