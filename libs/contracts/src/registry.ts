import type { AnyRoute } from './common/route.js';
import type { EventDef } from './common/event.js';
import type { AppName, InternalDef } from './common/bus-access.js';
import { identityRoutes, identityInternal } from './identity/routes.js';
import { identityEvents } from './identity/events.js';
import { catalogRoutes, catalogInternal } from './catalog/routes.js';
import { catalogEvents } from './catalog/events.js';
import { assessmentRoutes, assessmentInternal } from './assessment/routes.js';
import { assessmentEvents } from './assessment/events.js';
import { gamificationRoutes, gamificationInternal } from './gamification/routes.js';
import { gamificationEvents } from './gamification/events.js';
import { institutionRoutes, institutionInternal } from './institution/routes.js';
import { institutionEvents } from './institution/events.js';
import { mentoringRoutes, mentoringInternal } from './mentoring/routes.js';
import { mentoringEvents } from './mentoring/events.js';
import { communityRoutes } from './community/routes.js';
import { communityEvents } from './community/events.js';
import { communityLiveInternal } from './community/live.js';
import { billingRoutes, billingInternal } from './billing/routes.js';
import { billingEvents } from './billing/events.js';

/** Every HTTP route of the platform, grouped by owning service. */
export const routesByService = {
  gamification: gamificationRoutes,
  institution: institutionRoutes,
  mentoring: mentoringRoutes,
  community: communityRoutes,
  billing: billingRoutes,
  identity: identityRoutes,
  catalog: catalogRoutes,
  assessment: assessmentRoutes,
} as const;

export const ALL_ROUTES: readonly AnyRoute[] = Object.values(routesByService).flatMap((g) => Object.values(g) as AnyRoute[]);

export const ALL_EVENTS: readonly EventDef[] = [
  ...Object.values(gamificationEvents),
  ...Object.values(institutionEvents),
  ...Object.values(mentoringEvents),
  ...Object.values(communityEvents),
  ...Object.values(identityEvents),
  ...Object.values(catalogEvents),
  ...Object.values(assessmentEvents),
  ...Object.values(billingEvents),
];

export function findEvent(name: string): EventDef | undefined {
  return ALL_EVENTS.find((e) => e.name === name);
}

/** Every bus-only subject, with the principals allowed to call it. */
export const ALL_INTERNAL: readonly InternalDef[] = [
  ...Object.values(gamificationInternal),
  ...Object.values(identityInternal),
  ...Object.values(catalogInternal),
  ...Object.values(assessmentInternal),
  ...Object.values(billingInternal),
  ...Object.values(mentoringInternal),
  ...Object.values(institutionInternal),
  ...Object.values(communityLiveInternal),
];

/**
 * Which app consumes which events. The NATS permissions (one durable consumer per event)
 * are generated from this list, and a service refuses to boot with an @OnEvent handler for
 * an event not declared here, so the list and the code cannot drift apart.
 */
export const EVENT_CONSUMERS: Partial<Record<AppName, readonly EventDef[]>> = {
  gamification: [
    identityEvents.telegramLinked,
    identityEvents.telegramUnlinked,
    identityEvents.userRegistered,
    identityEvents.userUpdated,
    identityEvents.userDeletionScheduled,
    catalogEvents.lessonCompleted,
    catalogEvents.courseCompleted,
    assessmentEvents.quizPassed,
    assessmentEvents.submissionGraded,
    mentoringEvents.sessionCompleted,
    communityEvents.answerAccepted,
    communityEvents.answerUnaccepted,
    communityEvents.answerUpvoted,
    communityEvents.groupJoined,
    billingEvents.paymentRefunded,
    institutionEvents.memberAdded,
    institutionEvents.memberRemoved,
    // notifications (docs/notifications.md): the switches, and the events of NOTIFICATION_TYPES not above
    identityEvents.notificationSettingsChanged,
    catalogEvents.enrollmentCreated,
    billingEvents.paymentCompleted,
    billingEvents.paymentFailed,
    mentoringEvents.sessionBooked,
    mentoringEvents.sessionConfirmed,
    mentoringEvents.sessionCancelled,
    assessmentEvents.attemptReviewed,
    communityEvents.answerPosted,
    communityEvents.directMessageSent,
    gamificationEvents.levelReached,
    gamificationEvents.badgeEarned,
    gamificationEvents.referralCompleted,
    billingEvents.withdrawalSettled,
    institutionEvents.verified,
    communityEvents.invitationSent,
    catalogEvents.courseAnnounced,
    assessmentEvents.assignmentDueSoon,
  ],
  identity: [
    catalogEvents.courseCreated,
    catalogEvents.courseUpdated,
    catalogEvents.enrollmentCreated,
    billingEvents.paymentCompleted,
    billingEvents.paymentRefunded,
    mentoringEvents.sessionConfirmed,
    mentoringEvents.sessionCancelled,
    // portals: the institutions a user may enter, as institution says
    institutionEvents.created,
    institutionEvents.updated,
    institutionEvents.verified,
    institutionEvents.memberAdded,
    institutionEvents.memberRemoved,
    // an invitation reached its invitee: its e-mail, and with create_account the account and its "Set a password" e-mail
    institutionEvents.invitationSent,
  ],
  catalog: [
    identityEvents.userRegistered,
    identityEvents.userUpdated,
    identityEvents.userDeletionScheduled,
    catalogEvents.courseCompleted,
    billingEvents.paymentCompleted,
    billingEvents.subscriptionChanged,
    assessmentEvents.attemptSubmitted,
    assessmentEvents.attemptReviewed,
    assessmentEvents.quizSaved,
    assessmentEvents.quizDeleted,
  ],
  assessment: [
    identityEvents.userRegistered,
    identityEvents.userUpdated,
    identityEvents.userDeletionScheduled,
    catalogEvents.courseCreated,
    catalogEvents.courseUpdated,
    catalogEvents.coursePublished,
    catalogEvents.enrollmentCreated,
  ],
  mentoring: [
    identityEvents.userRegistered,
    identityEvents.userUpdated,
    identityEvents.userDeletionScheduled,
    // a session's payment confirms it; a failed or expired one frees its slot
    billingEvents.paymentCompleted,
    billingEvents.paymentFailed,
  ],
  institution: [
    identityEvents.userRegistered,
    identityEvents.userUpdated,
    identityEvents.userDeletionScheduled,
    // the institution's courses and enrollments, for its resources and analytics
    catalogEvents.courseCreated,
    catalogEvents.courseUpdated,
    catalogEvents.enrollmentCreated,
    catalogEvents.courseCompleted,
    // a tier upgrade's payment; course sales for revenue
    billingEvents.paymentCompleted,
    billingEvents.paymentFailed,
  ],
  community: [
    identityEvents.userRegistered,
    identityEvents.userUpdated,
    identityEvents.userDeletionScheduled,
    // community has the worker e-mail its own invitations (a job per sending)
    communityEvents.invitationSent,
  ],
};
