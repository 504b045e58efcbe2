import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { billingInternal, type MentorProfile, type MentoringSession } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Mentor profiles, discovery, the weekly schedule, time off, booking and the session
 * lifecycle through the gateway: the
 * route table maps them, the guards hold (401, 403), bad input is 400 with the fields named,
 * the rules answer 404 and 422, all in the error shape.
 */
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };

let stack: Stack;
let mentor: { token: string; user: { id: string } };
let learner: { token: string; user: { id: string } };

const register = async (role: 'mentor' | 'learner') => {
  const res = await stack.api<{ token: string; user: { id: string } }>('POST', '/auth/register', {
    body: { name: `Api ${role}`, email: uniqueEmail('mentoring'), password: 'secret-pass-1', role },
  });
  expect(res.status).toBe(201);
  return res.body;
};

beforeAll(async () => {
  stack = await startStack();
  [mentor, learner] = [await register('mentor'), await register('learner')];
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe('/api mentor profiles and discovery', () => {
  it('a mentor saves the profile; anyone signed in finds it by price band and reads it; the guards hold', async () => {
    const body = { bio: 'Python and data', expertise_areas: ['Python'], hourly_rate: 60, timezone: 'Europe/Berlin' };
    expect((await stack.api('PUT', '/mentor/profile', { body })).status).toBe(401);
    const forbidden = await stack.api<ErrorBody>('PUT', '/mentor/profile', { token: learner.token, body });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'FORBIDDEN']);
    const saved = await stack.api<MentorProfile>('PUT', '/mentor/profile', { token: mentor.token, body });
    expect([saved.status, saved.body.hourly_rate, saved.body.is_published]).toEqual([
      200,
      { amount: 60, amount_minor: 6000, currency: 'USD' },
      true,
    ]);
    const band = await stack.api<{ mentors: MentorProfile[]; total: number }>('GET', '/mentors?price_band=50_100&expertise=python', {
      token: learner.token,
    });
    expect(band.status).toBe(200);
    expect(band.body.mentors.map((m) => m.user_id)).toContain(mentor.user.id);
    const one = await stack.api<MentorProfile>('GET', `/mentors/profile/${mentor.user.id}`, { token: learner.token });
    expect([one.status, one.body.bio]).toEqual([200, 'Python and data']);
  });

  it('answers 400 with the fields named, 404 Mentor not found, in the error shape', async () => {
    const bad = await stack.api<ErrorBody>('PUT', '/mentor/profile', {
      token: mentor.token,
      body: { expertise_areas: [], hourly_rate: 'ten', timezone: 'Nowhere/Land' },
    });
    expect([bad.status, Object.keys(bad.body), bad.body.errors.map((e) => e.path).sort()]).toEqual([
      400,
      ['detail', 'code', 'errors'],
      ['expertise_areas', 'hourly_rate', 'timezone'],
    ]);
    const band = await stack.api<ErrorBody>('GET', '/mentors?price_band=cheap', { token: learner.token });
    expect([band.status, band.body.errors[0]?.path]).toEqual([400, 'query.price_band']);
    const missing = await stack.api<ErrorBody>('GET', `/mentors/profile/${learner.user.id}`, { token: learner.token });
    expect([missing.status, missing.body.code, missing.body.detail]).toEqual([404, 'MENTOR_NOT_FOUND', 'Mentor not found']);
    expect((await stack.api('GET', '/mentors/profile/not-an-id', { token: learner.token })).status).toBe(400);
    expect((await stack.api('GET', '/mentors')).status).toBe(401);
  });
});

