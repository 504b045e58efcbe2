import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  PLATFORM_TIME_ZONE,
  STUDY_REMINDER_DEFAULT_HOUR,
  STUDY_REMINDER_RECENT_DAYS,
  type EventPayload,
  type mentoringEvents,
} from '@lp/contracts';
import { Clock, LOGGER, UnitOfWork, type Logger } from '@lp/service-kit';
import { NotificationsService } from './notifications.service.js';
import { RemindersRepository } from './reminders.repository.js';
import { sessionReminders, sessionSubject } from './session-reminders.js';

/** How often due reminders are made into notifications: a reminder comes at most this late. */
export const REMINDER_SWEEP_MS = 60_000;
const BATCH = 500;

/**
 * Notifications due later (docs/notifications.md, "Reminders"): kept as rows when what they are
 * about is known (a confirmed session), made into ordinary notifications by a sweep every
 * minute, and deleted unsent when their subject is cancelled. Each sweep takes its rows out in
 * the transaction that makes their notifications, so a reminder is made once however many
 * replicas sweep; one whose moment has passed (the service was down) is dropped unsent.
 */
@Injectable()
export class NotificationReminders implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(RemindersRepository) private readonly repo: RemindersRepository,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), REMINDER_SWEEP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** A confirmed session's reminders to both sides, kept in the event's transaction. */
  scheduleSession(tx: EntityManager, p: EventPayload<typeof mentoringEvents.sessionConfirmed>): Promise<void> {
    return this.repo.schedule(tx, sessionReminders(p, this.clock.now()));
  }

  /** A cancelled session's reminders not made yet are deleted unsent. */
  cancelSession(tx: EntityManager, sessionId: string): Promise<number> {
    return this.repo.cancel(tx, sessionSubject(sessionId));
  }

  /** Makes every reminder due by now into its notification; answers how many were made. One sweep at a time per process. */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.sweeping ??= Promise.all([this.makeDue(), this.makeStudyReminders()])
      .then(([due, study]) => due + study)
      .catch((err: unknown) => {
        this.log.warn({ err }, 'notification reminders: the sweep failed; the next one tries again');
        return 0;
      })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /**
   * Today's study reminder for each learner whose hour it is and who has not learned today. At
   * most one a day: its source key is the learner's date, so a second sweep in the hour, or
   * another replica's, makes nothing more; "Study Reminders" off holds it (its `obeys`).
   */
  private async makeStudyReminders(): Promise<number> {
    let made = 0;
    for (;;) {
      const due = await this.repo.studyReminderDue(this.clock.now(), {
        defaultHour: STUDY_REMINDER_DEFAULT_HOUR,
        platformZone: PLATFORM_TIME_ZONE,
        recentDays: STUDY_REMINDER_RECENT_DAYS,
        limit: BATCH,
      });
      if (!due.length) return made;
      await this.uow.run(async (tx) => {
        await this.repo.markStudyReminded(tx, due);
        this.notifications.notify(
          tx,
          'study_reminder',
          due.map((d) => ({
            userId: d.user_id,
            params: { streak: d.current_streak > 0 ? d.current_streak : '' },
            link: '/learner/dashboard',
            sourceKey: `study:${d.local_day}`,
          })),
        );
      });
      made += due.length;
      if (due.length < BATCH || this.stopped) return made;
    }
  }

  private async makeDue(): Promise<number> {
    let made = 0;
    for (;;) {
      const now = this.clock.now();
      const batch = await this.uow.run(async (tx) => {
        const due = await this.repo.takeDue(tx, now, BATCH);
        for (const r of due) {
          if (r.eventAt <= now) continue; // too late to remind of it
          this.notifications.notify(tx, r.type, [
            { userId: r.userId, params: r.params, link: r.link, sourceKey: r.sourceKey, when: r.eventAt.toISOString() },
          ]);
          made += 1;
        }
        return due.length;
      });
      if (batch < BATCH || this.stopped) return made;
    }
  }
}
