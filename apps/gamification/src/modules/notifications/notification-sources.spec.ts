import { describe, expect, it } from '@jest/globals';
import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_NAMES,
  notificationText,
  type EventPayload,
  type mentoringEvents,
} from '@lp/contracts';
import { LOOKED_UP_SOURCES, NOTIFICATION_SOURCES, preview } from './notification-sources.js';

const session: EventPayload<typeof mentoringEvents.sessionCancelled> = {
  v: 1,
  session_id: 's1',
  mentor_id: 'mentor',
  mentee_id: 'mentee',
  title: 'Career chat',
  scheduled_at: '2026-12-01T10:00:00.000Z',
  duration_minutes: 60,
  amount_minor: 2500,
  currency: 'USD',
  status: 'cancelled',
  cancelled_by: 'mentor',
  reason: 'ill',
  refunded_minor: 2500,
  cancelled_at: '2026-11-28T10:00:00.000Z',
};

describe('notification sources', () => {
  it("tells a message's recipient, keyed by the run's first unread message, with the message's first words", () => {
    const [item, ...more] = NOTIFICATION_SOURCES.direct_message({
      v: 1,
      message_id: 'm2',
      user_id: 'rae',
      sender_id: 'sol',
      sender_name: 'Sol',
      content: 'Still there?',
      context: null,
      unread_since_id: 'm1',
      sent_at: '2026-12-01T10:00:00.000Z',
    });
    expect(more).toEqual([]);
    expect(item).toEqual({
      userId: 'rae',
      params: { sender_name: 'Sol', preview: 'Still there?' },
      link: '/messages/sol',
      sourceKey: 'dm:m1',
    });
    expect(preview(`${'word '.repeat(40)}end`, 20)).toBe('word word word word…');
    expect(preview('a\n\n  b')).toBe('a b');
  });

  it('tells both sides of a cancelled session, and only the learner of their refund', () => {
    const items = NOTIFICATION_SOURCES.session_cancelled(session);
    expect(items.map((i) => i.userId)).toEqual(['mentee', 'mentor']);
    expect(items[0]!.params.refund).toBe('25.00 USD');
    expect(items[1]!.params.refund).toBe('');
    expect(notificationText('session_cancelled', { ...items[0]!.params, when: 'Tue 1 Dec, 13:00' }).body).toBe(
      'The session on Tue 1 Dec, 13:00 was cancelled. 25.00 USD was refunded to your wallet.',
    );
    expect(notificationText('session_cancelled', { ...items[1]!.params, when: 'Tue 1 Dec, 13:00' }).body).toBe(
      'The session on Tue 1 Dec, 13:00 was cancelled.',
    );
    expect(items.every((i) => i.when === session.scheduled_at && i.sourceKey === 's1')).toBe(true);
  });

  it('never tells people about their own act', () => {
    const base = { v: 1 as const, answer_id: 'a', question_id: 'q', created_at: '2026-11-28T10:00:00Z', author_name: 'Ann' };
    expect(NOTIFICATION_SOURCES.answer_posted({ ...base, question_author_id: 'u1', author_id: 'u1' })).toEqual([]);
    expect(NOTIFICATION_SOURCES.answer_posted({ ...base, question_author_id: 'u1', author_id: 'u2' })).toEqual([
      { userId: 'u1', params: { author_name: 'Ann' }, link: '/qa/q', sourceKey: 'a' },
    ]);
    const accepted = { v: 1 as const, answer_id: 'a', question_id: 'q', answer_author_id: 'u1', accepted_at: '2026-11-28T10:00:00Z' };
    expect(NOTIFICATION_SOURCES.answer_accepted({ ...accepted, accepted_by: 'u1' })).toEqual([]);
    expect(NOTIFICATION_SOURCES.answer_accepted({ ...accepted, accepted_by: 'u2' })).toHaveLength(1);
  });

  it('makes a regrade news again but one level or badge once', () => {
    const graded = {
      v: 1 as const,
      submission_id: 'sub',
      assignment_id: 'as',
      assignment_title: 'Essay',
      course_id: 'c',
      user_id: 'u',
      grade: 8,
      raw_grade: 8,
      max_points: 10,
      percentage: 80,
      is_late: false,
      regraded: false,
      graded_by: 'i',
      graded_at: '2026-11-28T10:00:00Z',
    };
    const first = NOTIFICATION_SOURCES.assignment_graded(graded)[0]!;
    const again = NOTIFICATION_SOURCES.assignment_graded({ ...graded, regraded: true, graded_at: '2026-11-29T10:00:00Z' })[0]!;
    expect(first.sourceKey).not.toBe(again.sourceKey);
    expect(notificationText('assignment_graded', first.params)).toEqual({ title: 'Assignment graded: Essay', body: 'Your grade: 8/10.' });
    const level = { v: 1 as const, user_id: 'u', level: 3, total_xp: 300, reached_at: '2026-11-28T10:00:00Z' };
    expect(NOTIFICATION_SOURCES.level_up(level)[0]!.sourceKey).toBe('level:3');
  });

  it('has, for every declared type, its declaration under its own name, a title, a body, and a source when an event makes it', () => {
    for (const type of NOTIFICATION_TYPE_NAMES) {
      expect(NOTIFICATION_TYPES[type].type).toBe(type);
      expect(NOTIFICATION_TEXTS[type].title.length).toBeGreaterThan(0);
      expect(NOTIFICATION_TEXTS[type].body.length).toBeGreaterThan(0);
      const source = { ...NOTIFICATION_SOURCES, ...LOOKED_UP_SOURCES }[type as keyof typeof NOTIFICATION_SOURCES];
      expect({ type, source: typeof source }).toEqual({ type, source: NOTIFICATION_TYPES[type].event ? 'function' : 'undefined' });
    }
  });

  it("tells the payout's owner of its outcome as one of two types, and the account that onboarded an institution of its verification", () => {
    const payout = {
      v: 1 as const,
      transaction_id: 't1',
      user_id: 'u1',
      amount_minor: 2500,
      currency: 'ETB',
      description: 'Withdrawal to Telebirr +251911223344',
      settled_at: '2026-12-01T10:00:00Z',
    };
    const paid = { ...payout, status: 'paid' as const };
    const refused = { ...payout, status: 'refused' as const };
    expect(NOTIFICATION_SOURCES.withdrawal_paid(paid)).toEqual([
      { userId: 'u1', params: { amount: '25.00 ETB', description: payout.description }, link: '/wallet', sourceKey: 't1' },
    ]);
    expect(NOTIFICATION_SOURCES.withdrawal_refused(paid)).toEqual([]);
    expect(NOTIFICATION_SOURCES.withdrawal_paid(refused)).toEqual([]);
    expect(notificationText('withdrawal_refused', NOTIFICATION_SOURCES.withdrawal_refused(refused)[0]!.params).body).toBe(
      'The payout of 25.00 ETB was refused (Withdrawal to Telebirr +251911223344). The amount is back in your wallet.',
    );

    const institution = {
      v: 1 as const,
      institution_id: 'i1',
      name: 'Hawassa Training Center',
      subdomain: null,
      parent_institution_id: null,
      path_ids: ['i1'],
      level_type: 'corporation' as const,
      notes: 'Registration papers missing',
      verified_by: 'admin',
      verified_at: '2026-12-01T10:00:00Z',
      created_by: 'owner',
    };
    const rejected = { ...institution, verification_status: 'rejected' as const };
    expect(NOTIFICATION_SOURCES.institution_verified(rejected)).toEqual([]);
    const [told] = NOTIFICATION_SOURCES.institution_rejected(rejected);
    expect(told).toMatchObject({ userId: 'owner', sourceKey: 'i1' });
    expect(notificationText('institution_rejected', told!.params)).toEqual({
      title: 'Hawassa Training Center was not verified',
      body: 'Your institution could not be verified. The reviewer wrote: Registration papers missing',
    });
    const verified = { ...institution, verification_status: 'verified' as const, notes: null };
    expect(NOTIFICATION_SOURCES.institution_verified(verified).map((i) => i.userId)).toEqual(['owner']);
    // an event from before created_by was carried names nobody
    const { created_by: _none, ...older } = verified;
    expect(NOTIFICATION_SOURCES.institution_verified(older)).toEqual([]);
  });

  it('tells the learners the consumer found of an announcement (not its poster), and an invitee with an account of the invitation', () => {
    const announced = {
      v: 1 as const,
      announcement_id: 'a1',
      course_id: 'c1',
      course_title: 'Intro to Chemistry',
      instructor_id: 'teacher',
      posted_by: 'teacher',
      title: 'Exam moved',
      message: 'The exam is now on Friday.\n\nBring a calculator.',
      posted_at: '2026-12-01T10:00:00Z',
    };
    const items = LOOKED_UP_SOURCES.course_announcement(announced, ['l1', 'teacher', 'l2']);
    expect(items.map((i) => i.userId)).toEqual(['l1', 'l2']);
    expect(items[0]).toMatchObject({ link: '/course/c1/learn', sourceKey: 'a1' });
    expect(notificationText('course_announcement', items[0]!.params)).toEqual({
      title: 'New announcement in Intro to Chemistry',
      body: 'Exam moved: The exam is now on Friday. Bring a calculator.',
    });

    const invited = {
      v: 1 as const,
      invitation_id: 'inv1',
      sending: 2,
      group_id: 'g1',
      group_name: 'Chemistry circle',
      email: 'ada@example.com',
      invited_by_name: 'Grace',
      message: 'Join us on Thursdays',
      link: 'https://learn.example.test/community/invitations/tok.sig',
      expires_at: '2026-12-08T10:00:00Z',
    };
    const [told] = LOOKED_UP_SOURCES.group_invitation(invited, ['ada']);
    // one per invitation, however often it is resent; the link is the invitation's own page, in the app
    expect(told).toEqual({
      userId: 'ada',
      params: { group_name: 'Chemistry circle', invited_by_name: 'Grace', message: 'Join us on Thursdays' },
      link: '/community/invitations/tok.sig',
      sourceKey: 'inv1',
    });
    expect(notificationText('group_invitation', told!.params).body).toBe(
      'Grace invited you to join the study group Chemistry circle. "Join us on Thursdays"',
    );
    expect(LOOKED_UP_SOURCES.group_invitation(invited, [])).toEqual([]);
  });
});
