import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { communityRoutes, gamificationRoutes, identityRoutes, type User } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReadableStream, TextDecoderStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { aUser } from '../../testing/users';
import { AppShell } from './app-shell';
// loaded up front: Jest's ESM loader fails two lazy imports of one module graph at once (the
// bell's, the level toasts' and the messages badge's live parts all bring the community entry)
import '../community';

jest.setTimeout(30_000);

// jsdom has no web streams; the live client reads the body as one, as browsers give it
Object.assign(globalThis, { ReadableStream, TextDecoderStream });

const ME = '99999999-8888-4777-8666-555555555555';
const OTHER = '11111111-2222-4333-8444-555555555555';
const encoder = new TextEncoder();
let api: ApiStub;
let unread: number;
let feed: ReadableStreamDefaultController<Uint8Array> | null;

const send = (event: string, data: unknown) => feed!.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
const messageTo = (to: string, from: string) => ({
  v: 1,
  message_id: '00000000-0000-4000-8000-000000000042',
  user_id: to,
  sender_id: from,
  sender_name: 'Abebe',
  content: 'Are you coming?',
  context: null,
  unread_since_id: '00000000-0000-4000-8000-000000000042',
  sent_at: '2026-12-01T10:00:00.000Z',
});

beforeEach(() => {
  feed = null;
  unread = 3;
  api = stubApi()
    .on(gamificationRoutes.unreadNotifications, () => ({ unread: 0 }))
    .on(communityRoutes.directMessagesUnread, () => ({ unread }));
  const answer = globalThis.fetch;
  // the caller's feed is a stream that stays open; every other call goes to the stubbed API
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/live/me') return answer(input, init);
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

const open = (role: User['role'] = 'admin') => {
  // an admin: no level in the header, so the feed is the bell's and the badge's alone
  const user = aUser({ id: ME, role });
  signIn(api, identityRoutes.me, user);
  return renderScreen(
    <AppShell user={user}>
      <p>page</p>
    </AppShell>,
  );
};
/** What aria-describedby points at says, as a screen reader reads it after the name. */
const description = (el: Element) => {
  const ids = el.getAttribute('aria-describedby');
  return ids
    ? ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    : '';
};
const row = () => within(screen.getByTestId('app-nav')).getAllByRole('list')[0]!;
const communityButton = () => within(row()).getByRole('button', { name: 'Community' });

describe("the shell's unread messages", () => {
  it('shows the count on the Community menu and its Messages entry, in words for screen readers', async () => {
    open();
    await waitFor(() => expect(within(communityButton()).getByTestId('messages-unread-badge').textContent).toBe('3'));
    // the group keeps its name (the menu is found by it) and says the count as its description
    expect(description(communityButton())).toBe('3 unread messages');

    await userEvent.click(communityButton());
    const menu = await screen.findByRole('menu');
    const entry = within(menu).getByRole('menuitem', { name: 'Messages (3 unread messages)' });
    expect(entry.getAttribute('href')).toBe('/messages');
    expect(within(entry).getByTestId('messages-unread-badge').textContent).toBe('3');
    // the other entries carry no count
    expect(within(menu).getByRole('menuitem', { name: 'Study Groups' })).toBeTruthy();
    expect(within(menu).getAllByTestId('messages-unread-badge')).toHaveLength(1);
  });

  it('shows no badge and keeps the plain names when nothing is unread', async () => {
    unread = 0;
    open('learner');
    await waitFor(() => expect(api.callsTo(communityRoutes.directMessagesUnread)).toHaveLength(1));
    await userEvent.click(communityButton());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryAllByTestId('messages-unread-badge')).toHaveLength(0);
    expect(communityButton().hasAttribute('aria-describedby')).toBe(false);
  });

  it('counts a message to the caller live, and none addressed to another', async () => {
    unread = 0;
    open();
    await waitFor(() => expect(feed).not.toBeNull());
    await waitFor(() => expect(api.callsTo(communityRoutes.directMessagesUnread)).toHaveLength(1));
    expect(screen.queryByTestId('messages-unread-badge')).toBeNull();

    // the badge shows the one the event brought, then the count is asked again
    unread = 1;
    send('community.direct-message.sent', messageTo(ME, OTHER));
    await waitFor(() => expect(within(communityButton()).getByTestId('messages-unread-badge').textContent).toBe('1'));
    await waitFor(() => expect(api.callsTo(communityRoutes.directMessagesUnread)).toHaveLength(2));
    expect(description(communityButton())).toBe('1 unread message');

    // another user's message, and the caller's own being read, leave the count alone
    send('community.direct-message.sent', messageTo(OTHER, ME));
    send('community.direct-messages.read', {
      v: 1,
      user_id: ME,
      reader_id: OTHER,
      last_message_id: 'x',
      count: 1,
      read_at: '2026-12-01T10:01:00.000Z',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.callsTo(communityRoutes.directMessagesUnread)).toHaveLength(2);
    expect(within(communityButton()).getByTestId('messages-unread-badge').textContent).toBe('1');
  });

  it('caps the badge at 99+ and puts the count on the phone menu button too', async () => {
    unread = 150;
    open();
    await waitFor(() => expect(within(communityButton()).getByTestId('messages-unread-badge').textContent).toBe('99+'));
    const menuButton = screen.getByTestId('nav-menu-button');
    expect(within(menuButton).getByTestId('messages-unread-badge').textContent).toBe('99+');
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toBe(menuButton);
    expect(description(menuButton)).toBe('150 unread messages');

    // the open phone menu lists Messages with its count
    await userEvent.click(menuButton);
    const phone = await screen.findByTestId('mobile-nav');
    expect(within(phone).getByRole('link', { name: 'Messages (150 unread messages)' }).getAttribute('href')).toBe('/messages');
  });
});
