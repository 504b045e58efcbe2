import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  assessmentEvents,
  billingEvents,
  catalogEvents,
  communityEvents,
  gamificationRoutes,
  mentoringEvents,
  systemSubjects,
  type EventDef,
} from '@lp/contracts';
import { UnitOfWork } from '@lp/service-kit';
import { expectAppError } from '@lp/testing';
import { XpLedgerService } from '../src/modules/xp/xp-ledger.service.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

let h: GamificationHarness;
beforeAll(async () => {
  h = await GamificationHarness.start();
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 30_000);

interface Row {
  rule_code: string;
  xp: number;
  day: string;
  reverses: string | null;
}
const ledger = async (userId: string): Promise<Row[]> =>
  (await h.ds.query(
    'SELECT rule_code, xp, day::text AS day, reverses FROM xp_ledger WHERE user_id = $1 ORDER BY occurred_at, created_at, rule_code',
    [userId],
  )) as Row[];
const xpOf = async (userId: string, rule?: string) =>
  (await ledger(userId)).filter((r) => !rule || r.rule_code === rule).reduce((n, r) => n + r.xp, 0);
const me = (u: TestUser) => h.call(gamificationRoutes.me, {}, u.caller);

const lesson = (userId: string, at: string, courseId = randomUUID(), lessonId = randomUUID()) => ({
  v: 1 as const,
  user_id: userId,
  course_id: courseId,
  lesson_id: lessonId,
  kind: 'lesson' as const,
  time_spent_minutes: 5,
  completion_percentage: 50,
  completed_at: at,
});
const courseDone = (userId: string, courseId: string, at: string) => ({
  v: 1 as const,
  user_id: userId,
  course_id: courseId,
  course_title: 'A course',
  instructor_id: randomUUID(),
  enrollment_id: randomUUID(),
  certificate_id: randomUUID(),
  verification_code: 'ABC',
  completed_at: at,
});
const upvote = (authorId: string, answerId: string, at: string, voterId = randomUUID()) => ({
  v: 1 as const,
  answer_id: answerId,
  question_id: randomUUID(),
  answer_author_id: authorId,
  voter_id: voterId,
  upvoted_at: at,
});

/** Waits until the user's ledger has `n` rows: the events before it were applied. */
const rows = (userId: string, n: number) => h.waitFor(async () => (await ledger(userId)).length >= n);

/**
 * Every earlier event of `event`'s type (a redelivery included) has been applied or ignored:
 * a marker event published after them has been applied, and the type's consumer holds nothing
 * more (XP events run several transactions at once, so the marker alone proves nothing).
 */
async function drained(event: EventDef, publishMarker: (markerUserId: string) => Promise<unknown>): Promise<void> {
  const marker = randomUUID();
  await publishMarker(marker);
  await h.waitFor(async () => (await ledger(marker)).length > 0);
  await h.idle(event);
}

const NOW = new Date().toISOString();

describe('each rule awards once per event, redelivery included', () => {
  it('a lesson: 10 XP and the day bonus, once however often it is delivered', async () => {
    const ann = await h.user();
    const p = lesson(ann.id, NOW);
    const id = await h.publish(catalogEvents.lessonCompleted, p);
    await rows(ann.id, 2);
    await h.redeliver(id, catalogEvents.lessonCompleted, p);
    await drained(catalogEvents.lessonCompleted, (m) => h.publish(catalogEvents.lessonCompleted, lesson(m, NOW)));
    expect((await ledger(ann.id)).map((r) => [r.rule_code, r.xp])).toEqual([
      ['daily_activity', 5],
      ['lesson_completed', 10],
    ]);
    expect(await me(ann)).toMatchObject({ total_xp: 15, xp_this_week: 15, current_streak: 1, longest_streak: 1 });
  });

  it('a quiz passed first: 25 XP, and 25 more for a perfect score only', async () => {
    const [ann, ben] = await Promise.all([h.user(), h.user()]);
    const passed = (userId: string, score: number) => ({
      v: 1 as const,
      attempt_id: randomUUID(),
      quiz_id: randomUUID(),
      quiz_title: 'Quiz',
      kind: 'quiz' as const,
      course_id: null,
      user_id: userId,
      score,
      passed_at: NOW,
    });
    const perfect = passed(ann.id, 100);
    const id = await h.publish(assessmentEvents.quizPassed, perfect);
    await h.publish(assessmentEvents.quizPassed, passed(ben.id, 80));
    await Promise.all([rows(ann.id, 3), rows(ben.id, 2)]);
    await h.redeliver(id, assessmentEvents.quizPassed, perfect);
    await drained(assessmentEvents.quizPassed, (m) => h.publish(assessmentEvents.quizPassed, passed(m, 70)));
    expect([await xpOf(ann.id, 'quiz_passed_first'), await xpOf(ann.id, 'perfect_score')]).toEqual([25, 25]);
    expect([await xpOf(ben.id, 'quiz_passed_first'), await xpOf(ben.id, 'perfect_score')]).toEqual([25, 0]);
  });

  it('an assignment graded: 20 XP when on time and not a regrade, nothing for a late one or a regrade', async () => {
    const [ann, late, regraded] = await Promise.all([h.user(), h.user(), h.user()]);
    const graded = (userId: string, isLate: boolean, isRegrade: boolean) => ({
      v: 1 as const,
      submission_id: randomUUID(),
      assignment_id: randomUUID(),
      assignment_title: 'Essay',
      course_id: randomUUID(),
      user_id: userId,
      grade: 8,
      raw_grade: 8,
      max_points: 10,
      percentage: 80,
      is_late: isLate,
      regraded: isRegrade,
      graded_by: randomUUID(),
      graded_at: NOW,
    });
    const onTime = graded(ann.id, false, false);
    const id = await h.publish(assessmentEvents.submissionGraded, onTime);
    await h.publish(assessmentEvents.submissionGraded, graded(late.id, true, false));
    await h.publish(assessmentEvents.submissionGraded, graded(regraded.id, false, true));
    await h.redeliver(id, assessmentEvents.submissionGraded, onTime);
    await drained(assessmentEvents.submissionGraded, (m) => h.publish(assessmentEvents.submissionGraded, graded(m, false, false)));
    expect(await xpOf(ann.id, 'assignment_on_time')).toBe(20);
    expect([await ledger(late.id), await ledger(regraded.id)]).toEqual([[], []]);
  });

  it('a mentoring session completed: 30 XP to its learner and 30 to its mentor', async () => {
    const [learner, mentor] = await Promise.all([h.user(), h.user('instructor')]);
    const session = (menteeId: string, mentorId: string) => ({
      v: 1 as const,
      session_id: randomUUID(),
      mentor_id: mentorId,
      mentee_id: menteeId,
      title: 'Session',
      scheduled_at: NOW,
      duration_minutes: 60,
      amount_minor: 0,
      currency: 'USD',
      completed_at: NOW,
    });
    const p = session(learner.id, mentor.id);
    const id = await h.publish(mentoringEvents.sessionCompleted, p);
    await h.redeliver(id, mentoringEvents.sessionCompleted, p);
    await drained(mentoringEvents.sessionCompleted, (m) => h.publish(mentoringEvents.sessionCompleted, session(m, randomUUID())));
    expect([await xpOf(learner.id, 'mentoring_session_learner'), await xpOf(mentor.id, 'mentoring_session_mentor')]).toEqual([30, 30]);
    expect([await xpOf(learner.id, 'mentoring_session_mentor'), await xpOf(mentor.id, 'mentoring_session_learner')]).toEqual([0, 0]);
    const badges = (await me(mentor)).badges.map((b) => b.code);
    expect(badges).toContain('first_mentoring');
  });

  it("an accepted answer: 25 XP to its author (not for accepting one's own), an upvote 5, a group joined 10 once per group", async () => {
    const [ann, self] = await Promise.all([h.user(), h.user()]);
    const accepted = (authorId: string, by: string) => ({
      v: 1 as const,
      answer_id: randomUUID(),
      question_id: randomUUID(),
      answer_author_id: authorId,
      accepted_by: by,
      accepted_at: NOW,
    });
    const a = accepted(ann.id, randomUUID());
    const id = await h.publish(communityEvents.answerAccepted, a);
    await h.publish(communityEvents.answerAccepted, accepted(self.id, self.id));
    await h.redeliver(id, communityEvents.answerAccepted, a);
    await drained(communityEvents.answerAccepted, (m) => h.publish(communityEvents.answerAccepted, accepted(m, randomUUID())));
    expect([await xpOf(ann.id, 'answer_accepted'), await ledger(self.id)]).toEqual([25, []]);

    const answerId = randomUUID();
    const voter = randomUUID();
    // the same voter's upvote taken back and given again is a new event, but no new award
    await h.publish(communityEvents.answerUpvoted, upvote(ann.id, answerId, NOW, voter));
    await h.publish(communityEvents.answerUpvoted, upvote(ann.id, answerId, NOW, voter));
    await drained(communityEvents.answerUpvoted, (m) => h.publish(communityEvents.answerUpvoted, upvote(m, randomUUID(), NOW)));
    expect(await xpOf(ann.id, 'answer_upvoted')).toBe(5);

    const group = randomUUID();
    const joined = (userId: string, groupId: string) => ({
      v: 1 as const,
      group_id: groupId,
      user_id: userId,
      role: 'member' as const,
      via: 'joined' as const,
      joined_at: NOW,
    });
    await h.publish(communityEvents.groupJoined, joined(ann.id, group));
    await h.publish(communityEvents.groupJoined, joined(ann.id, group));
    await drained(communityEvents.groupJoined, (m) => h.publish(communityEvents.groupJoined, joined(m, randomUUID())));
    expect(await xpOf(ann.id, 'group_joined')).toBe(10);
  });

  it('the ledger key itself refuses a second award of one (user, rule, source event), whoever calls', async () => {
    const ann = await h.user();
    const xp = h.svc.app.get(XpLedgerService);
    const uow = h.svc.app.get(UnitOfWork);
    const award = {
      userId: ann.id,
      ruleCode: 'referral_referred',
      sourceEventId: `referral:${randomUUID()}:referred`,
      sourceKey: 'r',
      occurredAt: new Date(),
    };
    expect(await uow.run((tx) => xp.award(tx, award))).toEqual({ xp: 50 });
    expect(await uow.run((tx) => xp.award(tx, award))).toEqual({ xp: 0 });
    expect(await uow.run((tx) => xp.award(tx, { ...award, ruleCode: 'no_such_rule' }))).toEqual({ xp: 0 });
    expect(await xpOf(ann.id)).toBe(50);
    // a referral reward is not the user's own activity: no daily bonus, no active day
    expect((await me(ann)).last_active_day).toBeNull();
  });
});

describe('awards queued in one transaction (the consumer applies up to 64 events at once)', () => {
  it('are applied at the commit as one by one: caps, a repeated key, the day bonus, streaks; none when it rolls back', async () => {
    const [ann, ben] = await Promise.all([h.user(), h.user()]);
    const xp = h.svc.app.get(XpLedgerService);
    const uow = h.svc.app.get(UnitOfWork);
    const lessonKey = randomUUID();
    await uow.run(async (tx) => {
      for (let i = 0; i < 12; i++) {
        xp.queue(tx, {
          userId: ann.id,
          ruleCode: 'answer_upvoted',
          sourceEventId: randomUUID(),
          sourceKey: 'a',
          occurredAt: new Date('2026-11-20T10:00:00Z'),
        });
      }
      for (const day of ['2026-11-20', '2026-11-21', '2026-11-21']) {
        xp.queue(tx, {
          userId: ann.id,
          ruleCode: 'lesson_completed',
          sourceEventId: `${lessonKey}-${day}`,
          sourceKey: day,
          occurredAt: new Date(`${day}T09:00:00Z`),
        });
      }
      xp.queue(tx, {
        userId: ben.id,
        ruleCode: 'group_joined',
        sourceEventId: 'g',
        sourceKey: 'g',
        occurredAt: new Date('2026-11-20T10:00:00Z'),
      });
      // nothing is written before the commit
      expect((await tx.query('SELECT count(*)::int AS n FROM xp_ledger WHERE user_id = $1', [ann.id]))[0].n).toBe(0);
    });
    expect([await xpOf(ann.id, 'answer_upvoted'), await xpOf(ann.id, 'lesson_completed'), await xpOf(ann.id, 'daily_activity')]).toEqual([
      50, 20, 10,
    ]);
    expect(await me(ann)).toMatchObject({ total_xp: 80, longest_streak: 2, last_active_day: '2026-11-21' });
    expect((await me(ben)).total_xp).toBe(15);

    await expect(
      uow.run(async (tx) => {
        xp.queue(tx, { userId: ben.id, ruleCode: 'lesson_completed', sourceEventId: randomUUID(), sourceKey: 'x', occurredAt: new Date() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await uow.run(async () => undefined);
    expect((await me(ben)).total_xp).toBe(15);
  });
});

describe('a burst applied several transactions at once', () => {
  it('comes out as one by one: each lesson once, one day bonus, caps held, stats and period totals equal to the ledger', async () => {
    const people = await Promise.all([h.user(), h.user(), h.user()]);
    const day = NOW;
    // 60 lessons and 20 upvotes each, all published before any is applied: the consumers take them in full batches, three at a time
    for (let i = 0; i < 60; i++) for (const p of people) await h.publish(catalogEvents.lessonCompleted, lesson(p.id, day));
    for (let i = 0; i < 20; i++) for (const p of people) await h.publish(communityEvents.answerUpvoted, upvote(p.id, randomUUID(), day));
    for (const p of people) await rows(p.id, 60 + 20 + 1);
    await h.idle(catalogEvents.lessonCompleted);
    await h.idle(communityEvents.answerUpvoted);
    for (const p of people) {
      expect(await xpOf(p.id, 'lesson_completed')).toBe(600);
      expect(await xpOf(p.id, 'daily_activity')).toBe(5);
      // the 50 XP cap of a day's upvotes, whichever transactions they fell in
      expect(await xpOf(p.id, 'answer_upvoted')).toBe(50);
      expect(await me(p)).toMatchObject({ total_xp: 655, current_streak: 1 });
      const totals = (await h.ds.query(`SELECT period, xp FROM xp_period_totals WHERE user_id = $1 ORDER BY period`, [p.id])) as Array<{
        period: string;
        xp: number;
      }>;
      expect(totals).toEqual([
        { period: 'all', xp: 655 },
        { period: 'month', xp: 655 },
        { period: 'week', xp: 655 },
      ]);
    }
  }, 60_000);
});

describe('daily caps', () => {
  it('upvotes received earn at most 50 XP a day; the rest are kept at 0 XP, and the next day earns again', async () => {
    const ann = await h.user();
    const day1 = '2026-11-20T10:00:00Z';
    for (let i = 0; i < 12; i++) await h.publish(communityEvents.answerUpvoted, upvote(ann.id, randomUUID(), day1));
    await h.publish(communityEvents.answerUpvoted, upvote(ann.id, randomUUID(), '2026-11-21T10:00:00Z'));
    await rows(ann.id, 13);
    const upvotes = (await ledger(ann.id)).filter((r) => r.rule_code === 'answer_upvoted');
    // the twelve share one moment (and often one transaction), so which two were capped is not an order to test: how many is
    const day1Xp = upvotes.filter((r) => r.day === '2026-11-20').map((r) => r.xp);
    expect(day1Xp.sort((a, b) => b - a)).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 0]);
    expect(upvotes.filter((r) => r.day === '2026-11-21').map((r) => r.xp)).toEqual([5]);
    // upvotes are others' doing: they earn no day bonus and make no streak
    expect(await xpOf(ann.id, 'daily_activity')).toBe(0);
  });

  it('groups joined earn at most 30 XP a day', async () => {
    const ann = await h.user();
    for (let i = 0; i < 4; i++) {
      await h.publish(communityEvents.groupJoined, {
        v: 1,
        group_id: randomUUID(),
        user_id: ann.id,
        role: 'member',
        via: 'joined',
        joined_at: NOW,
      });
    }
    await rows(ann.id, 5);
    expect([await xpOf(ann.id, 'group_joined'), await xpOf(ann.id, 'daily_activity')]).toEqual([30, 5]);
  });
});

describe('reversals', () => {
  it('an unaccepted answer takes its 25 XP back once; accepted again, it earns again', async () => {
    const ann = await h.user();
    const answerId = randomUUID();
    const accepted = (at: string) => ({
      v: 1 as const,
      answer_id: answerId,
      question_id: randomUUID(),
      answer_author_id: ann.id,
      accepted_by: randomUUID(),
      accepted_at: at,
    });
    const unaccepted = {
      v: 1 as const,
      answer_id: answerId,
      question_id: randomUUID(),
      answer_author_id: ann.id,
      reason: 'another_accepted' as const,
      unaccepted_at: '2026-11-20T10:00:10Z',
    };
    await h.publish(communityEvents.answerAccepted, accepted('2026-11-20T10:00:00Z'));
    await rows(ann.id, 1);
    const id = await h.publish(communityEvents.answerUnaccepted, unaccepted);
    await rows(ann.id, 2);
    await h.redeliver(id, communityEvents.answerUnaccepted, unaccepted);
    await h.publish(communityEvents.answerUnaccepted, { ...unaccepted, reason: 'question_deleted', unaccepted_at: '2026-11-20T10:00:20Z' });
    await drained(communityEvents.answerAccepted, (m) =>
      h.publish(communityEvents.answerAccepted, { ...accepted(NOW), answer_id: randomUUID(), answer_author_id: m }),
    );
    const l = await ledger(ann.id);
    expect(l.map((r) => r.xp)).toEqual([25, -25]);
    expect(l[1]!.reverses).not.toBeNull();
    expect((await me(ann)).total_xp).toBe(0);
    // accepted again later: it earns again (a second unacceptance that found nothing held no claim on it: it came before)
    await h.publish(communityEvents.answerAccepted, accepted('2026-11-20T10:00:30Z'));
    await rows(ann.id, 3);
    expect((await me(ann)).total_xp).toBe(25);
  });

  it("a refunded course purchase takes back that course's lesson and completion XP, no other course's", async () => {
    const ann = await h.user();
    const [courseA, courseB] = [randomUUID(), randomUUID()];
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW, courseA));
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW, courseA));
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW, courseB));
    await h.publish(catalogEvents.courseCompleted, courseDone(ann.id, courseA, NOW));
    await rows(ann.id, 5);
    expect((await me(ann)).total_xp).toBe(135);
    const refund = (itemType: 'course' | 'session', itemId: string) => ({
      v: 1 as const,
      payment_id: randomUUID(),
      user_id: ann.id,
      item_type: itemType,
      item_id: itemId,
      amount: 10,
      amount_minor: 1000,
      currency: 'USD',
      payment_method: 'wallet',
      refund_id: randomUUID(),
      reason: 'requested',
      refunded_at: NOW,
    });
    await h.publish(billingEvents.paymentRefunded, refund('session', randomUUID()));
    const r = refund('course', courseA);
    const id = await h.publish(billingEvents.paymentRefunded, r);
    await rows(ann.id, 8);
    await h.redeliver(id, billingEvents.paymentRefunded, r);
    await drained(billingEvents.paymentRefunded, async (m) => {
      await h.publish(catalogEvents.lessonCompleted, lesson(m, NOW, courseA));
      await h.waitFor(async () => (await ledger(m)).length > 0);
      await h.publish(billingEvents.paymentRefunded, { ...refund('course', courseA), user_id: m });
    });
    // the day bonus stays (the learner did show up), and so does course B's lesson
    expect(await me(ann)).toMatchObject({ total_xp: 15 });
    expect([await xpOf(ann.id, 'lesson_completed'), await xpOf(ann.id, 'course_completed')]).toEqual([10, 0]);
    expect(
      (await ledger(ann.id))
        .filter((x) => x.xp < 0)
        .map((x) => x.xp)
        .sort(),
    ).toEqual([-10, -10, -100]);
  });
});

