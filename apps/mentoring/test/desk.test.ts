import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { billingInternal, mentoringInternal, mentoringRoutes, systemSubjects } from '@lp/contracts';
import { callInternal, expectAppError, startTestService, type TestService } from '@lp/testing';
import { BillingModule } from '../../billing/src/app.module.js';
import { slotAt, startHarness, type Harness, type U } from './support/mentoring-harness.js';

/** The mentor's dashboard against real sessions: analytics, business intelligence, mentee progress, notes, resources. */
let h: Harness;
let billing: TestService;
let mentor: U;
let ann: U;
let ben: U;
let done: string;
let upcoming: string;

const at = slotAt;
async function learner(name: string): Promise<U> {
  const l = await h.user('learner', name);
  await callInternal(h.client, billingInternal.seedWallet, {
    user_id: l.id,
    currency: 'USD',
    deposit_minor: 100_000,
    description: 'Test funds',
  });
  return l;
}
const book = (who: U, hours: number, title = 'Session') =>
  h.call(
    mentoringRoutes.bookSession,
    { body: { mentor_id: mentor.id, title, scheduled_at: at(hours), duration_minutes: 60 } as never },
    who,
  );
/** moves a booked session `daysAgo` into the past (keeping its length) */
const pastIt = (id: string, daysAgo: number) =>
  h.svc.ds.query(
    `UPDATE sessions SET starts_at = now() - make_interval(days => $2), ends_at = now() - make_interval(days => $2) + interval '60 minutes' WHERE id = $1`,
    [id, daysAgo],
  );

beforeAll(async () => {
  h = await startHarness();
  billing = await startTestService(BillingModule.create(h.env), h.env);
  mentor = await h.user('mentor', 'Desk Mentor');
  await h.call(
    mentoringRoutes.updateProfile,
    { body: { expertise_areas: ['Python'], hourly_rate: 40, timezone: 'UTC', bio: 'Short' } as never },
    mentor,
  );
  await h.call(
    mentoringRoutes.updateAvailability,
    { body: { timezone: 'UTC', slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '24:00' })) } },
    mentor,
  );
  [ann, ben] = [await learner('Ann Learner'), await learner('Ben Learner')];
  // Ann: two completed (one rated 5), Ben: one completed, one cancelled by him after paying (late: no refund), one upcoming
  const a1 = await book(ann, 5);
  const a2 = await book(ann, 7);
  const b1 = await book(ben, 9);
  const b2 = await book(ben, 11);
  upcoming = (await book(ben, 48)).id;
  await h.call(mentoringRoutes.cancelSession, { params: { id: b2.id }, body: {} }, ben);
  await pastIt(a1.id, 3);
  await pastIt(a2.id, 2);
  await pastIt(b1.id, 1);
  await pastIt(b2.id, 4);
  await callInternal(h.client, mentoringInternal.maintainSessions, {});
  await h.call(mentoringRoutes.rateSession, { params: { id: a1.id }, body: { rating: 5 } as never }, ann);
  done = a2.id;
}, 120_000);
afterAll(async () => {
  await billing?.stop();
  await h?.stop();
});

describe("the mentor's analytics", () => {
  it('counts the real sessions of the timeframe: completed, success rate, revenue, breakdown, active mentees, series', async () => {
    const a = await h.call(mentoringRoutes.analyticsOverview, { query: { timeframe: '30days' } as never }, mentor);
    expect(a.overview).toMatchObject({
      total_sessions: 3,
      total_earnings: { amount_minor: 12_000, currency: 'USD' },
      avg_rating: 5,
      active_mentees: 2,
      success_rate: 75,
    });
    expect(a.session_breakdown).toEqual({ completed: 3, cancelled: 1, no_show: 0, upcoming: 1 });
    expect(a.revenue.average_per_session.amount_minor).toBe(4000);
    expect(a.series.length).toBeGreaterThanOrEqual(4);
    const week = await h.call(mentoringRoutes.analyticsOverview, { query: { timeframe: '7days' } as never }, mentor);
    expect(week.series).toHaveLength(7);
    await expectAppError(
      h.call(mentoringRoutes.analyticsOverview, { query: { timeframe: '2weeks' } as never }, mentor),
      400,
      'VALIDATION_FAILED',
    );
    await expectAppError(h.call(mentoringRoutes.analyticsOverview, { query: {} as never }, ann), 403, 'FORBIDDEN');
  });

  it('business intelligence: pricing, demand, retention and the rules with their figures', async () => {
    const bi = await h.call(mentoringRoutes.businessIntelligence, { query: {} as never }, mentor);
    expect(bi.pricing_analysis.current_rates).toEqual([
      expect.objectContaining({ service: '1-hour session', bookings: 4, hourly_rate: expect.objectContaining({ amount_minor: 4000 }) }),
    ]);
    expect(bi.mentee_insights).toMatchObject({ total_mentees: 2, repeat_mentees: 2, retention_rate: 100 });
    expect(bi.growth_recommendations).toContainEqual(
      expect.objectContaining({ area: 'Profile', metric: 'Bio of 5 characters, 1 expertise area(s)' }),
    );
  });
});