describe('/api mentor availability', () => {
  it('saves the weekly schedule, refuses overlapping slots (422), records and removes time off', async () => {
    const slots = [{ weekday: 1, start_time: '09:00', end_time: '12:00' }];
    const saved = await stack.api<{ slots: unknown[] }>('PUT', '/mentor/availability', {
      token: mentor.token,
      body: { timezone: 'Europe/Berlin', slots },
    });
    expect([saved.status, saved.body.slots]).toEqual([200, slots]);
    const overlap = await stack.api<ErrorBody>('PUT', '/mentor/availability', {
      token: mentor.token,
      body: { timezone: 'UTC', slots: [...slots, { weekday: 1, start_time: '11:30', end_time: '13:00' }] },
    });
    expect([overlap.status, overlap.body.code, overlap.body.detail]).toEqual([
      422,
      'SLOTS_OVERLAP',
      'Slots on Monday overlap: 09:00-12:00 and 11:30-13:00',
    ]);
    expect((await stack.api('GET', '/mentor/availability', { token: learner.token })).status).toBe(403);
    const off = await stack.api<{ id: string }>('POST', '/mentor/time-off', {
      token: mentor.token,
      body: { start_date: '2099-01-01', end_date: '2099-01-02', reason: 'Travel', is_recurring: false },
    });
    expect(off.status).toBe(201);
    const badDates = await stack.api<ErrorBody>('POST', '/mentor/time-off', {
      token: mentor.token,
      body: { start_date: '2099-02-30', end_date: '2099-01-02', reason: 'x' },
    });
    expect([badDates.status, badDates.body.errors.map((e) => e.path)]).toEqual([400, ['start_date']]);
    expect((await stack.api('DELETE', `/mentor/time-off/${off.body.id}`, { token: mentor.token })).status).toBe(200);
    const again = await stack.api<ErrorBody>('DELETE', `/mentor/time-off/${off.body.id}`, { token: mentor.token });
    expect([again.status, again.body.code]).toEqual([404, 'TIME_OFF_NOT_FOUND']);
  });

  it('is reported on /api/health', async () => {
    const res = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
    expect(res.body.services.mentoring).toMatchObject({ status: 'ok' });
  });
});