describe('reversals applied before their award (each event type has its own consumer)', () => {
  it('an unacceptance that arrives first takes back the acceptance that occurred before it, and only that one', async () => {
    const ann = await h.user();
    const answerId = randomUUID();
    const at = (s: string) => `2026-11-20T10:00:${s}Z`;
    await h.publish(communityEvents.answerUnaccepted, {
      v: 1,
      answer_id: answerId,
      question_id: randomUUID(),
      answer_author_id: ann.id,
      reason: 'another_accepted',
      unaccepted_at: at('10'),
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM xp_held_reversals WHERE user_id = $1', [ann.id])).length > 0);
    const accepted = (when: string) => ({
      v: 1 as const,
      answer_id: answerId,
      question_id: randomUUID(),
      answer_author_id: ann.id,
      accepted_by: randomUUID(),
      accepted_at: when,
    });
    await h.publish(communityEvents.answerAccepted, accepted(at('05')));
    await rows(ann.id, 2);
    expect((await ledger(ann.id)).map((r) => r.xp)).toEqual([25, -25]);
    expect((await me(ann)).total_xp).toBe(0);
    // accepted again after that: it stands
    await h.publish(communityEvents.answerAccepted, accepted(at('20')));
    await rows(ann.id, 3);
    expect((await me(ann)).total_xp).toBe(25);
  });

  it("a refund that arrives first takes back the course's lessons completed before it, not those after", async () => {
    const ann = await h.user();
    const course = randomUUID();
    await h.publish(billingEvents.paymentRefunded, {
      v: 1,
      payment_id: randomUUID(),
      user_id: ann.id,
      item_type: 'course',
      item_id: course,
      amount: 10,
      amount_minor: 1000,
      currency: 'USD',
      payment_method: 'wallet',
      refund_id: randomUUID(),
      reason: 'requested',
      refunded_at: '2026-11-20T12:00:00Z',
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM xp_held_reversals WHERE user_id = $1', [ann.id])).length > 0);
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, '2026-11-20T09:00:00Z', course));
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, '2026-11-20T10:00:00Z', course));
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, '2026-11-21T09:00:00Z', course));
    await rows(ann.id, 7);
    expect(await xpOf(ann.id, 'lesson_completed')).toBe(10);
    expect((await me(ann)).total_xp).toBe(20);
  });
});

