import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, type Notification } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReadableStream, TextDecoderStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { LiveAchievements } from '../gamification';
import { learner, ME_ID, notification, OTHER_ID, serveNotifications } from './fixtures.testing';
import { NotificationBell } from './notification-bell';
// loaded up front: Jest's ESM loader fails two lazy imports of one module graph at once (the
// bell's and the toasts' live parts both bring the community entry), which browsers do not
import './live-notifications';

jest.setTimeout(30_000);

// jsdom has no web streams; the live client reads the body as one, as browsers give it
Object.assign(globalThis, { ReadableStream, TextDecoderStream });

const encoder = new TextEncoder();
let api: ApiStub;
let server: ReturnType<typeof serveNotifications>;
let feed: ReadableStreamDefaultController<Uint8Array> | null;
let opened: string[];

const send = (event: string, data: unknown) => feed!.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));

beforeEach(() => {
  feed = null;
  opened = [];
  api = stubApi();
  server = serveNotifications(api, []);
  signIn(api, identityRoutes.me, learner);
  const answer = globalThis.fetch;
  // the caller's feed is a stream that stays open; every other call goes to the stubbed API
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/live/me') return answer(input, init);
    opened.push(String(input));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
        controller.enqueue(encoder.encode('retry: 3000\n\n: ready\n\n'));
      },
    });
    return { ok: true, status: 200, body } as unknown as Response;
  }) as typeof fetch;
});
afterEach(restoreFetch);

const renderBell = () =>
  renderScreen(<NotificationBell user={learner} />, {
    routes: [
      // the shell keeps the bell on every page
      {
        path: '/qa/:id',
        element: (
          <>
            <NotificationBell user={learner} />
            <p data-testid="question-page" />
          </>
        ),
      },
      { path: '/notifications', element: <p data-testid="all-notifications" /> },
    ],
  });
const bell = () => screen.getByTestId('notification-bell');
const items = () => within(screen.getByTestId('notification-panel')).queryAllByTestId('notification-item');
const openPanel = async () => {
  await userEvent.click(await screen.findByTestId('notification-bell'));
  return screen.findByTestId('notification-panel');
};