describe('/api sessions', () => {
  type Booked = { id: string; status: string; checkout_url: string | null; session: MentoringSession };
  const HOUR = 3_600_000;
  /** a start on the half-hour grid at least `hours` ahead, away from midnight */
  const at = (hours: number) => {
    const d = new Date(Math.ceil((Date.now() + hours * HOUR) / 1_800_000) * 1_800_000);
    if (d.getUTCHours() >= 22) d.setUTCHours(26, 0, 0, 0);
    return d.toISOString();
  };
  let booker: { token: string; user: { id: string } };

  beforeAll(async () => {
    await stack.api('PUT', '/mentor/profile', {
      token: mentor.token,
      body: { expertise_areas: ['Python'], hourly_rate: 30, timezone: 'UTC' },
    });
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '24:00' }));
    expect((await stack.api('PUT', '/mentor/availability', { token: mentor.token, body: { timezone: 'UTC', slots: allDay } })).status).toBe(
      200,
    );
    booker = await register('learner');
    const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-mentoring-seed' });
    await new RpcClient(nc, stack.env.BUS_PREFIX!, 10_000).request(billingInternal.seedWallet.subject, {
      user_id: booker.user.id,
      currency: 'USD',
      deposit_minor: 20_000,
      description: 'API test funds',
    });
    await nc.drain();
  });

  it('offers free times, books with the wallet (201, confirmed), lists it, refuses the same time again (409) and the wrong people (401/403/404)', async () => {
    const slots = await stack.api<{ slots: Array<{ start: string }> }>(
      'GET',
      `/mentors/${mentor.user.id}/slots?days=3&duration_minutes=60`,
      { token: booker.token },
    );
    expect([slots.status, slots.body.slots.length > 10]).toEqual([200, true]);
    const when = at(30);
    const body = { mentor_id: mentor.user.id, title: 'Debugging help', scheduled_at: when, duration_minutes: 60 };
    const booked = await stack.api<Booked>('POST', '/sessions/book', { token: booker.token, body });
    expect([booked.status, booked.body.status, booked.body.session.total_amount.amount_minor, booked.body.session.meeting_link]).toEqual([
      201,
      'confirmed',
      3000,
      expect.stringContaining('learnhub-'),
    ]);
    const again = await stack.api<ErrorBody>('POST', '/sessions/book', { token: learner.token, body });
    expect([again.status, again.body.code]).toEqual([409, 'SLOT_TAKEN']);
    expect((await stack.api('POST', '/sessions/book', { body })).status).toBe(401);
    expect((await stack.api<ErrorBody>('POST', '/sessions/book', { token: mentor.token, body })).status).toBe(403);
    const mine = await stack.api<{ sessions: MentoringSession[] }>('GET', '/sessions/my?status=upcoming', { token: mentor.token });
    expect(mine.body.sessions.map((x) => x.id)).toContain(booked.body.id);
    expect((await stack.api<ErrorBody>('GET', `/sessions/${booked.body.id}`, { token: learner.token })).status).toBe(404);
    const badStatus = await stack.api<ErrorBody>('GET', '/sessions/my?status=later', { token: booker.token });
    expect([badStatus.status, badStatus.body.errors[0]?.path]).toEqual([400, 'query.status']);
  });

  it('answers 400 with the fields named and 422 for the rules, in the error shape', async () => {
    const bad = await stack.api<ErrorBody>('POST', '/sessions/book', {
      token: booker.token,
      body: { mentor_id: mentor.user.id, title: '', scheduled_at: 'tomorrow', duration_minutes: 45 },
    });
    expect([bad.status, bad.body.errors.map((e) => e.path).sort()]).toEqual([400, ['duration_minutes', 'scheduled_at', 'title']]);
    const soon = await stack.api<ErrorBody>('POST', '/sessions/book', {
      token: booker.token,
      body: { mentor_id: mentor.user.id, title: 'Now', scheduled_at: new Date(Date.now() + 60_000).toISOString(), duration_minutes: 30 },
    });
    expect([soon.status, soon.body.code]).toEqual([422, 'TOO_SOON']);
    const poor = await register('learner');
    const broke = await stack.api<ErrorBody>('POST', '/sessions/book', {
      token: poor.token,
      body: { mentor_id: mentor.user.id, title: 'No money', scheduled_at: at(40), duration_minutes: 30 },
    });
    expect([broke.status, broke.body.code, broke.body.detail]).toEqual([422, 'INSUFFICIENT_BALANCE', 'Insufficient balance']);
  });

  it('cancels with the refund rule, refuses rating an upcoming session, and marks no-shows only for the mentor', async () => {
    const booked = await stack.api<Booked>('POST', '/sessions/book', {
      token: booker.token,
      body: { mentor_id: mentor.user.id, title: 'To cancel', scheduled_at: at(60), duration_minutes: 30 },
    });
    expect(booked.status).toBe(201);
    const rate = await stack.api<ErrorBody>('POST', `/sessions/${booked.body.id}/rate`, { token: booker.token, body: { rating: 5 } });
    expect([rate.status, rate.body.code]).toEqual([422, 'SESSION_NOT_RATABLE']);
    expect((await stack.api('POST', `/sessions/${booked.body.id}/no-show`, { token: booker.token })).status).toBe(403);
    const early = await stack.api<ErrorBody>('POST', `/sessions/${booked.body.id}/no-show`, { token: mentor.token });
    expect([early.status, early.body.code]).toEqual([422, 'NOT_YET_STARTED']);
    const cancelled = await stack.api<MentoringSession>('POST', `/sessions/${booked.body.id}/cancel`, {
      token: booker.token,
      body: { reason: 'Clash' },
    });
    expect([cancelled.status, cancelled.body.status, cancelled.body.refunded_minor]).toEqual([200, 'cancelled', 1500]);
    const twice = await stack.api<ErrorBody>('POST', `/sessions/${booked.body.id}/cancel`, { token: booker.token, body: {} });
    expect([twice.status, twice.body.code]).toEqual([422, 'SESSION_NOT_CANCELLABLE']);
    expect(
      (await stack.api('POST', '/sessions/00000000-0000-4000-8000-000000000000/cancel', { token: booker.token, body: {} })).status,
    ).toBe(404);
  });
});

