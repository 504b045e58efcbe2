import {
  NOTIFICATION_QUIET_HOURS,
  OUTBOUND_CHANNELS,
  addDays,
  heldBySwitch,
  localDate,
  wallAsUtc,
  zonedInstant,
  type NotificationTypeDef,
  type OutboundChannel,
} from '@lp/contracts';

/** Identity's three switches as the engagement service keeps them (no row: all on). */
export interface Switches {
  email: boolean;
  studyReminders: boolean;
  assignmentDeadlines: boolean;
}
export const SWITCHES_ON: Switches = { email: true, studyReminders: true, assignmentDeadlines: true };

/** What a delivery needs to know of its recipient. */
export interface Recipient {
  switches: Switches;
  /** the user's choices that differ from the default (on), as "type|channel" -> enabled */
  choices: ReadonlyMap<string, boolean>;
  /** the outbound channels the user can be reached on now (an e-mail address; a linked Telegram; a push subscription) */
  reachable: ReadonlySet<OutboundChannel>;
}

/**
 * Whether a type is made for the recipient at all: a type that obeys `studyReminders` or
 * `assignmentDeadlines` is not, when that switch is off (the switch stops the reminder, not
 * just its e-mail). `email` only ever stops the e-mail channel.
 */
export function wanted(def: NotificationTypeDef, r: Pick<Recipient, 'switches'>): boolean {
  return def.obeys === null || def.obeys === 'email' || r.switches[def.obeys];
}

/** The outbound channels one notification goes out on: declared for its type, chosen (default on), reachable, not stopped by a switch. */
export function outboundChannels(def: NotificationTypeDef, r: Recipient): OutboundChannel[] {
  if (!wanted(def, r)) return [];
  const held = heldBySwitch(def.obeys, r.switches);
  return OUTBOUND_CHANNELS.filter(
    (c) => def.channels.includes(c) && r.reachable.has(c) && (r.choices.get(`${def.type}|${c}`) ?? true) && !held.includes(c),
  );
}

/**
 * When a delivery due `now` may go: now, or the end of the recipient's quiet hours when `now`
 * falls inside them (22:00-07:00 in their time zone). A 07:00 that a daylight-saving change
 * skips is taken an hour later.
 */
export function notBefore(now: Date, timeZone: string, security: boolean): Date {
  if (security) return now;
  const { startHour, endHour } = NOTIFICATION_QUIET_HOURS;
  const hour = new Date(wallAsUtc(now.getTime(), timeZone)).getUTCHours();
  if (hour < startHour && hour >= endHour) return now;
  const today = localDate(now, timeZone);
  const day = hour >= startHour ? addDays(today, 1) : today;
  const at = zonedInstant(day, endHour * 60, timeZone) ?? zonedInstant(day, (endHour + 1) * 60, timeZone);
  return at === null ? now : new Date(at);
}