describe("the mentor's desk", () => {
  it('lists mentees with sessions, hours and completion, and keeps a progress record per mentee', async () => {
    const before = await h.call(mentoringRoutes.menteesProgress, {}, mentor);
    expect(before.summary).toMatchObject({ total_mentees: 2, active_mentees: 2 });
    const annRow = before.mentees.find((m) => m.mentee_id === ann.id)!;
    expect(annRow).toMatchObject({
      name: 'Ann Learner',
      total_sessions: 2,
      completed_sessions: 2,
      total_hours: 2,
      completion_rate: 100,
      current_goals: [],
    });
    const saved = await h.call(
      mentoringRoutes.updateMenteeProgress,
      {
        params: { id: ann.id },
        body: {
          goals: ['Ship a portfolio', 'Pass the interview'],
          progress_notes: 'Steady',
          skills_developed: 'Python, testing, , python',
          areas_for_improvement: ['SQL'],
        } as never,
      },
      mentor,
    );
    expect(saved).toMatchObject({
      current_goals: ['Ship a portfolio', 'Pass the interview'],
      skills_developed: ['Python', 'testing', 'python'],
      areas_for_improvement: ['SQL'],
      progress_notes: 'Steady',
    });
    const stranger = await h.user('learner');
    await expectAppError(
      h.call(mentoringRoutes.updateMenteeProgress, { params: { id: stranger.id }, body: {} as never }, mentor),
      404,
      'NOT_YOUR_MENTEE',
    );
  });

  it('saves notes only on its own completed sessions, and replaces them on a second save', async () => {
    await expectAppError(h.call(mentoringRoutes.sessionNotes, { params: { id: done } }, mentor), 404, 'NOTES_NOT_FOUND');
    const body = {
      notes: 'Worked on recursion',
      action_items: ['Read chapter 3', 'Do 5 katas'],
      mentee_progress: 'Good',
      resources_shared: [{ name: 'Guide', url: 'https://example.com/guide' }],
    };
    expect(await h.call(mentoringRoutes.addSessionNotes, { params: { id: done }, body: body as never }, mentor)).toMatchObject({
      session_id: done,
      action_items: ['Read chapter 3', 'Do 5 katas'],
      resources_shared: [{ name: 'Guide', url: 'https://example.com/guide', type: 'document' }],
    });
    await h.call(mentoringRoutes.addSessionNotes, { params: { id: done }, body: { notes: 'Second thoughts' } as never }, mentor);
    expect(await h.call(mentoringRoutes.sessionNotes, { params: { id: done } }, mentor)).toMatchObject({
      notes: 'Second thoughts',
      action_items: [],
    });
    await expectAppError(
      h.call(mentoringRoutes.addSessionNotes, { params: { id: upcoming }, body: { notes: 'Too early' } as never }, mentor),
      422,
      'SESSION_NOT_COMPLETED',
    );
    const other = await h.user('mentor');
    await expectAppError(
      h.call(mentoringRoutes.addSessionNotes, { params: { id: done }, body: { notes: 'Not mine' } as never }, other),
      404,
      'SESSION_NOT_FOUND',
    );
    const e = await expectAppError(
      h.call(mentoringRoutes.addSessionNotes, { params: { id: done }, body: { notes: ' ' } as never }, mentor),
      400,
      'VALIDATION_FAILED',
    );
    expect(e.errors[0]).toMatchObject({ path: 'notes', message: 'Notes are required' });
  });

  it("keeps resources in the spec's four sections, refuses one with neither link nor content, deletes only its own", async () => {
    const doc = await h.call(
      mentoringRoutes.addResource,
      { body: { title: 'CV template', resource_type: 'template', url: 'https://example.com/cv', tags: ['career'] } as never },
      mentor,
    );
    await h.call(
      mentoringRoutes.addResource,
      { body: { title: 'Cheat sheet', resource_type: 'document', content: 'for x in y: ...' } as never },
      mentor,
    );
    const list = await h.call(mentoringRoutes.resources, {}, mentor);
    expect([list.templates.map((r) => r.title), list.documents.map((r) => r.title), list.videos, list.tools]).toEqual([
      ['CV template'],
      ['Cheat sheet'],
      [],
      [],
    ]);
    const e = await expectAppError(
      h.call(mentoringRoutes.addResource, { body: { title: 'Empty', resource_type: 'tool' } as never }, mentor),
      400,
      'VALIDATION_FAILED',
    );
    expect(e.errors[0]).toMatchObject({ path: 'url', message: 'Add a link or some content' });
    await expectAppError(
      h.call(mentoringRoutes.deleteResource, { params: { id: doc.id } }, await h.user('mentor')),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expect(await h.call(mentoringRoutes.deleteResource, { params: { id: doc.id } }, mentor)).toEqual({ message: 'Resource deleted' });
  });

  it("exports the mentor's notes, records, resources and sessions", async () => {
    const reply = await h.client.request<{ data: Record<string, unknown[]> }>(systemSubjects.exportUserData('mentoring'), {
      user_id: mentor.id,
    });
    expect(reply.data['session_notes']).toHaveLength(1);
    expect(reply.data['mentee_progress_records']).toHaveLength(1);
    expect(reply.data['sessions']!.length).toBe(5);
  });
});
