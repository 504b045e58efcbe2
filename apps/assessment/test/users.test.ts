import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, identityEvents } from '@lp/contracts';
import { AssessmentHarness } from './support/assessment-harness.js';
import { AssessmentCaller } from './support/users.js';

jest.setTimeout(60_000);

let h: AssessmentHarness;
let bus: AssessmentCaller;
beforeAll(async () => {
  h = await AssessmentHarness.start();
  bus = await AssessmentCaller.open(h);
});
afterAll(async () => {
  await bus.close();
  await h.stop();
});

const row = async (id: string) =>
  (await h.ds.query('SELECT name, email, deleted FROM users WHERE id = $1', [id]))[0] as
    { name: string; email: string | null; deleted: boolean } | undefined;
const registered = (id: string, name: string, email: string) =>
  h.publish(identityEvents.userRegistered, {
    v: 1,
    user_id: id,
    name,
    email,
    phone: null,
    role: 'learner',
    ref: null,
    created_at: new Date().toISOString(),
  });
const updated = (id: string, name: string, email: string | null) =>
  h.publish(identityEvents.userUpdated, { v: 1, user_id: id, name, email, role: 'learner', profile_image: null });
const deletionScheduled = (id: string) =>
  h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: id, scheduled_at: new Date().toISOString(), by: 'self' });
/** Waits until assessment has handled this event (its inbox records it): a change that must not happen can be checked after. */
const handled = (eventId: string) =>
  h.waitFor(async () => (await h.ds.query('SELECT 1 FROM inbox WHERE event_id = $1', [eventId])).length > 0);

describe('users read model', () => {
  it('records a registration, then follows an update', async () => {
    const id = randomUUID();
    await registered(id, 'Lena Learner', 'lena@example.test');
    await h.waitFor(async () => (await row(id)) !== undefined);
    expect(await row(id)).toEqual({ name: 'Lena Learner', email: 'lena@example.test', deleted: false });
    await updated(id, 'Lena Married', 'lena.m@example.test');
    await h.waitFor(async () => (await row(id))?.name === 'Lena Married');
    expect(await row(id)).toEqual({ name: 'Lena Married', email: 'lena.m@example.test', deleted: false });
  });

  it('keeps an update that arrives before the registration', async () => {
    const id = randomUUID();
    await updated(id, 'Newer Name', 'newer@example.test');
    await h.waitFor(async () => (await row(id)) !== undefined);
    await handled(await registered(id, 'Older Name', 'older@example.test'));
    expect(await row(id)).toEqual({ name: 'Newer Name', email: 'newer@example.test', deleted: false });
  });

  it('forgets name and e-mail on deletion, and later updates do not bring them back', async () => {
    const id = randomUUID();
    await registered(id, 'Gone Soon', 'gone@example.test');
    await h.waitFor(async () => (await row(id)) !== undefined);
    await deletionScheduled(id);
    await h.waitFor(async () => (await row(id))?.deleted === true);
    expect(await row(id)).toEqual({ name: 'Deleted user', email: null, deleted: true });
    await handled(await updated(id, 'Gone Soon', 'gone@example.test'));
    expect(await row(id)).toEqual({ name: 'Deleted user', email: null, deleted: true });
  });

  it('names students on submissions from the read model, renamed and forgotten alike', async () => {
    const owner = await bus.user('instructor', 'Ivan Instructor');
    const learner = await bus.user('learner', 'Lena Learner');
    const courseId = await h.course(owner.id);
    await h.enroll(courseId, learner.id, owner.id);
    const a = await bus.call(
      routes.createAssignment,
      {
        body: {
          course_id: courseId,
          title: 'Essay',
          description: 'd',
          assignment_type: 'essay',
          instructions: 'i',
          due_date: new Date(Date.now() + 86_400_000).toISOString(),
          is_published: true,
        } as never,
      },
      owner.caller,
    );
    await bus.call(routes.submitAssignment, { params: { id: a.id }, body: { submission_text: 'text' } as never }, learner.caller);
    const names = async () =>
      (await bus.call(routes.listSubmissions, { params: { id: a.id } }, owner.caller)).map((s) => [s.student_name, s.student_email]);
    expect(await names()).toEqual([['Lena Learner', learner.email]]);
    await updated(learner.id, 'Lena Renamed', 'renamed@example.test');
    await h.waitFor(async () => (await row(learner.id))?.name === 'Lena Renamed');
    expect(await names()).toEqual([['Lena Renamed', 'renamed@example.test']]);
    await deletionScheduled(learner.id);
    await h.waitFor(async () => (await row(learner.id))?.deleted === true);
    expect(await names()).toEqual([['Deleted user', null]]);
  });
});