describe('streaks in the user’s own time zone', () => {
  it('counts New York days across midnight and the November DST change, and joins runs when a late day arrives', async () => {
    const ann = await h.user();
    expect(await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'America/New_York' } }, ann.caller)).toEqual({
      hide_from_leaderboards: false,
      time_zone: 'America/New_York',
      time_zone_set: true,
      study_reminder_hour: 18,
    });
    // 23:30 EDT on Oct 30 (already Oct 31 in UTC), Oct 31 midday, 23:30 EST on Nov 1 after the clocks went back (Nov 2 in UTC)
    for (const at of ['2026-10-31T03:30:00Z', '2026-10-31T15:00:00Z', '2026-11-02T04:30:00Z']) {
      await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, at));
    }
    await rows(ann.id, 6);
    const days = (await h.ds.query('SELECT day::text AS day FROM activity_days WHERE user_id = $1 ORDER BY day', [ann.id])) as Array<{
      day: string;
    }>;
    expect(days.map((d) => d.day)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    expect(await me(ann)).toMatchObject({ longest_streak: 3, last_active_day: '2026-11-01' });
    expect(await xpOf(ann.id, 'daily_activity')).toBe(15);

    // Nov 3 restarts nothing (a gap of Nov 2), then Nov 2 arrives late and joins the runs: 5 days
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, '2026-11-03T20:00:00Z'));
    await rows(ann.id, 8);
    expect((await me(ann)).longest_streak).toBe(3);
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, '2026-11-02T20:00:00Z'));
    await rows(ann.id, 10);
    const s = (await h.ds.query('SELECT current_streak, longest_streak, last_active_day::text AS last FROM user_stats WHERE user_id = $1', [
      ann.id,
    ])) as Array<{ current_streak: number; longest_streak: number; last: string }>;
    expect(s[0]).toEqual({ current_streak: 5, longest_streak: 5, last: '2026-11-03' });
    // read weeks later, the run has ended: the current streak shows 0, the longest stays
    expect(await me(ann)).toMatchObject({ current_streak: 0, longest_streak: 5 });
  });

  it('counts the March DST change (a 23-hour day) as one day', async () => {
    const ann = await h.user();
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'America/New_York' } }, ann.caller);
    // Mar 13 23:00 EST, Mar 14 23:30 EDT (clocks went forward at 02:00), Mar 15 00:30 EDT
    for (const at of ['2027-03-14T04:00:00Z', '2027-03-15T03:30:00Z', '2027-03-15T04:30:00Z']) {
      await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, at));
    }
    await rows(ann.id, 6);
    expect(await me(ann)).toMatchObject({ longest_streak: 3, last_active_day: '2027-03-15' });
  });
});

