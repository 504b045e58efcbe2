import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, NOTIFICATION_TYPE_NAMES } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { learner, notification, serveNotifications } from './fixtures.testing';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';

// whole screens on a shared two-core machine
jest.setTimeout(30_000);

let api: ApiStub;
let server: ReturnType<typeof serveNotifications>;

beforeEach(() => {
  api = stubApi();
  server = serveNotifications(api, []);
  signIn(api, identityRoutes.me, learner);
});
afterEach(restoreFetch);

/** The page as the shell shows it: the header's bell above it. */
const open = (path = '/notifications') =>
  renderScreen(
    <>
      <NotificationBell user={learner} />
      <NotificationsPage />
    </>,
    { path, pattern: '/notifications', routes: [{ path: '/qa/:id', element: <p data-testid="question-page" /> }] },
  );
const items = () => within(screen.getByTestId('notifications-list')).getAllByTestId('notification-item');
const lastListQuery = () => Object.fromEntries(api.callsTo(gamificationRoutes.notifications).at(-1)!.query);

/** `count` notifications cycling through every type, the first `unread` of them unread. */
const many = (count: number, unread = count) =>
  Array.from({ length: count }, (_, i) =>
    notification(i + 1, NOTIFICATION_TYPE_NAMES[i % NOTIFICATION_TYPE_NAMES.length]!, { read: i >= unread }, i + 1),
  );

describe('NotificationsPage', () => {
  it('lists every notification with its texts, and asks for one filter at a time', async () => {
    server.items = [
      notification(1, 'payment_failed'),
      notification(2, 'answer_posted', { link: '/qa/q1', read: true }),
      notification(3, 'payment_completed', { read: true }),
    ];
    open();
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(lastListQuery()).toEqual({ limit: '20', offset: '0' });
    expect(within(items()[0]!).getByText('Payment not completed')).toBeTruthy();
    expect(within(items()[0]!).getByText('Your payment of 250.00 ETB was declined. Nothing was charged.')).toBeTruthy();
    expect(within(items()[1]!).getByRole('link', { name: 'New answer to your question' }).getAttribute('href')).toBe('/qa/q1');
    expect(screen.getByTestId('notifications-filter-all').getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByTestId('notifications-filter-unread'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(lastListQuery()).toEqual({ limit: '20', offset: '0', unread: 'true' });

    await userEvent.click(screen.getByTestId('notifications-filter-payments'));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(lastListQuery()).toEqual({ limit: '20', offset: '0', category: 'payments' });
    expect(items().map((i) => i.getAttribute('data-type'))).toEqual(['payment_failed', 'payment_completed']);
  });

  it('opens on the filter the address names, and says when a filter has nothing', async () => {
    server.items = [notification(1, 'quiz_graded', { read: true })];
    open('/notifications?filter=unread');
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeTruthy();
    expect(screen.getByTestId('notifications-filter-unread').getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByTestId('notifications-filter-mentoring'));
    expect(await screen.findByRole('heading', { name: 'Nothing in Mentoring yet' })).toBeTruthy();
    expect(lastListQuery()).toEqual({ limit: '20', offset: '0', category: 'mentoring' });
  });

  it('pages through them twenty at a time, showing where it is of the total', async () => {
    server.items = many(45);
    open();
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(screen.getByTestId('notifications-range').textContent).toBe('1–20 of 45');
    expect((screen.getByTestId('notifications-previous') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByTestId('notifications-next'));
    await waitFor(() => expect(screen.getByTestId('notifications-range').textContent).toBe('21–40 of 45'));
    expect(lastListQuery()).toEqual({ limit: '20', offset: '20' });
    expect(items()[0]!.getAttribute('data-notification-id')).toBe(server.items[20]!.id);

    await userEvent.click(screen.getByTestId('notifications-next'));
    await waitFor(() => expect(screen.getByTestId('notifications-range').textContent).toBe('41–45 of 45'));
    expect(items()).toHaveLength(5);
    expect((screen.getByTestId('notifications-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes one: it leaves the list, the total and the bell count follow', async () => {
    server.items = many(3, 2);
    open();
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('2'));
    const first = items()[0]!;
    const id = first.getAttribute('data-notification-id');
    await userEvent.click(within(first).getByRole('button', { name: 'Delete notification: Enrolled in Intro to Chemistry' }));

    await waitFor(() => expect(items()).toHaveLength(2));
    expect(api.callsTo(gamificationRoutes.deleteNotification).map((c) => c.params.id)).toEqual([id]);
    expect(items().map((i) => i.getAttribute('data-notification-id'))).not.toContain(id);
    expect(screen.getByTestId('notifications-range').textContent).toBe('1–2 of 2');
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('1'));
    expect(await screen.findByText('Notification deleted.')).toBeTruthy();
    // the focus goes on to the one that took its place
    expect(document.activeElement).toBe(within(items()[0]!).getByTestId('notification-delete'));
  });

  it('goes back a page when the last one of the last page is deleted', async () => {
    server.items = many(21, 0);
    open();
    await waitFor(() => expect(items()).toHaveLength(20));
    await userEvent.click(screen.getByTestId('notifications-next'));
    await waitFor(() => expect(screen.getByTestId('notifications-range').textContent).toBe('21–21 of 21'));
    await userEvent.click(within(items()[0]!).getByTestId('notification-delete'));
    await waitFor(() => expect(screen.getByTestId('notifications-range').textContent).toBe('1–20 of 20'));
    expect(lastListQuery()).toEqual({ limit: '20', offset: '0' });
  });

  it('keeps a notification whose delete failed, and says so', async () => {
    server.items = many(2);
    server.fail.add(gamificationRoutes.deleteNotification.subject);
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.click(within(items()[1]!).getByTestId('notification-delete'));
    expect(await screen.findByText('The notification could not be deleted.')).toBeTruthy();
    expect(items()).toHaveLength(2);
    expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('2');
    expect(document.activeElement).toBe(within(items()[1]!).getByTestId('notification-delete'));
  });

  it('marks one read, and all of them read, the bell following', async () => {
    server.items = many(3);
    open();
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('3'));
    // the second type of the contract's list: a course announcement
    await userEvent.click(within(items()[1]!).getByRole('button', { name: 'Mark as read: New announcement in Intro to Chemistry' }));
    await waitFor(() => expect(items()[1]!.getAttribute('data-read')).toBe('true'));
    expect(within(items()[1]!).queryByTestId('notification-mark-read')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('2'));

    const markAll = within(screen.getByTestId('notifications-page')).getByTestId('notifications-mark-all-read');
    await userEvent.click(markAll);
    await waitFor(() => expect(items().map((i) => i.getAttribute('data-read'))).toEqual(['true', 'true', 'true']));
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0'));
    expect((markAll as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks a linked one read when it is followed', async () => {
    server.items = [notification(1, 'answer_posted', { link: '/qa/q1' })];
    open();
    await waitFor(() => expect(items()).toHaveLength(1));
    await userEvent.click(within(items()[0]!).getByRole('link'));
    expect(await screen.findByTestId('question-page')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(gamificationRoutes.markNotificationRead)).toHaveLength(1));
  });

  it('says what went wrong when the list cannot be loaded, and tries again on request', async () => {
    server.items = many(1);
    server.fail.add(gamificationRoutes.notifications.subject);
    open();
    const error = await screen.findByTestId('load-error', {}, { timeout: 15_000 });
    expect(error.textContent).toContain('Your notifications could not be loaded.');
    server.fail.clear();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});
