import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { communityRoutes, identityRoutes, type Conversation, type DirectMessage } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { aUser } from '../../testing/users';
import { MessagesPage } from './messages-page';

// whole screens on a shared two-core machine
jest.setTimeout(30_000);

const me = aUser();
const BEN = '11111111-2222-4333-8444-555555555555';
const CID = '22222222-3333-4444-8555-666666666666';

let api: ApiStub;
let n = 0;
const message = (from: string, to: string, content: string, read = false): DirectMessage => {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sender_id: from,
    sender_name: from === me.id ? me.name : 'Ben Thread',
    recipient_id: to,
    recipient_name: to === me.id ? me.name : 'Ben Thread',
    content,
    context: null,
    created_at: new Date(Date.UTC(2026, 11, 1, 10, n)).toISOString(),
    read_at: read ? new Date(Date.UTC(2026, 11, 1, 11)).toISOString() : null,
  };
};
const conversation = (userId: string, name: string, last: DirectMessage, unread: number): Conversation => ({
  user_id: userId,
  user_name: name,
  last_message: last,
  unread,
});

beforeEach(() => {
  n = 0;
  api = stubApi();
  signIn(api, identityRoutes.me, me);
});
afterEach(restoreFetch);

const open = (path = '/messages') => renderScreen(<MessagesPage />, { path, pattern: path === '/messages' ? path : '/messages/:userId' });