describe('levels and badges', () => {
  it('announces a level once, even when XP taken back and earned again reaches it a second time', async () => {
    const ann = await h.user();
    const [c1, c2] = [randomUUID(), randomUUID()];
    await h.publish(catalogEvents.courseCompleted, courseDone(ann.id, c1, NOW));
    await rows(ann.id, 2);
    expect((await me(ann)).level).toEqual({ level: 2, level_xp: 100, next_level_xp: 300, progress: 5 / 200 });
    await h.publish(billingEvents.paymentRefunded, {
      v: 1,
      payment_id: randomUUID(),
      user_id: ann.id,
      item_type: 'course',
      item_id: c1,
      amount: 10,
      amount_minor: 1000,
      currency: 'USD',
      payment_method: 'wallet',
      refund_id: randomUUID(),
      reason: 'requested',
      refunded_at: NOW,
    });
    await rows(ann.id, 3);
    expect((await me(ann)).level.level).toBe(1);
    await h.publish(catalogEvents.courseCompleted, courseDone(ann.id, c2, NOW));
    await rows(ann.id, 4);
    expect((await me(ann)).level.level).toBe(2);
    const levels = (await h.outbox('gamification.level.reached')).filter((e) => e.payload.user_id === ann.id);
    expect(levels.map((e) => [e.payload.level, e.payload.total_xp])).toEqual([[2, 105]]);
  });

  it('awards a badge once, announced once, and keeps it when its XP is taken back', async () => {
    const ann = await h.user();
    const course = randomUUID();
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW, course));
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW, course));
    await rows(ann.id, 3);
    await h.publish(billingEvents.paymentRefunded, {
      v: 1,
      payment_id: randomUUID(),
      user_id: ann.id,
      item_type: 'course',
      item_id: course,
      amount: 10,
      amount_minor: 1000,
      currency: 'USD',
      payment_method: 'wallet',
      refund_id: randomUUID(),
      reason: 'requested',
      refunded_at: NOW,
    });
    await rows(ann.id, 5);
    expect(await xpOf(ann.id, 'lesson_completed')).toBe(0);
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW));
    await rows(ann.id, 6);
    const earned = (await h.outbox('gamification.badge.earned')).filter((e) => e.payload.user_id === ann.id);
    expect(earned.map((e) => [e.payload.badge_code, e.payload.badge_name, e.payload.icon])).toEqual([
      ['first_lesson', 'First Steps', 'book-open'],
    ]);
    const catalogue = await h.call(gamificationRoutes.badges, {}, ann.caller);
    expect(catalogue.find((b) => b.code === 'first_lesson')).toMatchObject({
      earned_at: expect.any(String),
      criteria: '1 lesson completed',
    });
    expect(catalogue.find((b) => b.code === 'streak_7')).toMatchObject({ earned_at: null, criteria: 'A 7-day streak' });
    expect((await me(ann)).badges.map((b) => b.code)).toEqual(['first_lesson']);
  });

  it('earns Helpful at 25 upvotes received, counting those past the daily cap', async () => {
    const ann = await h.user();
    for (let i = 0; i < 25; i++) await h.publish(communityEvents.answerUpvoted, upvote(ann.id, randomUUID(), NOW));
    await rows(ann.id, 25);
    await h.waitFor(async () => (await me(ann)).badges.some((b) => b.code === 'helpful_upvotes_25'));
    expect(await xpOf(ann.id)).toBe(50);
  });
});

