import type { z } from 'zod';
import { billingInternal, mentoringInternal, mentoringRoutes as r, toMinor, type Caller } from '@lp/contracts';
import { SeedError, demoUser, type DemoUser, type SeedContext, type Seeder } from '@lp/service-kit';

type Body<K extends keyof typeof r> = NonNullable<z.input<(typeof r)[K]['body']>>;

/** The demo mentor's profile and week (Addis Ababa time), and what the demo learner booked with her. */
export const demoMentorProfile: Body<'updateProfile'> & { timezone: string } = {
  bio: 'Software engineer and mentor: ten years of Python and web development, interview practice and career advice for people starting in tech.',
  expertise_areas: ['Python', 'Web development', 'Career advice', 'Interview prep'],
  hourly_rate: 45,
  currency: 'USD',
  experience_years: 10,
  languages: ['English', 'Amharic'],
  timezone: 'Africa/Addis_Ababa',
  is_accepting_bookings: true,
};
export const demoMentorWeek: Body<'updateAvailability'>['slots'] = [1, 2, 3, 4, 5]
  .map((weekday) => ({ weekday, start_time: '09:00', end_time: '17:00' }))
  .concat([{ weekday: 6, start_time: '10:00', end_time: '14:00' }]);
const demoResources: ReadonlyArray<Body<'addResource'>> = [
  {
    title: 'Interview preparation checklist',
    description: 'What to revise the week before a technical interview',
    resource_type: 'document',
    url: 'https://www.freecodecamp.org/news/coding-interviews-for-dummies-5e048933b82b/',
    tags: ['interviews'],
  },
  {
    title: 'Python tutorial',
    description: 'The official tutorial, the best first read',
    resource_type: 'tool',
    url: 'https://docs.python.org/3/tutorial/',
    tags: ['python'],
  },
];

/** Three more mentors, in other fields and price bands. */
export const demoExtraMentors: ReadonlyArray<{
  email: string;
  name: string;
  profile: Body<'updateProfile'> & { timezone: string; hourly_rate: number };
}> = [
  {
    email: 'mentor.data@learnhub.local',
    name: 'Dawit Data',
    profile: {
      bio: 'Data scientist: statistics, pandas and machine learning projects from idea to report.',
      expertise_areas: ['Data science', 'Machine learning', 'Statistics'],
      hourly_rate: 85,
      currency: 'USD',
      experience_years: 7,
      languages: ['English', 'Amharic'],
      timezone: 'Africa/Addis_Ababa',
      is_accepting_bookings: true,
    },
  },
  {
    email: 'mentor.design@learnhub.local',
    name: 'Sara Design',
    profile: {
      bio: 'Product designer: UX research, Figma and building a portfolio that gets interviews.',
      expertise_areas: ['UX design', 'Portfolio review'],
      hourly_rate: 30,
      currency: 'USD',
      experience_years: 5,
      languages: ['English'],
      timezone: 'Europe/London',
      is_accepting_bookings: true,
    },
  },
  {
    email: 'mentor.cloud@learnhub.local',
    name: 'Omar Cloud',
    profile: {
      bio: 'Cloud architect: AWS, Kubernetes and system design interviews.',
      expertise_areas: ['Cloud', 'Kubernetes', 'System design'],
      hourly_rate: 150,
      currency: 'USD',
      experience_years: 14,
      languages: ['English', 'Arabic'],
      timezone: 'Asia/Dubai',
      is_accepting_bookings: true,
    },
  },
];
/** Learners who book with the demo mentor (institution makes two of its students from them). */
const demoMentees: ReadonlyArray<{ email: string; name: string }> = [
  { email: 'learner.abel@learnhub.local', name: 'Abel Learner' },
  { email: 'learner.hana@learnhub.local', name: 'Hana Learner' },
];

/** A session booked ahead, then moved `daysAgo` into the past and completed by the maintenance sweep. */
interface PastSession {
  who: Caller;
  title: string;
  description: string;
  daysAgo: number;
  rating?: number;
  review?: string;
  noShow?: boolean;
}

/**
 * mentoring: the demo mentor's published profile, weekly schedule and resources, three more
 * mentors, and a history with the demo mentor: Lena (the demo learner) has a session held
 * two weeks ago (rated 5, with notes and a progress record), one held last week and not rated
 * yet, and one next week; Abel has one held (rated 4) and one he cancelled a day ahead; Hana
 * did not come to hers (no-show). Past sessions are booked as usual, then moved into the past
 * with the dev-only mentoring.seed.backdate-session and completed by the maintenance sweep.
 * Read first, so a second run changes nothing.
 */
async function seedMentoring(ctx: SeedContext): Promise<void> {
  const mentor = demoUser(ctx, 'mentor', 'mentoring');
  await seedMentorDesk(ctx, ctx.as(mentor, 'mentor'), demoMentorProfile);
  const resources = await ctx.call(r.resources, {}, ctx.as(mentor, 'mentor'));
  const have = new Set(
    Object.values(resources)
      .flat()
      .map((x) => x.title),
  );
  for (const res of demoResources) if (!have.has(res.title)) await ctx.call(r.addResource, { body: res }, ctx.as(mentor, 'mentor'));
  ctx.log(`mentoring: ${mentor.email} profile, week (Mon-Fri 09-17, Sat 10-14 Addis Ababa) and ${demoResources.length} resources`);

  for (const m of demoExtraMentors) await seedMentorDesk(ctx, ctx.as(await ctx.ensureUser({ ...m, role: 'mentor' }), 'mentor'), m.profile);
  ctx.log(
    `mentoring: ${demoExtraMentors.length} more mentors (${demoExtraMentors.map((m) => `${m.name} $${m.profile.hourly_rate}/h`).join(', ')})`,
  );

  const mentees: DemoUser[] = [];
  for (const m of demoMentees) mentees.push(await ctx.ensureUser({ ...m, role: 'learner' }));
  const { sessions } = await ctx.call(r.mySessions, { query: { limit: 100 } }, ctx.as(mentor, 'mentor'));
  if (sessions.length > 0) {
    ctx.log("mentoring: the demo mentor's sessions already there");
    return;
  }
  await seedSessions(ctx, mentor, mentees);
}

