import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The XP rules and badges as data, one row each (docs/gamification.md explains the numbers).
 * Later changes to them are migrations of their own (UPDATE), so every database agrees.
 */
const RULES: Array<
  [code: string, event: string, description: string, xp: number, cap: number | null, reversedBy: string | null, activity: boolean]
> = [
  ['lesson_completed', 'catalog.lesson.completed', 'A lesson or content item completed', 10, null, 'billing.payment.refunded', true],
  ['course_completed', 'catalog.course.completed', 'A course completed (100%)', 100, null, 'billing.payment.refunded', true],
  ['quiz_passed_first', 'assessment.quiz.passed', 'A quiz, exam or mock test passed for the first time', 25, null, null, true],
  ['perfect_score', 'assessment.quiz.passed', 'A first pass with a score of 100%', 25, null, null, true],
  [
    'assignment_on_time',
    'assessment.submission.graded',
    'An assignment graded that was handed in on time (not on a regrade)',
    20,
    null,
    null,
    true,
  ],
  ['mentoring_session_learner', 'mentoring.session.completed', 'A mentoring session completed, as its learner', 30, null, null, true],
  ['mentoring_session_mentor', 'mentoring.session.completed', 'A mentoring session completed, as its mentor', 30, null, null, true],
  [
    'answer_accepted',
    'community.answer.accepted',
    "An answer of yours accepted by the question's author",
    25,
    null,
    'community.answer.unaccepted',
    false,
  ],
  ['answer_upvoted', 'community.answer.upvoted', 'An upvote on an answer of yours', 5, 50, null, false],
  ['group_joined', 'community.group.joined', 'A study group joined or created', 10, 30, null, true],
  ['daily_activity', 'daily_activity', 'The first qualifying activity of your day', 5, null, null, false],
  ['referral_referrer', 'referral', 'Someone you referred completed their first lesson', 100, null, null, false],
  ['referral_referred', 'referral', 'You joined through a referral and completed your first lesson', 50, null, null, false],
];

const BADGES: Array<[code: string, name: string, description: string, icon: string, criteria: object, sort: number]> = [
  [
    'first_lesson',
    'First Steps',
    'Completed your first lesson',
    'book-open',
    { kind: 'count', rules: ['lesson_completed'], at_least: 1 },
    10,
  ],
  [
    'first_course',
    'Course Finisher',
    'Completed your first course',
    'graduation-cap',
    { kind: 'count', rules: ['course_completed'], at_least: 1 },
    20,
  ],
  [
    'quiz_perfect',
    'Perfectionist',
    'Passed an assessment with a perfect score',
    'target',
    { kind: 'count', rules: ['perfect_score'], at_least: 1 },
    30,
  ],
  ['streak_7', 'On Fire', 'Kept a 7-day streak', 'flame', { kind: 'streak', at_least: 7 }, 40],
  ['streak_30', 'Unstoppable', 'Kept a 30-day streak', 'zap', { kind: 'streak', at_least: 30 }, 50],
  [
    'first_mentoring',
    'Mentoring Pioneer',
    'Completed your first mentoring session, as a learner or a mentor',
    'users',
    { kind: 'count', rules: ['mentoring_session_learner', 'mentoring_session_mentor'], at_least: 1 },
    60,
  ],
  [
    'accepted_10',
    'Problem Solver',
    'Had 10 answers accepted',
    'check-circle',
    { kind: 'count', rules: ['answer_accepted'], at_least: 10 },
    70,
  ],
  [
    'helpful_upvotes_25',
    'Helpful',
    'Received 25 upvotes on your answers',
    'thumbs-up',
    { kind: 'count', rules: ['answer_upvoted'], at_least: 25 },
    80,
  ],
  ['level_5', 'Rising Star', 'Reached level 5', 'star', { kind: 'level', at_least: 5 }, 90],
  ['level_10', 'Expert', 'Reached level 10', 'trophy', { kind: 'level', at_least: 10 }, 100],
];

export class XpRulesBadgesSeed1795800850058 implements MigrationInterface {
  name = 'XpRulesBadgesSeed1795800850058';

  async up(q: QueryRunner): Promise<void> {
    for (const [code, event, description, xp, cap, reversedBy, activity] of RULES) {
      await q.query(
        'INSERT INTO xp_rules (code, event, description, xp, daily_cap, reversed_by, counts_as_activity, active) VALUES ($1, $2, $3, $4, $5, $6, $7, true)',
        [code, event, description, xp, cap, reversedBy, activity],
      );
    }
    for (const [code, name, description, icon, criteria, sort] of BADGES) {
      await q.query(
        'INSERT INTO badge_definitions (code, name, description, icon, criteria, active, sort) VALUES ($1, $2, $3, $4, $5, true, $6)',
        [code, name, description, icon, JSON.stringify(criteria), sort],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM badge_definitions WHERE code = ANY($1)', [BADGES.map((b) => b[0])]);
    await q.query('DELETE FROM xp_rules WHERE code = ANY($1)', [RULES.map((r) => r[0])]);
  }
}