describe('the caller’s standing and settings', () => {
  it('answers level 1 and zeros to someone without XP, with the platform time zone unset', async () => {
    const ann = await h.user();
    expect(await me(ann)).toEqual({
      user_id: ann.id,
      total_xp: 0,
      xp_this_week: 0,
      level: { level: 1, level_xp: 0, next_level_xp: 100, progress: 0 },
      current_streak: 0,
      longest_streak: 0,
      last_active_day: null,
      badges: [],
      settings: { hide_from_leaderboards: false, time_zone: 'Africa/Addis_Ababa', time_zone_set: false, study_reminder_hour: 18 },
    });
  });

  it('refuses an unknown time zone and an empty change (400), and a call without a caller (401)', async () => {
    const ann = await h.user();
    const e = await expectAppError(
      h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'Mars/Olympus' } }, ann.caller),
      400,
      'VALIDATION_FAILED',
    );
    expect(e.errors).toEqual([expect.objectContaining({ path: 'time_zone', message: 'Unknown time zone' })]);
    await expectAppError(h.call(gamificationRoutes.updateSettings, { body: {} }, ann.caller), 400, 'VALIDATION_FAILED');
    await expectAppError(h.call(gamificationRoutes.me, {}, null), 401, 'UNAUTHENTICATED');
    expect((await me(ann)).settings.time_zone_set).toBe(false);
  });

  it('hides the caller from boards and keeps the time zone when only hiding changes', async () => {
    const ann = await h.user();
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'Asia/Tokyo' } }, ann.caller);
    expect(await h.call(gamificationRoutes.updateSettings, { body: { hide_from_leaderboards: true } }, ann.caller)).toEqual({
      hide_from_leaderboards: true,
      time_zone: 'Asia/Tokyo',
      time_zone_set: true,
      study_reminder_hour: 18,
    });
  });

  it("answers its part of a person's data export: stats, badges and the ledger", async () => {
    const ann = await h.user();
    await h.publish(catalogEvents.lessonCompleted, lesson(ann.id, NOW));
    await rows(ann.id, 2);
    const reply = await h.client.request<{ service: string; data: { xp_ledger: Array<{ rule: string; xp: number }>; badges: unknown[] } }>(
      systemSubjects.exportUserData('gamification'),
      { user_id: ann.id },
    );
    expect(reply.data.xp_ledger.map((l) => [l.rule, l.xp]).sort()).toEqual([
      ['daily_activity', 5],
      ['lesson_completed', 10],
    ]);
    expect(reply.data.badges).toHaveLength(1);
  });
});

