/**
 * Badge criteria are data (badge_definitions.criteria, jsonb), judged by one function over a
 * user's counts: how many awards of each rule they hold (reversals taken off), their longest
 * streak and their level.
 */
export type BadgeCriteria =
  { kind: 'count'; rules: string[]; at_least: number } | { kind: 'streak'; at_least: number } | { kind: 'level'; at_least: number };

export interface UserCounts {
  /** awards held per rule code: awards minus the reversals of them */
  rules: Readonly<Record<string, number>>;
  longestStreak: number;
  level: number;
}

export function meets(c: BadgeCriteria, u: UserCounts): boolean {
  switch (c.kind) {
    case 'count':
      return c.rules.reduce((n, rule) => n + (u.rules[rule] ?? 0), 0) >= c.at_least;
    case 'streak':
      return u.longestStreak >= c.at_least;
    case 'level':
      return u.level >= c.at_least;
    default:
      // a criteria kind this code does not know (a newer row) earns nothing rather than everything
      return false;
  }
}

const RULE_NOUNS: Record<string, [string, string]> = {
  lesson_completed: ['lesson completed', 'lessons completed'],
  course_completed: ['course completed', 'courses completed'],
  quiz_passed_first: ['quiz passed', 'quizzes passed'],
  perfect_score: ['perfect score', 'perfect scores'],
  assignment_on_time: ['assignment handed in on time', 'assignments handed in on time'],
  mentoring_session_learner: ['mentoring session', 'mentoring sessions'],
  mentoring_session_mentor: ['mentoring session', 'mentoring sessions'],
  answer_accepted: ['accepted answer', 'accepted answers'],
  answer_upvoted: ['upvote received', 'upvotes received'],
  group_joined: ['study group joined', 'study groups joined'],
};

/** The criteria in words, for the badge lists ("10 accepted answers", "A 7-day streak"). */
export function describeCriteria(c: BadgeCriteria): string {
  switch (c.kind) {
    case 'count': {
      const [one, many] = RULE_NOUNS[c.rules[0] ?? ''] ?? ['award', 'awards'];
      return `${c.at_least} ${c.at_least === 1 ? one : many}`;
    }
    case 'streak':
      return `A ${c.at_least}-day streak`;
    case 'level':
      return `Reach level ${c.at_least}`;
    default:
      return 'Unknown criteria';
  }
}
