import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mentoringRoutes, systemSubjects, type RouteRequest } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { startHarness, type Harness, type U } from './support/mentoring-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

type ProfileBody = RouteRequest<typeof mentoringRoutes.updateProfile>['body'];
const profile = (who: U, body: Partial<ProfileBody> = {}) =>
  h.call(
    mentoringRoutes.updateProfile,
    { body: { expertise_areas: ['Python'], hourly_rate: 40, timezone: 'Africa/Addis_Ababa', ...body } as ProfileBody },
    who,
  );
const list = (who: U, query: Partial<RouteRequest<typeof mentoringRoutes.listMentors>['query']> = {}) =>
  h.call(mentoringRoutes.listMentors, { query: query as never }, who);

describe('mentor profiles', () => {
  it('answers unpublished defaults before the first save, then the saved profile in minor units with its currency, and announces it', async () => {
    const mia = await h.user('mentor', 'Mia Mentor');
    expect(await h.call(mentoringRoutes.ownProfile, {}, mia)).toMatchObject({
      name: 'Mia Mentor',
      is_published: false,
      hourly_rate: { amount_minor: 0, currency: 'USD' },
      updated_at: null,
    });
    const saved = await profile(mia, {
      bio: ' Ten years of Python. ',
      expertise_areas: ['Python', ' Data ', 'Python'],
      hourly_rate: 45.5,
      experience_years: 10,
      languages: ['English', 'Amharic'],
    });
    expect(saved).toMatchObject({
      user_id: mia.id,
      name: 'Mia Mentor',
      bio: 'Ten years of Python.',
      expertise_areas: ['Python', 'Data'],
      hourly_rate: { amount: 45.5, amount_minor: 4550, currency: 'USD' },
      experience_years: 10,
      languages: ['English', 'Amharic'],
      timezone: 'Africa/Addis_Ababa',
      is_accepting_bookings: true,
      rating: 0,
      rating_count: 0,
      total_sessions: 0,
      is_published: true,
    });
    const learner = await h.user();
    expect(await h.call(mentoringRoutes.mentorProfile, { params: { userId: mia.id } }, learner)).toEqual(saved);
    const [event] = (await h.svc.ds.query(
      `SELECT payload FROM outbox WHERE name = 'mentoring.profile.updated' AND payload->>'mentor_id' = $1`,
      [mia.id],
    )) as Array<{ payload: unknown }>;
    expect(event?.payload).toMatchObject({ hourly_rate_minor: 4550, currency: 'USD', is_accepting_bookings: true });
  });

  it("answers 'Mentor not found' for an unknown id, a learner, and a mentor who has only saved a schedule", async () => {
    const [learner, quiet] = [await h.user(), await h.user('mentor')];
    await h.call(mentoringRoutes.updateAvailability, { body: { timezone: 'UTC', slots: [] } }, quiet);
    for (const userId of ['00000000-0000-4000-8000-000000000000', learner.id, quiet.id]) {
      const e = await expectAppError(h.call(mentoringRoutes.mentorProfile, { params: { userId } }, learner), 404, 'MENTOR_NOT_FOUND');
      expect(e.detail).toBe('Mentor not found');
    }
  });

  it('refuses bad input with every field named, and an unknown time zone', async () => {
    const mia = await h.user('mentor');
    const e = await expectAppError(
      h.call(
        mentoringRoutes.updateProfile,
        { body: { expertise_areas: [], hourly_rate: -1, timezone: 'Mars/Olympus', experience_years: 1.5 } as never },
        mia,
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(e.errors.map((x) => x.path).sort()).toEqual(['experience_years', 'expertise_areas', 'hourly_rate', 'timezone']);
    await expectAppError(
      h.call(mentoringRoutes.updateProfile, { body: { expertise_areas: ['x'], hourly_rate: 10.005, timezone: 'UTC' } as never }, mia),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('is edited by mentors only (403 for a learner, 401 without a caller)', async () => {
    await expectAppError(profile(await h.user()), 403, 'FORBIDDEN');
    await expectAppError(h.call(mentoringRoutes.ownProfile, {}, null), 401, 'UNAUTHENTICATED');
  });
});

describe('discovery', () => {
  let cheap: U, mid: U, dear: U, birr: U;
  beforeAll(async () => {
    [cheap, mid, dear, birr] = [
      await h.user('mentor', 'Zed Cheap'),
      await h.user('mentor', 'Ada Mid'),
      await h.user('mentor', 'Bo Dear'),
      await h.user('mentor', 'Eyob Birr'),
    ];
    await profile(cheap, { hourly_rate: 49.99, expertise_areas: ['Calculus'], bio: 'Maths tutor' });
    await profile(mid, { hourly_rate: 50, expertise_areas: ['React', 'TypeScript'] });
    await profile(dear, { hourly_rate: 100, expertise_areas: ['Machine learning'] });
    await profile(birr, { hourly_rate: 75, currency: 'ETB', expertise_areas: ['Python'] });
    // a rated mentor comes first
    await h.svc.ds.query('UPDATE mentor_profiles SET rating_total = 9, rating_count = 2 WHERE user_id = $1', [dear.id]);
  });
  const ids = (r: { mentors: Array<{ user_id: string }> }) => r.mentors.map((m) => m.user_id);

  it('reads the price bands in the chosen currency: under 50 / 50-100 / over 100, bounds as the spec says', async () => {
    const viewer = await h.user();
    expect(ids(await list(viewer, { price_band: 'under_50', search: 'Maths' }))).toEqual([cheap.id]);
    const band = ids(await list(viewer, { price_band: '50_100' }));
    expect(band).toContain(mid.id);
    expect(band).not.toContain(birr.id); // priced in birr: not in a dollar band
    expect(band).not.toContain(dear.id);
    expect(ids(await list(viewer, { price_band: 'over_100' }))).toContain(dear.id);
    expect(ids(await list(viewer, { price_band: '50_100', currency: 'ETB' }))).toEqual([birr.id]);
  });

  it('searches name, bio and expertise, filters an expertise case-insensitively, and puts the best rated first', async () => {
    const viewer = await h.user();
    expect(ids(await list(viewer, { search: 'ada mid' }))).toEqual([mid.id]);
    expect(ids(await list(viewer, { search: 'typescr' }))).toEqual([mid.id]);
    expect(ids(await list(viewer, { expertise: 'machine LEARNING' }))).toEqual([dear.id]);
    const all = await list(viewer, { limit: 100 });
    expect(all.mentors[0]).toMatchObject({ user_id: dear.id, rating: 4.5, rating_count: 2 });
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(ids(await list(viewer, { search: '100%_' }))).toEqual([]);
  });

  it('hides a mentor whose account is being deleted', async () => {
    const gone = await h.user('mentor');
    await profile(gone, { expertise_areas: ['Vanishing'] });
    await h.svc.ds.query(`UPDATE users SET deleted = true, name = 'Deleted user' WHERE id = $1`, [gone.id]);
    const viewer = await h.user();
    expect(ids(await list(viewer, { expertise: 'Vanishing' }))).toEqual([]);
    await expectAppError(h.call(mentoringRoutes.mentorProfile, { params: { userId: gone.id } }, viewer), 404, 'MENTOR_NOT_FOUND');
  });
});

describe('weekly schedule and time off', () => {
  it('replaces the schedule whole, in the time zone given, sorted, and keeps it apart from other mentors', async () => {
    const [mia, other] = [await h.user('mentor'), await h.user('mentor')];
    const slots = [
      { weekday: 3, start_time: '14:00', end_time: '17:30' },
      { weekday: 1, start_time: '09:00', end_time: '12:00' },
      { weekday: 1, start_time: '12:00', end_time: '13:00' },
    ];
    const saved = await h.call(mentoringRoutes.updateAvailability, { body: { timezone: 'America/New_York', slots } }, mia);
    expect(saved).toEqual({ timezone: 'America/New_York', slots: [slots[1], slots[2], slots[0]], time_off: [] });
    await h.call(
      mentoringRoutes.updateAvailability,
      { body: { timezone: 'UTC', slots: [{ weekday: 0, start_time: '08:00', end_time: '24:00' }] } },
      other,
    );
    expect(
      (await h.call(mentoringRoutes.updateAvailability, { body: { timezone: 'America/New_York', slots: [slots[0]!] } }, mia)).slots,
    ).toEqual([slots[0]]);
    expect((await h.call(mentoringRoutes.availability, {}, other)).slots).toEqual([{ weekday: 0, start_time: '08:00', end_time: '24:00' }]);
  });

  it('refuses overlapping slots of one day with the pair named (422) and keeps the schedule as it was; the database refuses them too', async () => {
    const mia = await h.user('mentor');
    await h.call(
      mentoringRoutes.updateAvailability,
      { body: { timezone: 'UTC', slots: [{ weekday: 2, start_time: '10:00', end_time: '11:00' }] } },
      mia,
    );
    const e = await expectAppError(
      h.call(
        mentoringRoutes.updateAvailability,
        {
          body: {
            timezone: 'UTC',
            slots: [
              { weekday: 1, start_time: '09:00', end_time: '12:00' },
              { weekday: 1, start_time: '11:00', end_time: '13:00' },
            ],
          },
        },
        mia,
      ),
      422,
      'SLOTS_OVERLAP',
    );
    expect(e.detail).toBe('Slots on Monday overlap: 09:00-12:00 and 11:00-13:00');
    expect((await h.call(mentoringRoutes.availability, {}, mia)).slots).toEqual([{ weekday: 2, start_time: '10:00', end_time: '11:00' }]);
    await expect(
      h.svc.ds.query(`INSERT INTO availability_slots (mentor_id, weekday, start_minute, end_minute) VALUES ($1, 2, 630, 700)`, [mia.id]),
    ).rejects.toMatchObject({
      driverError: expect.objectContaining({ code: '23P01', constraint: 'availability_slots_no_overlap' }),
    });
    const bad = await expectAppError(
      h.call(
        mentoringRoutes.updateAvailability,
        { body: { timezone: 'UTC', slots: [{ weekday: 7, start_time: '10:00', end_time: '09:00' }] } },
        mia,
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(bad.errors.map((x) => x.path).sort()).toEqual(['slots.0.end_time', 'slots.0.weekday']);
  });

  it('two saves of one schedule at once: one wins whole, never a mix', async () => {
    const mia = await h.user('mentor');
    const a = [
      { weekday: 1, start_time: '09:00', end_time: '10:00' },
      { weekday: 2, start_time: '09:00', end_time: '10:00' },
    ];
    const b = [
      { weekday: 1, start_time: '09:30', end_time: '11:00' },
      { weekday: 4, start_time: '15:00', end_time: '16:00' },
    ];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.call(mentoringRoutes.updateAvailability, { body: { timezone: 'UTC', slots: i % 2 ? a : b } }, mia),
      ),
    );
    expect([a, b]).toContainEqual((await h.call(mentoringRoutes.availability, {}, mia)).slots);
  });

  it('records time off (dates included, optionally every year), lists what is still to come, and removes only the own', async () => {
    const [mia, other] = [await h.user('mentor'), await h.user('mentor')];
    const off = await h.call(
      mentoringRoutes.requestTimeOff,
      { body: { start_date: '2099-12-24', end_date: '2099-12-26', reason: 'Holidays' } as never },
      mia,
    );
    expect(off).toMatchObject({ start_date: '2099-12-24', end_date: '2099-12-26', reason: 'Holidays', is_recurring: false });
    await h.call(
      mentoringRoutes.requestTimeOff,
      { body: { start_date: '2001-01-01', end_date: '2001-01-01', reason: 'Past', is_recurring: false } },
      mia,
    );
    await h.call(
      mentoringRoutes.requestTimeOff,
      { body: { start_date: '2001-09-11', end_date: '2001-09-11', reason: 'Every year', is_recurring: true } },
      mia,
    );
    expect((await h.call(mentoringRoutes.availability, {}, mia)).time_off.map((t) => t.reason)).toEqual(['Every year', 'Holidays']);
    const e = await expectAppError(
      h.call(mentoringRoutes.requestTimeOff, { body: { start_date: '2099-12-26', end_date: '2099-12-24', reason: ' ' } as never }, mia),
      400,
      'VALIDATION_FAILED',
    );
    expect(e.errors.map((x) => x.path).sort()).toEqual(['end_date', 'reason']);
    await expectAppError(h.call(mentoringRoutes.cancelTimeOff, { params: { id: off.id } }, other), 404, 'TIME_OFF_NOT_FOUND');
    expect(await h.call(mentoringRoutes.cancelTimeOff, { params: { id: off.id } }, mia)).toEqual({ message: 'Time off removed' });
    expect((await h.call(mentoringRoutes.availability, {}, mia)).time_off.map((t) => t.reason)).toEqual(['Every year']);
  });

  it("answers its part of a person's data export, and its health check", async () => {
    const mia = await h.user('mentor');
    await profile(mia, { bio: 'Exported' });
    await h.call(
      mentoringRoutes.updateAvailability,
      { body: { timezone: 'UTC', slots: [{ weekday: 5, start_time: '10:00', end_time: '11:00' }] } },
      mia,
    );
    const reply = await h.client.request<{ service: string; data: Record<string, unknown> }>(systemSubjects.exportUserData('mentoring'), {
      user_id: mia.id,
    });
    expect(reply).toMatchObject({
      service: 'mentoring',
      data: {
        mentor_profile: expect.objectContaining({ bio: 'Exported' }),
        weekly_schedule: [{ weekday: 5, start_time: '10:00', end_time: '11:00' }],
        time_off: [],
      },
    });
    expect(await h.client.request(systemSubjects.health('mentoring'), {})).toMatchObject({ service: 'mentoring', status: 'ok', db: true });
  });
});