describe('admin views', () => {
  it('lists the rules and the badges with how many earned each, to admins only', async () => {
    const [admin, learner, winner] = await Promise.all([h.user('admin'), h.user(), h.user()]);
    await expectAppError(h.call(gamificationRoutes.adminRules, {}, learner.caller), 403, 'FORBIDDEN');
    await expectAppError(h.call(gamificationRoutes.adminBadges, {}, learner.caller), 403, 'FORBIDDEN');
    const rules = await h.call(gamificationRoutes.adminRules, {}, admin.caller);
    expect(rules).toHaveLength(13);
    expect(rules.find((r) => r.code === 'answer_upvoted')).toMatchObject({
      event: 'community.answer.upvoted',
      xp: 5,
      daily_cap: 50,
      counts_as_activity: false,
    });
    expect(rules.find((r) => r.code === 'answer_accepted')).toMatchObject({ reversed_by: 'community.answer.unaccepted' });
    const before = (await h.call(gamificationRoutes.adminBadges, {}, admin.caller)).find((b) => b.code === 'first_course')!.awarded;
    await h.publish(catalogEvents.courseCompleted, courseDone(winner.id, randomUUID(), NOW));
    await rows(winner.id, 2);
    const badges = await h.call(gamificationRoutes.adminBadges, {}, admin.caller);
    expect(badges.map((b) => b.code)).toEqual([
      'first_lesson',
      'first_course',
      'quiz_perfect',
      'streak_7',
      'streak_30',
      'first_mentoring',
      'accepted_10',
      'helpful_upvotes_25',
      'level_5',
      'level_10',
    ]);
    expect(badges.find((b) => b.code === 'first_course')).toMatchObject({ awarded: before + 1, criteria: '1 course completed' });
  });
});
