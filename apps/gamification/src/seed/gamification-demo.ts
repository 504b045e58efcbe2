import {
  PLATFORM_TIME_ZONE,
  catalogInternal,
  gamificationInternal,
  gamificationRoutes,
  identityRoutes,
  institutionRoutes,
  type Role,
} from '@lp/contracts';
import { DEMO_PASSWORD, SeedError, demoUser, type DemoUser, type SeedContext, type Seeder } from '@lp/service-kit';
import { addDays, localDate, startOfLocalDay } from '../modules/leaderboard/periods.js';

/**
 * Gamification's demo data for `npm start` and `npm run seed` (the seed driver loads this file's
 * compiled copy by path, after every other area): a leaderboard that looks alive. About fifty
 * generated learners and the demo accounts earn XP over the last three months through the one
 * award path (gamification.seed.xp -> XpLedgerService.award, backdated), so levels, streaks,
 * badges, weekly totals, leagues and boards are what real events would have made. The demo
 * learner ends in this week's top ten with a five-day streak and a few badges.
 *
 * Deterministic: the plan is drawn from a fixed seed per person, and each award's source id is
 * 'seed:<person>:<local day>:<n>', the ledger's unique key, so seeding twice adds nothing (a
 * seeding on a later day adds the days since, as a real learner would have).
 */

/** days of history before today */
export const HISTORY_DAYS = 90;
export const GENERATED_LEARNERS = 50;
/**
 * how many of them study at the demo institution: the demo learner's sign-in lands in its
 * portal, whose board ranks its members only, so that board needs people too
 */
export const INSTITUTION_LEARNERS = 20;
/** the demo learner's streak: active on each of the last STREAK_DAYS days, idle the day before */
export const DEMO_STREAK_DAYS = 5;

const FIRST = [
  'Abebe',
  'Hana',
  'Yonas',
  'Meron',
  'Samuel',
  'Liya',
  'Dawit',
  'Selam',
  'Kebede',
  'Tsion',
  'Elias',
  'Ruth',
  'Nahom',
  'Bethel',
  'Henok',
  'Saron',
  'Mikael',
  'Eden',
  'Yared',
  'Mahlet',
  'Amanuel',
  'Feven',
  'Biniam',
  'Rahel',
  'Kaleb',
];
const LAST = ['Tesfaye', 'Girma', 'Bekele', 'Alemu', 'Haile', 'Mengistu', 'Wolde', 'Tadesse', 'Assefa', 'Getachew'];

export interface PlannedAward {
  rule_code: string;
  source_id: string;
  source_key: string;
  occurred_at: string;
}

/** A small, fast, seedable generator (mulberry32): the same seed, the same plan. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How a person learns: how often they show up and how much they do on a day. */
export interface Habit {
  /** chance of being active on a day */
  activeChance: number;
  /** lessons on an active day, at most (and at least: 1 unless said) */
  maxLessons: number;
  minLessons?: number;
  /** days (counted back from today) on which they are active whatever the chance says, and days they are not */
  alwaysActive?: readonly number[];
  neverActive?: readonly number[];
  /** rules that happen now and then on an active day, with their chance */
  extras?: ReadonlyArray<{ rule: string; chance: number }>;
}

/**
 * One person's awards over the last HISTORY_DAYS days up to `now`, oldest first. Times of day
 * are spread through the platform's daytime so the board shows a believable week.
 */
