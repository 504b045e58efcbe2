import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MentorProfile } from '@lp/contracts';
import { startTestService, type TestService } from '@lp/testing';
import { MentoringModule } from '../../../mentoring/src/app.module.js';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Mentor profiles, discovery, the weekly schedule and time off through the gateway: the
 * route table maps them, the guards hold (401, 403), bad input is 400 with the fields named,
 * the rules answer 404 and 422, all in the error shape.
 */
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };

let stack: Stack;
let svc: TestService;
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
  svc = await startTestService(MentoringModule.create(stack.env), stack.env);
  [mentor, learner] = [await register('mentor'), await register('learner')];
}, 180_000);
afterAll(async () => {
  await svc?.stop();
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
