import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Course, Notification, User } from '@lp/contracts';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };

/**
 * POST and GET /courses/{id}/announcements through the gateway, with catalog and gamification
 * behind it: the enrolled learner finds the announcement on the course and in their notifications.
 */
describe('course announcements through the gateway', () => {
  let stack: Stack;
  let ivan: Auth;
  let olga: Auth;
  let lena: Auth;
  let sam: Auth;
  let course: Course;

  const register = async (role: string, name = `Test ${role}`): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name, email: uniqueEmail(role), password: 'secret-pass-1', role },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, who: Auth, body?: unknown) =>
    stack.api<T>(method, path, { token: who.token, ...(body !== undefined ? { body } : {}) });
  const expectError = (res: ApiResponse, status: number, code: string) => {
    expect([res.status, (res.body as unknown as ErrorBody).code]).toEqual([status, code]);
    expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
  };

  beforeAll(async () => {
    stack = await startStack();
    [ivan, olga, lena, sam] = await Promise.all([
      register('instructor', 'Ivan Instructor'),
      register('instructor'),
      register('learner'),
      register('learner'),
    ]);
    const created = await call<Course>('POST', '/courses', ivan, {
      title: 'Announced Course',
      description: 'About it',
      price: 0,
      is_published: true,
    });
    expect(created.status).toBe(201);
    course = created.body;
    expect((await call('POST', `/courses/${course.id}/enroll`, lena)).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('the instructor posts (201), the enrolled learner reads it on the course and is notified', async () => {
    const posted = await call<{ announcement: { id: string; title: string; posted_by_name: string }; message: string }>(
      'POST',
      `/courses/${course.id}/announcements`,
      ivan,
      { title: ' Exam moved ', message: 'Friday, same room.' },
    );
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      message: 'Announcement posted',
      announcement: { title: 'Exam moved', posted_by_name: 'Ivan Instructor' },
    });
    const list = await call<{ announcements: Array<{ id: string }>; total: number }>(
      'GET',
      `/courses/${course.id}/announcements?limit=10`,
      lena,
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, announcements: [{ id: posted.body.announcement.id }] });
    const until = Date.now() + 15_000;
    let found: Notification | undefined;
    while (!found && Date.now() < until) {
      const mine = await call<{ notifications: Notification[] }>('GET', '/notifications', lena);
      found = mine.body.notifications.find((n) => n.type === 'course_announcement');
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toMatchObject({ params: { course_title: 'Announced Course', title: 'Exam moved' }, link: `/course/${course.id}/learn` });
    // the poster is not told of their own announcement
    const his = await call<{ notifications: Notification[] }>('GET', '/notifications', ivan);
    expect(his.body.notifications.filter((n) => n.type === 'course_announcement')).toEqual([]);
  });

  it('refuses another instructor and a learner (403), an unknown course (404), a blank title (400)', async () => {
    expectError(await call('POST', `/courses/${course.id}/announcements`, olga, { title: 't', message: 'm' }), 403, 'NOT_COURSE_OWNER');
    expectError(await call('POST', `/courses/${course.id}/announcements`, lena, { title: 't', message: 'm' }), 403, 'FORBIDDEN');
    expectError(await call('POST', `/courses/${randomUUID()}/announcements`, ivan, { title: 't', message: 'm' }), 404, 'COURSE_NOT_FOUND');
    const blank = await call('POST', `/courses/${course.id}/announcements`, ivan, { title: '  ', message: 'm' });
    expectError(blank, 400, 'VALIDATION_FAILED');
    expect((blank.body as unknown as ErrorBody).errors).toEqual([{ path: 'title', message: 'Title is required' }]);
  });

  it('hides the list from a learner not enrolled (403)', async () => {
    expectError(await call('GET', `/courses/${course.id}/announcements`, sam), 403, 'NOT_ENROLLED');
    expect((await call('GET', `/courses/${course.id}/announcements`, ivan)).status).toBe(200);
  });
});
