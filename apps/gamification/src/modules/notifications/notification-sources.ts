import { NOTIFICATION_TYPES, type EventPayload, type NotificationParams, type NotificationType } from '@lp/contracts';

/** One notification an event asks for: to whom, with what, leading where, about what. */
export interface NotificationItem {
  userId: string;
  params: NotificationParams;
  link: string | null;
  /** what it is about: one notification per user, type and source key */
  sourceKey: string;
  /** a time in the notification's texts, shown in the recipient's time zone ({{when}}) */
  when?: string;
}

/** The types an event makes (the others are made by a schedule: a session's reminders). */
export type EventMadeType = {
  [T in NotificationType]: (typeof NOTIFICATION_TYPES)[T]['event'] extends null ? never : T;
}[NotificationType];

/**
 * The event-made types whose recipients the event does not name: the consumer looks them up
 * first (a course's enrolled learners from catalog; the account of an invited e-mail address in
 * the users read model), then their source makes the items for them.
 */
export type LookedUpType = 'course_announcement' | 'group_invitation';
type PayloadOf<T extends EventMadeType> = EventPayload<NonNullable<(typeof NOTIFICATION_TYPES)[T]['event']>>;
type Source<T extends EventMadeType> = (p: PayloadOf<T>) => NotificationItem[];
type LookedUpSource<T extends LookedUpType> = (p: PayloadOf<T>, recipients: readonly string[]) => NotificationItem[];

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
/** A message's first words for a notification's body (the whole message is on /messages). */
export const preview = (content: string, max = 140): string => {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/**
 * Each event-made type's recipients and parameters, from its event's payload: pure, so each is
 * proved in notification-sources.spec.ts. Nobody is told about their own act (accepting one's
 * own answer, answering one's own question).
 */
export const NOTIFICATION_SOURCES: { [T in Exclude<EventMadeType, LookedUpType>]: Source<T> } = {
  enrollment_confirmed: (p) => [
    { userId: p.user_id, params: { course_title: p.course_title }, link: `/course/${p.course_id}/learn`, sourceKey: p.enrollment_id },
  ],
  payment_completed: (p) => [
    {
      userId: p.user_id,
      params: { amount: money(p.amount_minor, p.currency), item_type: p.item_type },
      link: '/wallet',
      sourceKey: p.payment_id,
    },
  ],
  payment_failed: (p) => [
    {
      userId: p.user_id,
      params: { amount: money(p.amount_minor, p.currency), status: p.status },
      link: '/wallet',
      sourceKey: p.payment_id,
    },
  ],
  // the mentor learns of a booking; the learner booked it and sees it on the page they are on
  session_booked: (p) => [
    { userId: p.mentor_id, params: { title: p.title }, link: '/my-sessions', sourceKey: p.session_id, when: p.scheduled_at },
  ],
  session_confirmed: (p) =>
    [p.mentee_id, p.mentor_id].map((userId) => ({
      userId,
      params: { title: p.title },
      link: '/my-sessions',
      sourceKey: p.session_id,
      when: p.scheduled_at,
    })),
  session_cancelled: (p) =>
    [p.mentee_id, p.mentor_id].map((userId) => ({
      userId,
      params: {
        title: p.title,
        // the refund went to the learner's wallet
        refund: userId === p.mentee_id && p.refunded_minor ? money(p.refunded_minor, p.currency) : '',
      },
      link: '/my-sessions',
      sourceKey: p.session_id,
      when: p.scheduled_at,
    })),
  assignment_graded: (p) => [
    {
      userId: p.user_id,
      params: { assignment_title: p.assignment_title, grade: `${p.grade}/${p.max_points}` },
      link: `/assignments/${p.assignment_id}`,
      // a regrade is news again: one per grading
      sourceKey: `${p.submission_id}:${p.graded_at}`,
    },
  ],
  // one per learner and due date: a due date moved is told again
  assignment_due: (p) => [
    {
      userId: p.user_id,
      params: { assignment_title: p.assignment_title, course_title: p.course_title ?? '' },
      link: `/assignments/${p.assignment_id}`,
      sourceKey: `${p.assignment_id}:${p.due_date}`,
      when: p.due_date,
    },
  ],
  quiz_graded: (p) => [
    {
      userId: p.user_id,
      params: { score: Math.round(p.score) },
      link: `/quiz/${p.quiz_id}/review/${p.attempt_id}`,
      sourceKey: `${p.attempt_id}:${p.reviewed_at}`,
    },
  ],
  answer_posted: (p) =>
    p.question_author_id === p.author_id
      ? []
      : [{ userId: p.question_author_id, params: { author_name: p.author_name }, link: `/qa/${p.question_id}`, sourceKey: p.answer_id }],
  answer_accepted: (p) =>
    p.answer_author_id === p.accepted_by
      ? []
      : [{ userId: p.answer_author_id, params: {}, link: `/qa/${p.question_id}`, sourceKey: p.answer_id }],
  // the key is the run's first unread message: messages in a row make one notification, a message after reading a new one
  direct_message: (p) => [
    {
      userId: p.user_id,
      params: { sender_name: p.sender_name, preview: preview(p.content) },
      link: `/messages/${p.sender_id}`,
      sourceKey: `dm:${p.unread_since_id}`,
    },
  ],
  level_up: (p) => [
    { userId: p.user_id, params: { level: p.level, total_xp: p.total_xp }, link: '/profile', sourceKey: `level:${p.level}` },
  ],
  badge_earned: (p) => [
    { userId: p.user_id, params: { badge_name: p.badge_name, icon: p.icon }, link: '/profile', sourceKey: `badge:${p.badge_code}` },
  ],
  referral_completed: (p) => [
    {
      userId: p.referrer_id,
      params: { reward: p.reward_minor > 0 ? money(p.reward_minor, p.currency) : '' },
      link: '/referrals',
      sourceKey: p.referral_id,
    },
  ],
  // one payout event, one of two types by its outcome
  withdrawal_paid: (p) =>
    p.status === 'paid'
      ? [
          {
            userId: p.user_id,
            params: { amount: money(p.amount_minor, p.currency), description: p.description },
            link: '/wallet',
            sourceKey: p.transaction_id,
          },
        ]
      : [],
  withdrawal_refused: (p) =>
    p.status === 'refused'
      ? [
          {
            userId: p.user_id,
            params: { amount: money(p.amount_minor, p.currency), description: p.description },
            link: '/wallet',
            sourceKey: p.transaction_id,
          },
        ]
      : [],
  // the account that onboarded the institution learns the outcome (older events name nobody)
  institution_verified: (p) =>
    p.verification_status === 'verified' && p.created_by
      ? [{ userId: p.created_by, params: { name: p.name }, link: '/institution/dashboard', sourceKey: p.institution_id }]
      : [],
  institution_rejected: (p) =>
    p.verification_status === 'rejected' && p.created_by
      ? [
          {
            userId: p.created_by,
            params: { name: p.name, notes: p.notes ?? '' },
            link: '/institution/dashboard',
            sourceKey: p.institution_id,
          },
        ]
      : [],
};

/** The path of one of our absolute links (the invitation's signed page), the notification's link in the SPA. */
const pathOf = (absolute: string): string | null => {
  try {
    return new URL(absolute, 'http://localhost').pathname;
  } catch {
    return null;
  }
};

/** The looked-up types' items, for the recipients the consumer found (pure, as the others). */
export const LOOKED_UP_SOURCES: { [T in LookedUpType]: LookedUpSource<T> } = {
  // the poster is not told of their own announcement (an instructor enrolled in their own course)
  course_announcement: (p, learners) =>
    learners
      .filter((userId) => userId !== p.posted_by)
      .map((userId) => ({
        userId,
        params: { course_title: p.course_title, title: p.title, preview: preview(p.message) },
        link: `/course/${p.course_id}/learn`,
        sourceKey: p.announcement_id,
      })),
  // a resend is not news in the app: one per invitation
  group_invitation: (p, invitees) =>
    invitees.map((userId) => ({
      userId,
      params: { group_name: p.group_name, invited_by_name: p.invited_by_name, message: p.message ? preview(p.message) : '' },
      link: pathOf(p.link),
      sourceKey: p.invitation_id,
    })),
};