export function planAwards(person: string, seed: number, habit: Habit, now: Date): PlannedAward[] {
  const next = random(seed);
  const today = localDate(now, PLATFORM_TIME_ZONE);
  const out: PlannedAward[] = [];
  for (let back = HISTORY_DAYS; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const roll = next();
    const active = habit.alwaysActive?.includes(back) || (roll < habit.activeChance && !habit.neverActive?.includes(back));
    if (!active || habit.neverActive?.includes(back)) continue;
    const dayStart = startOfLocalDay(day, PLATFORM_TIME_ZONE).getTime();
    // from 08:00, a few minutes apart; today's stop before now
    let at = dayStart + 8 * 3_600_000 + Math.floor(next() * 6 * 3_600_000);
    const events: string[] = [];
    const least = habit.minLessons ?? 1;
    const lessons = least + Math.floor(next() * (habit.maxLessons - least + 1));
    for (let i = 0; i < lessons; i += 1) events.push('lesson_completed');
    for (const extra of habit.extras ?? []) if (next() < extra.chance) events.push(extra.rule);
    events.forEach((rule, n) => {
      at += 7 * 60_000 + Math.floor(next() * 20 * 60_000);
      const when = Math.min(at, now.getTime() - (events.length - n) * 60_000);
      out.push({
        rule_code: rule,
        source_id: `seed:${person}:${day}:${n}`,
        source_key: `seed-${rule}-${person}-${day}-${n}`,
        occurred_at: new Date(when).toISOString(),
      });
    });
  }
  return out;
}

/** The demo learner: steady for months, a course finished, quizzes aced, and every one of the last five days active. */
export const demoLearnerHabit: Habit = {
  activeChance: 0.55,
  minLessons: 4,
  maxLessons: 7,
  alwaysActive: Array.from({ length: DEMO_STREAK_DAYS }, (_, i) => i),
  neverActive: [DEMO_STREAK_DAYS],
  extras: [
    { rule: 'quiz_passed_first', chance: 0.25 },
    { rule: 'perfect_score', chance: 0.1 },
    { rule: 'course_completed', chance: 0.03 },
    { rule: 'mentoring_session_learner', chance: 0.05 },
  ],
};

/** The generated learners: a few keen, most casual (a believable spread of levels). */
export function generatedHabit(index: number): Habit {
  const keen = index % 10 === 0;
  return {
    activeChance: keen ? 0.6 : 0.12 + (index % 7) * 0.06,
    maxLessons: keen ? 6 : 3,
    extras: [
      { rule: 'quiz_passed_first', chance: keen ? 0.2 : 0.08 },
      { rule: 'course_completed', chance: 0.01 },
    ],
  };
}

export function generatedLearner(index: number): { email: string; name: string } {
  const first = FIRST[index % FIRST.length]!;
  const last = LAST[(index * 7 + Math.floor(index / FIRST.length)) % LAST.length]!;
  return { email: `learner${String(index + 1).padStart(2, '0')}@gamification.learnhub.local`, name: `${first} ${last}` };
}

/** The other demo accounts that learn too (the admin is staff: never on a board). */
const OTHER_DEMO_HABITS: Partial<Record<Role, Habit>> = {
  instructor: { activeChance: 0.15, maxLessons: 2 },
  mentor: { activeChance: 0.2, maxLessons: 2, extras: [{ rule: 'mentoring_session_mentor', chance: 0.5 }] },
};

/** awards per call: one transaction each, well inside the seed's request timeout */
const BATCH = 100;

/**
 * Two people the demo learner referred, registered through identity with the learner's code as a
 * browser's ?ref= link would (so REFERRALS' consumer makes the pending referrals from the real
 * event). The first then completes a lesson of a demo course (catalog's real event), which
 * completes the referral and pays its reward; the second stays pending.
 */
export const DEMO_REFERRED = [
  { email: 'referred.friend@gamification.learnhub.local', name: 'Marta Referred', completes: true },
  { email: 'referred.pending@gamification.learnhub.local', name: 'Tomas Pending', completes: false },
] as const;
const REFERRAL_WAIT_MS = 15_000;

async function seedReferrals(ctx: SeedContext, learner: DemoUser): Promise<string> {
  const asLearner = ctx.as(learner, 'learner');
  const { code } = await ctx.call(gamificationRoutes.generateReferral, {}, asLearner);
  const course = Object.values(ctx.courses).sort((a, b) => a.price - b.price)[0];
  let registered = 0;
  for (const r of DEMO_REFERRED) {
    try {
      await ctx.call(
        identityRoutes.register,
        { body: { name: r.name, email: r.email, password: DEMO_PASSWORD, role: 'learner', ref: code } },
        null,
      );
      registered += 1;
    } catch (e) {
      // seeded before: the account (and its referral) exists
      if (!(e instanceof SeedError && e.code === 'EMAIL_TAKEN')) throw e;
    }
    if (!r.completes || !course) continue;
    const { id } = await ctx.ensureUser({ email: r.email, name: r.name, role: 'learner' });
    // the registration event must have made the referral before the lesson completes it
    const until = Date.now() + REFERRAL_WAIT_MS;
    while ((await ctx.call(gamificationRoutes.myReferrals, {}, asLearner)).referrals.length === 0 && Date.now() < until)
      await new Promise((done) => setTimeout(done, 300));
    await ctx.request(catalogInternal.ensureEnrollment, { course_id: course.id, user_id: id, completed_lessons: 1, review: null });
  }
  return `${registered} referred account(s) registered with ${learner.email}'s code ${code}`;
}

