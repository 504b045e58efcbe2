import type { EventPayload, NotificationParams, NotificationType, mentoringEvents } from '@lp/contracts';

/** A notification due later: made by the reminders' sweep at `dueAt`, about something at `eventAt`. */
export interface ReminderItem {
  userId: string;
  type: NotificationType;
  /** what it belongs to: cancelling it deletes its reminders */
  subject: string;
  sourceKey: string;
  dueAt: Date;
  eventAt: Date;
  params: NotificationParams;
  link: string | null;
}

const HOUR = 3_600_000;

/** A confirmed session's reminders, for its learner and its mentor alike: a day before, and an hour before. */
export const SESSION_REMINDERS = [
  { type: 'session_reminder_24h', before: 24 * HOUR },
  { type: 'session_reminder_1h', before: HOUR },
] as const satisfies ReadonlyArray<{ type: NotificationType; before: number }>;

export const sessionSubject = (sessionId: string): string => `session:${sessionId}`;

/**
 * The reminders of a session confirmed at `now`. A reminder whose moment has already passed is
 * not made (a session confirmed 3 hours ahead gets the hour's reminder only): the confirmation
 * itself has just told both sides.
 */
export function sessionReminders(p: EventPayload<typeof mentoringEvents.sessionConfirmed>, now: Date): ReminderItem[] {
  const at = Date.parse(p.scheduled_at);
  return SESSION_REMINDERS.flatMap(({ type, before }) =>
    at - before <= now.getTime()
      ? []
      : [p.mentee_id, p.mentor_id].map((userId) => ({
          userId,
          type,
          subject: sessionSubject(p.session_id),
          sourceKey: p.session_id,
          dueAt: new Date(at - before),
          eventAt: new Date(at),
          params: { title: p.title },
          link: '/my-sessions',
        })),
  );
}