describe("/api the mentor's desk", () => {
  it('analytics and business intelligence for the mentor only, with the timeframe checked', async () => {
    const a = await stack.api<{ timeframe: string; series: unknown[] }>('GET', '/mentor/analytics/overview?timeframe=7days', {
      token: mentor.token,
    });
    expect([a.status, a.body.timeframe, a.body.series.length]).toEqual([200, '7days', 7]);
    const bad = await stack.api<ErrorBody>('GET', '/mentor/analytics/overview?timeframe=2weeks', { token: mentor.token });
    expect([bad.status, bad.body.errors[0]?.path]).toEqual([400, 'query.timeframe']);
    expect((await stack.api('GET', '/mentor/analytics/overview', { token: learner.token })).status).toBe(403);
    const bi = await stack.api<{ optimization_opportunities: unknown[] }>('GET', '/mentor/business-intelligence', { token: mentor.token });
    expect([bi.status, Array.isArray(bi.body.optimization_opportunities)]).toEqual([200, true]);
    expect((await stack.api('GET', '/mentor/business-intelligence')).status).toBe(401);
  });

  it('mentee progress, notes and resources: 200/201 for the own, 404 and 422 by the rules, 400 with the fields named', async () => {
    const progress = await stack.api<{ summary: { total_mentees: number } }>('GET', '/mentor/mentees/progress', { token: mentor.token });
    expect(progress.status).toBe(200);
    const stranger = await stack.api<ErrorBody>('POST', `/mentor/mentees/${learner.user.id}/progress`, {
      token: mentor.token,
      body: { goals: ['x'] },
    });
    expect([stranger.status, stranger.body.code]).toEqual([404, 'NOT_YOUR_MENTEE']);
    const { body: mine } = await stack.api<{ sessions: Array<{ id: string; status: string }> }>('GET', '/sessions/my?status=upcoming', {
      token: mentor.token,
    });
    const upcoming = mine.sessions[0]!;
    const early = await stack.api<ErrorBody>('POST', `/mentor/sessions/${upcoming.id}/notes`, {
      token: mentor.token,
      body: { notes: 'Too early' },
    });
    expect([early.status, early.body.code, early.body.detail]).toEqual([
      422,
      'SESSION_NOT_COMPLETED',
      'Notes can be added only to completed sessions',
    ]);
    expect((await stack.api<ErrorBody>('GET', `/mentor/sessions/${upcoming.id}/notes`, { token: mentor.token })).body.code).toBe(
      'NOTES_NOT_FOUND',
    );
    const blank = await stack.api<ErrorBody>('POST', `/mentor/sessions/${upcoming.id}/notes`, { token: mentor.token, body: { notes: '' } });
    expect([blank.status, blank.body.errors[0]?.path]).toEqual([400, 'notes']);
    const added = await stack.api<{ id: string }>('POST', '/mentor/resources', {
      token: mentor.token,
      body: { title: 'Guide', resource_type: 'document', url: 'https://example.com/guide' },
    });
    expect(added.status).toBe(201);
    const list = await stack.api<{ documents: Array<{ id: string }> }>('GET', '/mentor/resources', { token: mentor.token });
    expect(list.body.documents.map((d) => d.id)).toContain(added.body.id);
    const badType = await stack.api<ErrorBody>('POST', '/mentor/resources', {
      token: mentor.token,
      body: { title: 'x', resource_type: 'poster', url: 'https://example.com' },
    });
    expect([badType.status, badType.body.errors[0]?.path]).toEqual([400, 'resource_type']);
    expect((await stack.api('DELETE', `/mentor/resources/${added.body.id}`, { token: learner.token })).status).toBe(403);
    expect((await stack.api('DELETE', `/mentor/resources/${added.body.id}`, { token: mentor.token })).status).toBe(200);
    expect((await stack.api<ErrorBody>('DELETE', `/mentor/resources/${added.body.id}`, { token: mentor.token })).body.code).toBe(
      'RESOURCE_NOT_FOUND',
    );
  });
});