describe('MessagesPage: the inbox', () => {
  it('lists each conversation with the name, the last message (the caller\'s marked "You:") and an unread badge', async () => {
    const fromBen = message(BEN, me.id, 'Are you coming?');
    const mine = message(me.id, CID, 'See you there');
    api.on(communityRoutes.conversations, () => ({
      conversations: [conversation(BEN, 'Ben Thread', fromBen, 2), conversation(CID, 'Cid Third', mine, 0)],
      total: 2,
      unread: 2,
    }));
    open();
    const rows = await screen.findAllByTestId('conversation');
    expect(rows.map((r) => within(r).getByTestId('conversation-last').textContent)).toEqual(['Are you coming?', 'You: See you there']);
    expect(within(rows[0]!).getByText('Ben Thread')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('conversation-unread').textContent).toBe('2');
    expect(within(rows[0]!).getByLabelText('2 unread messages')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('conversation-unread')).toBeNull();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/messages/${BEN}`);
    expect(screen.getByText('Choose a conversation')).toBeTruthy();
  });

  it('says so when there is no conversation yet', async () => {
    api.on(communityRoutes.conversations, () => ({ conversations: [], total: 0, unread: 0 }));
    open();
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('shows a failed load with Retry, which asks again', async () => {
    let fail = true;
    api.on(communityRoutes.conversations, () =>
      fail
        ? new Reply(503, { detail: 'Community is not answering.', code: 'SERVICE_UNAVAILABLE' })
        : { conversations: [], total: 0, unread: 0 },
    );
    open();
    expect(await screen.findByText('Your conversations could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});

describe('MessagesPage: a thread', () => {
  const serveThread = (messages: DirectMessage[], extra: { has_older?: boolean; can_reply?: boolean } = {}) => {
    api.on(communityRoutes.conversations, () => ({ conversations: [], total: 0, unread: 0 }));
    api.on(communityRoutes.conversation, (call) =>
      call.query.get('before')
        ? {
            user_id: BEN,
            user_name: 'Ben Thread',
            can_reply: true,
            messages: [{ ...message(BEN, me.id, 'The very first', true), created_at: '2026-12-01T09:00:00.000Z' }],
            has_older: false,
          }
        : { user_id: BEN, user_name: 'Ben Thread', can_reply: extra.can_reply ?? true, messages, has_older: extra.has_older ?? false },
    );
    api.on(communityRoutes.markConversationRead, () => ({ marked: 1, unread: 0 }));
  };

  it('shows both sides, reads the unread ones on opening, and puts "Seen" under the caller\'s last message once read', async () => {
    const thread = [message(me.id, BEN, 'Hello Ben', true), message(BEN, me.id, 'Hi! Coming tonight?')];
    serveThread(thread);
    open(`/messages/${BEN}`);
    const items = await screen.findAllByTestId('thread-message');
    expect(items.map((i) => [i.getAttribute('data-mine'), i.querySelector('p')!.textContent])).toEqual([
      ['true', 'You:Hello Ben'],
      ['false', 'Ben Thread:Hi! Coming tonight?'],
    ]);
    expect(within(items[0]!).getByTestId('thread-seen').textContent).toContain('Seen');
    expect(screen.getByTestId('thread-name').textContent).toBe('Ben Thread');
    await waitFor(() => expect(api.callsTo(communityRoutes.markConversationRead)).toHaveLength(1));
    expect(api.callsTo(communityRoutes.markConversationRead)[0]!.params).toEqual({ userId: BEN });
  });

  it('has no "Seen" while the last message of the caller is unread, and marks nothing when nothing is unread', async () => {
    serveThread([message(BEN, me.id, 'Hi', true), message(me.id, BEN, 'Hello')]);
    open(`/messages/${BEN}`);
    await screen.findAllByTestId('thread-message');
    expect(screen.queryByTestId('thread-seen')).toBeNull();
    expect(api.callsTo(communityRoutes.markConversationRead)).toHaveLength(0);
  });

  it('loads older messages above the newest page', async () => {
    serveThread([message(BEN, me.id, 'Newest', true)], { has_older: true });
    open(`/messages/${BEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(screen.getAllByTestId('thread-message')).toHaveLength(2));
    expect(screen.getAllByTestId('thread-message')[0]!.textContent).toContain('The very first');
    expect(api.callsTo(communityRoutes.conversation).at(-1)!.query.get('before')).toBe('00000000-0000-4000-8000-000000000001');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('sends a reply, empties the box, and refuses an empty one with the reason', async () => {
    serveThread([message(BEN, me.id, 'Hi', true)]);
    const sent: unknown[] = [];
    api.on(communityRoutes.sendDirectMessage, (call) => {
      sent.push(call.body);
      return message(me.id, BEN, 'On my way');
    });
    open(`/messages/${BEN}`);
    await userEvent.click(await screen.findByTestId('reply-send'));
    expect(screen.getByTestId('reply-error').textContent).toBe('Write a message first');
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Message to Ben Thread'), 'On my way');
    await userEvent.click(screen.getByTestId('reply-send'));
    await waitFor(() => expect(sent).toEqual([{ recipient_id: BEN, content: 'On my way' }]));
    await waitFor(() => expect((screen.getByTestId('reply-content') as HTMLTextAreaElement).value).toBe(''));
  });

  it('keeps the text and says why when the reply is refused', async () => {
    serveThread([message(BEN, me.id, 'Hi', true)]);
    api.on(
      communityRoutes.sendDirectMessage,
      () => new Reply(404, { detail: 'Recipient not found', code: 'RECIPIENT_NOT_FOUND', errors: [] }),
    );
    open(`/messages/${BEN}`);
    await userEvent.type(await screen.findByTestId('reply-content'), 'Still there?');
    await userEvent.click(screen.getByTestId('reply-send'));
    expect((await screen.findByTestId('reply-error')).textContent).toMatch(/^Your message was not sent: /);
    expect((screen.getByTestId('reply-content') as HTMLTextAreaElement).value).toBe('Still there?');
  });

  it("offers no reply box for a deleted account's history", async () => {
    serveThread([message(BEN, me.id, 'Bye', true)], { can_reply: false });
    open(`/messages/${BEN}`);
    expect(await screen.findByTestId('thread-no-reply')).toBeTruthy();
    expect(screen.queryByTestId('reply-form')).toBeNull();
  });

  it('shows a conversation that cannot be loaded, with the way back', async () => {
    api.on(communityRoutes.conversations, () => ({ conversations: [], total: 0, unread: 0 }));
    api.on(
      communityRoutes.conversation,
      () => new Reply(404, { detail: 'This person was not found', code: 'CORRESPONDENT_NOT_FOUND', errors: [] }),
    );
    open(`/messages/${BEN}`);
    expect(await screen.findByText('This conversation could not be loaded')).toBeTruthy();
    expect(screen.getByTestId('thread-back').getAttribute('href')).toBe('/messages');
  });
});