describe('NotificationBell', () => {
  it('names the unread count and shows it on the badge, "99+" above 99', async () => {
    server.items = Array.from({ length: 150 }, (_, i) => notification(i + 1, 'answer_posted'));
    renderBell();
    const button = await screen.findByRole('button', { name: 'Notifications, 150 unread' });
    expect(button.getAttribute('data-unread')).toBe('150');
    expect(screen.getByTestId('notification-bell-count').textContent).toBe('99+');
  });

  it('shows no badge when nothing is unread', async () => {
    server.items = [notification(1, 'quiz_graded', { read: true })];
    renderBell();
    await waitFor(() => expect(api.callsTo(gamificationRoutes.unreadNotifications)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBe(bell());
    expect(bell().getAttribute('data-unread')).toBe('0');
    expect(screen.queryByTestId('notification-bell-count')).toBeNull();
  });

  it('opens a panel of the latest twenty with their texts, age and unread mark; Escape closes it back to the bell', async () => {
    server.items = [
      notification(1, 'answer_accepted', { link: '/qa/q1' }, 5),
      notification(2, 'payment_completed', { read: true }, 3 * 60),
    ];
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    const panel = await openPanel();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(document.activeElement).toBe(panel);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(api.callsTo(gamificationRoutes.notifications).at(-1)!.query.get('limit')).toBe('20');

    const [accepted, paid] = items();
    expect(accepted!.getAttribute('data-read')).toBe('false');
    expect(accepted!.getAttribute('data-type')).toBe('answer_accepted');
    expect(within(accepted!).getByText('Your answer was accepted')).toBeTruthy();
    expect(within(accepted!).getByText('The asker accepted your answer. Well done!')).toBeTruthy();
    expect(within(accepted!).getByText('5 minutes ago')).toBeTruthy();
    expect(within(accepted!).getByText('Unread')).toBeTruthy();
    expect(within(accepted!).getByRole('link').getAttribute('href')).toBe('/qa/q1');
    expect(paid!.getAttribute('data-read')).toBe('true');
    expect(within(paid!).getByText('Your payment of 250.00 ETB went through.')).toBeTruthy();
    expect(within(paid!).getByText('3 hours ago')).toBeTruthy();
    expect(within(paid!).queryByText('Unread')).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('notification-panel')).toBeNull();
    expect(document.activeElement).toBe(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('marks a notification read and follows its link when it is chosen', async () => {
    server.items = [notification(1, 'answer_posted', { link: '/qa/q1' }), notification(2, 'quiz_graded')];
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await openPanel();
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.click(within(items()[0]!).getByRole('link'));

    expect(await screen.findByTestId('question-page')).toBeTruthy();
    expect(screen.queryByTestId('notification-panel')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo(gamificationRoutes.markNotificationRead).map((c) => c.params.id)).toEqual([server.items[0]!.id]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBe(bell());
    expect(screen.getByTestId('notification-bell-count').textContent).toBe('1');
  });

  it('marks one without a link read in place, and a read one is not sent again', async () => {
    server.items = [notification(1, 'quiz_graded'), notification(2, 'level_up', { read: true })];
    renderBell();
    await openPanel();
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.click(within(items()[0]!).getByRole('button'));
    await waitFor(() => expect(items()[0]!.getAttribute('data-read')).toBe('true'));
    expect(screen.getByTestId('notification-panel')).toBeTruthy();
    await userEvent.click(within(items()[1]!).getByRole('button'));
    expect(api.callsTo(gamificationRoutes.markNotificationRead)).toHaveLength(1);
    await waitFor(() => expect(bell().getAttribute('data-unread')).toBe('0'));
  });

  it('marks all read: the badge goes and every item shows read', async () => {
    server.items = [notification(1, 'quiz_graded'), notification(2, 'badge_earned'), notification(3, 'level_up', { read: true })];
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const panel = await openPanel();
    await waitFor(() => expect(items()).toHaveLength(3));
    await userEvent.click(within(panel).getByTestId('notifications-mark-all-read'));

    await waitFor(() => expect(screen.queryByTestId('notification-bell-count')).toBeNull());
    expect(api.callsTo(gamificationRoutes.markAllNotificationsRead)).toHaveLength(1);
    expect(items().map((i) => i.getAttribute('data-read'))).toEqual(['true', 'true', 'true']);
    expect((within(panel).getByTestId('notifications-mark-all-read') as HTMLButtonElement).disabled).toBe(true);
    // the focus the disabled button had stays in the panel, so Escape still closes it
    expect(panel.contains(document.activeElement)).toBe(true);
  });

  it('says so when a notification cannot be marked read, and keeps it unread', async () => {
    server.items = [notification(1, 'quiz_graded')];
    server.fail.add(gamificationRoutes.markNotificationRead.subject);
    renderBell();
    await openPanel();
    await waitFor(() => expect(items()).toHaveLength(1));
    await userEvent.click(within(items()[0]!).getByRole('button'));
    expect(await screen.findByText('The notification could not be marked as read.')).toBeTruthy();
    expect(items()[0]!.getAttribute('data-read')).toBe('false');
    expect(bell().getAttribute('data-unread')).toBe('1');
  });

  it("says you're all caught up when there is nothing, and leads to every notification", async () => {
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByRole('heading', { name: "You're all caught up" })).toBeTruthy();
    expect((within(panel).getByTestId('notifications-mark-all-read') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(panel).getByTestId('notifications-see-all'));
    expect(await screen.findByTestId('all-notifications')).toBeTruthy();
    expect(screen.queryByTestId('notification-panel')).toBeNull();
  });

  it('says what went wrong when the list cannot be loaded, and tries again on request', async () => {
    server.items = [notification(1, 'quiz_graded')];
    server.fail.add(gamificationRoutes.notifications.subject);
    renderBell();
    const panel = await openPanel();
    const error = await within(panel).findByTestId('load-error', {}, { timeout: 15_000 });
    expect(error.textContent).toContain('Your notifications could not be loaded.');
    server.fail.clear();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('closes when the person presses outside it', async () => {
    renderBell();
    await openPanel();
    await userEvent.click(document.body);
    expect(screen.queryByTestId('notification-panel')).toBeNull();
  });

  it("counts a new notification live from the caller's feed, on the one stream the level toasts share", async () => {
    server.items = [notification(1, 'quiz_graded')];
    renderScreen(
      <>
        <NotificationBell user={learner} />
        <LiveAchievements />
      </>,
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(feed).not.toBeNull());
    const panel = await openPanel();
    await waitFor(() => expect(items()).toHaveLength(1));

    const created = (n: Notification, userId = ME_ID, unread = 2) => ({ v: 1, user_id: userId, notification: n, unread });
    // another person's notification is not the caller's news; the level toast after it comes from the same stream
    send('gamification.notification.created', created(notification(9, 'payment_failed'), OTHER_ID, 7));
    send('gamification.level.reached', { v: 1, user_id: ME_ID, level: 2, total_xp: 120, reached_at: '2026-11-27T10:00:00.000Z' });
    expect(await screen.findByText('Level 2 reached!')).toBeTruthy();
    expect(screen.queryByText(/Payment not completed/)).toBeNull();
    expect(bell().getAttribute('data-unread')).toBe('1');

    const accepted = notification(2, 'answer_accepted', {}, 0);
    server.items = [accepted, ...server.items];
    send('gamification.notification.created', created(accepted));
    await waitFor(() => expect(bell().getAttribute('data-unread')).toBe('2'));
    expect(screen.getByTestId('notification-bell-count').textContent).toBe('2');
    // said to a screen reader too
    expect(screen.getByText('New notification: Your answer was accepted').getAttribute('role')).toBe('status');
    // the open panel shows it
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(panel).getByText('Just now')).toBeTruthy();
    expect(opened).toEqual(['/api/live/me']);
  });
});