/**
 * The first generated learners join the demo institution as students the way anyone does: its
 * administrator invites them and each accepts (membership is by consent); members already
 * there are left alone.
 */
async function joinDemoInstitution(ctx: SeedContext, learners: readonly DemoUser[]): Promise<number> {
  const ada = demoUser(ctx, 'institution', 'gamification');
  const institution = await ctx.call(institutionRoutes.me, {}, ctx.as(ada, 'institution'));
  const as = ctx.as(ada, 'institution', institution.id);
  const { members } = await ctx.call(institutionRoutes.listMembers, { params: { id: institution.id }, query: {} }, as);
  const have = new Set(members.map((m) => m.user.email));
  let joined = 0;
  for (const learner of learners.filter((l) => !have.has(l.email))) {
    await ctx.call(
      institutionRoutes.addMember,
      { params: { id: institution.id }, body: { email: learner.email, member_type: 'student', create_account: false } },
      as,
    );
    const asLearner = ctx.as(learner, 'learner');
    const { invitations } = await ctx.call(institutionRoutes.myInvitations, {}, asLearner);
    const invitation = invitations.find((i) => i.institution_id === institution.id);
    if (!invitation) throw new SeedError(`gamification: no invitation of ${institution.name} reached ${learner.email}`);
    await ctx.call(institutionRoutes.acceptInvitation, { params: { invitationId: invitation.id } }, asLearner);
    joined += 1;
  }
  return joined;
}

async function apply(ctx: SeedContext, user: DemoUser, awards: PlannedAward[]): Promise<{ applied: number; xp: number }> {
  let applied = 0;
  let xp = 0;
  for (let i = 0; i < awards.length; i += BATCH) {
    const r = await ctx.request(gamificationInternal.seedXp, { user_id: user.id, awards: awards.slice(i, i + BATCH) });
    applied += r.applied;
    xp += r.xp;
  }
  return { applied, xp };
}

export const seeder: Seeder = {
  area: 'gamification',
  async run(ctx: SeedContext) {
    const now = new Date();
    const learner = demoUser(ctx, 'learner', 'gamification');
    let applied = 0;
    let people = 0;
    const learnerResult = await apply(ctx, learner, planAwards('demo-learner', 1, demoLearnerHabit, now));
    applied += learnerResult.applied;
    for (const [role, habit] of Object.entries(OTHER_DEMO_HABITS) as Array<[Role, Habit]>) {
      const user = ctx.users[role];
      if (!user) continue;
      applied += (await apply(ctx, user, planAwards(`demo-${role}`, 100 + role.length, habit, now))).applied;
      people += 1;
    }
    const students: DemoUser[] = [];
    for (let i = 0; i < GENERATED_LEARNERS; i += 1) {
      const user = await ctx.ensureUser({ ...generatedLearner(i), role: 'learner' });
      applied += (await apply(ctx, user, planAwards(`learner-${i + 1}`, 1000 + i, generatedHabit(i), now))).applied;
      people += 1;
      if (i < INSTITUTION_LEARNERS) students.push(user);
    }
    const joined = await joinDemoInstitution(ctx, students);
    if (joined) ctx.log(`gamification: ${joined} generated learner(s) joined the demo institution (its portal board)`);
    ctx.log(`gamification: ${applied} XP award(s) applied for ${people + 1} people (the demo learner ${learner.email} included)`);
    ctx.log(`gamification: ${await seedReferrals(ctx, learner)}`);
  },
};
