import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { catalogRoutes, identityRoutes, type CourseAnnouncement } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../../testing/app-harness';
import { aUser } from '../../../testing/users';
import { ANNOUNCEMENTS_PAGE } from './announcement-list';
import { AnnouncementsCard } from './announcements-card';
import { CourseAnnouncements } from './course-announcements';

jest.setTimeout(30_000);

const COURSE = '22222222-3333-4444-8555-666666666666';
const instructor = aUser({ id: '33333333-4444-4555-8666-777777777777', role: 'instructor', name: 'Ivan Instructor' });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const announcement = (n: number, title = `Announcement ${n}`): CourseAnnouncement => ({
  id: id(n),
  course_id: COURSE,
  title,
  message: `Message ${n}`,
  posted_by: instructor.id,
  posted_by_name: instructor.name,
  // n = 1 is the oldest
  created_at: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
});

let api: ApiStub;
let stored: CourseAnnouncement[];

beforeEach(() => {
  stored = [];
  api = stubApi()
    .on(catalogRoutes.courseAnnouncements, ({ query }) => {
      const newest = [...stored].reverse();
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 50);
      return { announcements: newest.slice(offset, offset + limit), total: stored.length };
    })
    .on(catalogRoutes.postAnnouncement, ({ body }) => {
      const { title, message } = body as { title: string; message: string };
      const posted = { ...announcement(stored.length + 1, title), message };
      stored.push(posted);
      return { announcement: posted, message: 'Announcement posted' as const };
    });
  signIn(api, identityRoutes.me, instructor);
});
afterEach(restoreFetch);

const titles = () =>
  within(screen.getByTestId('announcements-list'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('AnnouncementsCard', () => {
  it('posts an announcement: the body sent, the toast, the form cleared and the list showing it first', async () => {
    stored = [announcement(1, 'Welcome')];
    renderScreen(<AnnouncementsCard courseId={COURSE} />);
    const card = await screen.findByTestId('announcements-card');
    expect(within(card).getByRole('heading', { name: 'Announcements' })).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Welcome']));

    await userEvent.type(within(card).getByLabelText('Title'), '  Lab moved  ');
    await userEvent.type(within(card).getByLabelText('Message'), 'The lab is on Friday this week.');
    await userEvent.click(within(card).getByRole('button', { name: 'Post announcement' }));

    expect(await screen.findByText('Announcement posted')).toBeTruthy();
    const [post] = api.callsTo(catalogRoutes.postAnnouncement);
    expect(post!.path).toBe(`/api/courses/${COURSE}/announcements`);
    // the contract trims what is sent
    expect(post!.body).toEqual({ title: 'Lab moved', message: 'The lab is on Friday this week.' });
    await waitFor(() => expect(titles()).toEqual(['Lab moved', 'Welcome']));
    expect((within(card).getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(within(screen.getByTestId('announcements-list')).getByText('The lab is on Friday this week.')).toBeTruthy();
  });

  it('says what is missing before any call, and shows the field errors the server sends', async () => {
    renderScreen(<AnnouncementsCard courseId={COURSE} />);
    const card = await screen.findByTestId('announcements-card');
    expect(await within(card).findByText('No announcements yet')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Post announcement' }));
    expect(await within(card).findByText('Title is required')).toBeTruthy();
    expect(within(card).getByText('Message is required')).toBeTruthy();
    expect(within(card).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(catalogRoutes.postAnnouncement)).toHaveLength(0);

    api.on(
      catalogRoutes.postAnnouncement,
      () =>
        new Reply(400, {
          detail: 'Validation failed',
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'message', message: 'Message is too long' }],
        }),
    );
    await userEvent.type(within(card).getByLabelText('Title'), 'Exam');
    await userEvent.type(within(card).getByLabelText('Message'), 'See you');
    await userEvent.click(within(card).getByRole('button', { name: 'Post announcement' }));
    expect(await within(card).findByText('Message is too long')).toBeTruthy();
    expect(within(card).getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Announcement posted')).toBeNull();
  });
});

describe('CourseAnnouncements', () => {
  it('lists them newest first, a page at a time with Show more', async () => {
    stored = Array.from({ length: ANNOUNCEMENTS_PAGE + 2 }, (_, i) => announcement(i + 1));
    renderScreen(<CourseAnnouncements courseId={COURSE} />);
    await waitFor(() => expect(titles()).toHaveLength(ANNOUNCEMENTS_PAGE));
    expect(titles()[0]).toBe(`Announcement ${ANNOUNCEMENTS_PAGE + 2}`);
    expect(within(screen.getByTestId('announcements-list')).getAllByText(/Ivan Instructor · /).length).toBe(ANNOUNCEMENTS_PAGE);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(titles()).toHaveLength(ANNOUNCEMENTS_PAGE + 2));
    expect(titles().at(-1)).toBe('Announcement 1');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    const offsets = api.callsTo(catalogRoutes.courseAnnouncements).map((c) => c.query.get('offset'));
    expect(offsets).toEqual(['0', String(ANNOUNCEMENTS_PAGE)]);
  });
});