/** A mentor's published profile and week, unless they have one already. */
async function seedMentorDesk(ctx: SeedContext, who: Caller, profile: Body<'updateProfile'> & { timezone: string }): Promise<void> {
  if (!(await ctx.call(r.ownProfile, {}, who)).is_published) await ctx.call(r.updateProfile, { body: profile }, who);
  if ((await ctx.call(r.availability, {}, who)).slots.length === 0)
    await ctx.call(r.updateAvailability, { body: { timezone: profile.timezone, slots: demoMentorWeek } }, who);
}

async function seedSessions(ctx: SeedContext, mentor: DemoUser, mentees: DemoUser[]): Promise<void> {
  for (const m of mentees)
    await ctx.request(billingInternal.seedWallet, {
      user_id: m.id,
      currency: 'USD',
      deposit_minor: toMinor(200, 'USD'),
      description: 'Wallet top-up via M-Pesa',
    });
  const [abel, hana] = mentees as [DemoUser, DemoUser];
  const lena = demoUser(ctx, 'learner', 'mentoring');
  const asMentor = ctx.as(mentor, 'mentor');
  const lenaWho = ctx.as(lena, 'learner');
  const abelWho = ctx.as(abel, 'learner');
  const hanaWho = ctx.as(hana, 'learner');
  const { slots } = await ctx.call(r.freeSlots, { params: { userId: mentor.id }, query: { days: 21, duration_minutes: 60 } }, lenaWho);
  // distinct free times, each on its own day: past ones are booked ahead, then moved back
  const byDay = [...new Map(slots.map((x) => [x.start.slice(0, 10), x])).values()];
  if (byDay.length < 8) throw new SeedError('mentoring: the demo mentor has too few free days to book');
  const book = (who: Caller, slot: { start: string }, title: string, description: string) =>
    ctx.call(
      r.bookSession,
      { body: { mentor_id: mentor.id, title, description, scheduled_at: slot.start, duration_minutes: 60, payment_method: 'wallet' } },
      who,
    );
  const past: PastSession[] = [
    {
      who: lenaWho,
      title: 'Python code review',
      description: 'Going through my first Flask project',
      daysAgo: 15,
      rating: 5,
      review: 'Clear explanations and a useful plan for next steps.',
    },
    { who: lenaWho, title: 'Testing Flask apps', description: 'Writing my first tests', daysAgo: 8 },
    {
      who: abelWho,
      title: 'Career change into tech',
      description: 'From accounting to data analysis',
      daysAgo: 11,
      rating: 4,
      review: 'Practical advice.',
    },
    { who: hanaWho, title: 'Portfolio review', description: 'Two web projects', daysAgo: 6, noShow: true },
  ];
  const held: string[] = [];
  for (const [i, p] of past.entries()) {
    const booked = await book(p.who, byDay[i]!, p.title, p.description);
    await ctx.request(mentoringInternal.backdateSession, { session_id: booked.id, days_ago: p.daysAgo + i + 1 });
    if (p.noShow) await ctx.call(r.markNoShow, { params: { id: booked.id } }, asMentor);
    held.push(booked.id);
  }
  await ctx.request(mentoringInternal.maintainSessions, {});
  for (const [i, p] of past.entries())
    if (p.rating) await ctx.call(r.rateSession, { params: { id: held[i]! }, body: { rating: p.rating, review: p.review } }, p.who);
  await ctx.call(
    r.addSessionNotes,
    {
      params: { id: held[0]! },
      body: {
        notes: 'Reviewed the Flask project structure and tests.',
        action_items: ['Split routes into blueprints', 'Add tests for the login view'],
        mentee_progress: 'Good grasp of Python; needs practice with testing.',
      },
    },
    asMentor,
  );
  await ctx.call(
    r.updateMenteeProgress,
    {
      params: { id: lena.id },
      body: {
        goals: ['Deploy the Flask project', 'Write tests for every view'],
        progress_notes: 'Motivated and steady.',
        skills_developed: 'Python, Flask',
        areas_for_improvement: 'Testing',
        next_milestones: ['First pull request reviewed'],
      },
    },
    asMentor,
  );
  const upcoming = await book(lenaWho, byDay[6]!, 'Mock interview', 'Practice for a junior developer interview');
  // Abel cancels a session more than a day ahead: refunded in full
  const cancelled = await book(abelWho, byDay[7]!, 'Follow-up on the data analysis plan', '');
  await ctx.call(r.cancelSession, { params: { id: cancelled.id }, body: { reason: 'A work trip came up' } }, abelWho);
  ctx.log(
    `mentoring: ${mentor.email} sessions: 3 held (2 rated), 1 no-show, 1 cancelled with a refund, 1 on ${upcoming.session.scheduled_at} (${upcoming.status})`,
  );
}

export const seeder: Seeder = { area: 'mentoring', run: seedMentoring };
