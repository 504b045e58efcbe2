import { Inject, Injectable } from '@nestjs/common';
import {
  assessmentEvents,
  billingEvents,
  catalogEvents,
  catalogInternal,
  communityEvents,
  COURSE_LEARNERS_PAGE_MAX,
  gamificationEvents,
  identityEvents,
  institutionEvents,
  mentoringEvents,
  type EventPayload,
} from '@lp/contracts';
import { RpcClient, type EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { XP_EVENT_CONCURRENCY } from '../../common/event-concurrency.js';
import { NotificationDeliveries, deliveryJobId } from './notification-deliveries.js';
import { NotificationReminders } from './notification-reminders.js';
import { LOOKED_UP_SOURCES, NOTIFICATION_SOURCES, type EventMadeType, type LookedUpType } from './notification-sources.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/**
 * The events of NOTIFICATION_TYPES, each turned into its type's notifications (notification-sources.ts)
 * in the event's transaction. notifications-wiring.spec.ts proves each type's event has its handler here.
 */
@Injectable()
export class NotificationsConsumer {
  constructor(
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(NotificationsRepository) private readonly repo: NotificationsRepository,
    @Inject(NotificationDeliveries) private readonly deliveries: NotificationDeliveries,
    @Inject(NotificationReminders) private readonly reminders: NotificationReminders,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  private make<T extends Exclude<EventMadeType, LookedUpType>>(type: T, payload: unknown, ctx: EventContext): void {
    const source = NOTIFICATION_SOURCES[type] as (p: unknown) => ReturnType<(typeof NOTIFICATION_SOURCES)[T]>;
    this.notifications.notify(entityManager(ctx.tx), type, source(payload));
  }

  // the options: an event XP also listens to keeps XP's concurrency (the smallest of a type's handlers applies); notifications commute
  @OnEvent(catalogEvents.enrollmentCreated, { concurrency: XP_EVENT_CONCURRENCY })
  async enrollmentCreated(p: unknown, ctx: EventContext): Promise<void> {
    this.make('enrollment_confirmed', p, ctx);
  }

  @OnEvent(billingEvents.paymentCompleted, { concurrency: XP_EVENT_CONCURRENCY })
  async paymentCompleted(p: unknown, ctx: EventContext): Promise<void> {
    this.make('payment_completed', p, ctx);
  }

  @OnEvent(billingEvents.paymentFailed, { concurrency: XP_EVENT_CONCURRENCY })
  async paymentFailed(p: unknown, ctx: EventContext): Promise<void> {
    this.make('payment_failed', p, ctx);
  }

  @OnEvent(mentoringEvents.sessionBooked, { concurrency: XP_EVENT_CONCURRENCY })
  async sessionBooked(p: unknown, ctx: EventContext): Promise<void> {
    this.make('session_booked', p, ctx);
  }

  /** Both sides are told, and reminded a day and an hour before (notification-reminders.ts). */
  @OnEvent(mentoringEvents.sessionConfirmed, { concurrency: XP_EVENT_CONCURRENCY })
  async sessionConfirmed(p: EventPayload<typeof mentoringEvents.sessionConfirmed>, ctx: EventContext): Promise<void> {
    this.make('session_confirmed', p, ctx);
    await this.reminders.scheduleSession(entityManager(ctx.tx), p);
  }

  /** Both sides are told; its reminders not sent yet never will be. */
  @OnEvent(mentoringEvents.sessionCancelled, { concurrency: XP_EVENT_CONCURRENCY })
  async sessionCancelled(p: EventPayload<typeof mentoringEvents.sessionCancelled>, ctx: EventContext): Promise<void> {
    this.make('session_cancelled', p, ctx);
    await this.reminders.cancelSession(entityManager(ctx.tx), p.session_id);
  }

  @OnEvent(assessmentEvents.submissionGraded, { concurrency: XP_EVENT_CONCURRENCY })
  async submissionGraded(p: unknown, ctx: EventContext): Promise<void> {
    this.make('assignment_graded', p, ctx);
  }

  @OnEvent(assessmentEvents.assignmentDueSoon)
  async assignmentDueSoon(p: unknown, ctx: EventContext): Promise<void> {
    this.make('assignment_due', p, ctx);
  }

  @OnEvent(assessmentEvents.attemptReviewed, { concurrency: XP_EVENT_CONCURRENCY })
  async attemptReviewed(p: unknown, ctx: EventContext): Promise<void> {
    this.make('quiz_graded', p, ctx);
  }

  @OnEvent(communityEvents.answerPosted, { concurrency: XP_EVENT_CONCURRENCY })
  async answerPosted(p: unknown, ctx: EventContext): Promise<void> {
    this.make('answer_posted', p, ctx);
  }

  @OnEvent(communityEvents.answerAccepted, { concurrency: XP_EVENT_CONCURRENCY })
  async answerAccepted(p: unknown, ctx: EventContext): Promise<void> {
    this.make('answer_accepted', p, ctx);
  }

  @OnEvent(communityEvents.directMessageSent)
  async directMessageSent(p: unknown, ctx: EventContext): Promise<void> {
    this.make('direct_message', p, ctx);
  }

  /**
   * Every learner enrolled in the course when the event is applied, paged from catalog (an event
   * naming 10,000 of them would be half a megabyte). The whole lot is one transaction's notify:
   * the store writes it in a fixed number of unnest statements, and a redelivery finds each
   * (user, type, announcement) already there, so nobody is told twice.
   */
  @OnEvent(catalogEvents.courseAnnounced)
  async courseAnnounced(p: EventPayload<typeof catalogEvents.courseAnnounced>, ctx: EventContext): Promise<void> {
    const learners: string[] = [];
    for (let after: string | null = null; ;) {
      const page: { user_ids: string[]; next: string | null } = await this.rpc.request(catalogInternal.courseLearners.subject, {
        course_id: p.course_id,
        after,
        limit: COURSE_LEARNERS_PAGE_MAX,
      });
      learners.push(...page.user_ids);
      if (page.next === null) break;
      after = page.next;
    }
    this.notifications.notify(entityManager(ctx.tx), 'course_announcement', LOOKED_UP_SOURCES.course_announcement(p, learners));
  }

  /** An invitee who has an account learns of it in the app too (community's e-mail reaches every invitee). */
  @OnEvent(communityEvents.invitationSent)
  async invitationSent(p: EventPayload<typeof communityEvents.invitationSent>, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    const invitees = await this.repo.accountsWithEmail(tx, p.email);
    this.notifications.notify(tx, 'group_invitation', LOOKED_UP_SOURCES.group_invitation(p, invitees));
  }

  @OnEvent(gamificationEvents.levelReached, { concurrency: XP_EVENT_CONCURRENCY })
  async levelReached(p: unknown, ctx: EventContext): Promise<void> {
    this.make('level_up', p, ctx);
  }

  @OnEvent(gamificationEvents.badgeEarned, { concurrency: XP_EVENT_CONCURRENCY })
  async badgeEarned(p: unknown, ctx: EventContext): Promise<void> {
    this.make('badge_earned', p, ctx);
  }

  @OnEvent(gamificationEvents.referralCompleted, { concurrency: XP_EVENT_CONCURRENCY })
  async referralCompleted(p: unknown, ctx: EventContext): Promise<void> {
    this.make('referral_completed', p, ctx);
  }

  @OnEvent(billingEvents.withdrawalSettled)
  async withdrawalSettled(p: unknown, ctx: EventContext): Promise<void> {
    this.make('withdrawal_paid', p, ctx);
    this.make('withdrawal_refused', p, ctx);
  }

  @OnEvent(institutionEvents.verified)
  async institutionVerified(p: unknown, ctx: EventContext): Promise<void> {
    this.make('institution_verified', p, ctx);
    this.make('institution_rejected', p, ctx);
  }

  /** An account being deleted: its notifications, their deliveries (an e-mail not sent yet is not sent), its choices and switches go. */
  @OnEvent(identityEvents.userDeletionScheduled)
  async deletionScheduled(p: EventPayload<typeof identityEvents.userDeletionScheduled>, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    const dropped = await this.repo.forgetUser(tx, p.user_id);
    // an e-mail held through the night is a delayed job by now: it goes with the account
    this.deliveries.withdrawAfterCommit(
      tx,
      dropped.map((d) => deliveryJobId(d.notificationId, d.channel)),
    );
  }

  /** Identity's switches; the newest change wins whatever order they arrive in. */
  @OnEvent(identityEvents.notificationSettingsChanged)
  async settingsChanged(p: EventPayload<typeof identityEvents.notificationSettingsChanged>, ctx: EventContext): Promise<void> {
    await this.repo.saveSwitches(
      entityManager(ctx.tx),
      p.user_id,
      { email: p.email, studyReminders: p.study_reminders, assignmentDeadlines: p.assignment_deadlines },
      new Date(p.changed_at),
    );
  }
}
