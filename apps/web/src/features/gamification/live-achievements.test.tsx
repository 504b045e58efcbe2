import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes } from '@lp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { ReadableStream, TextDecoderStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { learner, ME_ID, profile } from './fixtures.testing';
import { HeaderLevel } from './header-level';
import { LiveAchievements } from './live-achievements';

jest.setTimeout(30_000);

// jsdom has no web streams; the live client reads the body as one, as browsers give it
Object.assign(globalThis, { ReadableStream, TextDecoderStream });

const encoder = new TextEncoder();
let api: ApiStub;
let xp: number;
let feed: ReadableStreamDefaultController<Uint8Array> | null;
let opened: { url: string; authorization: string | null }[];

const send = (event: string, data: unknown) => feed!.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));

beforeEach(() => {
  xp = 90;
  feed = null;
  opened = [];
  api = stubApi().on(gamificationRoutes.me, () => profile(xp));
  signIn(api, identityRoutes.me, learner);
  const answer = globalThis.fetch;
  // the feed is a stream that stays open; every other call goes to the stubbed API
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/live/me') return answer(input, init);
    opened.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
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

describe('LiveAchievements', () => {
  it("opens the caller's own feed with the bearer header, toasts a level and a badge, and reloads the header", async () => {
    renderScreen(
      <>
        <HeaderLevel />
        <LiveAchievements />
      </>,
    );
    expect((await screen.findByTestId('header-level-number')).textContent).toBe('Level 1');
    await waitFor(() => expect(feed).not.toBeNull());
    expect(opened).toEqual([{ url: '/api/live/me', authorization: 'Bearer test-token' }]);
    const asked = api.callsTo(gamificationRoutes.me).length;

    xp = 120;
    send('gamification.level.reached', { v: 1, user_id: ME_ID, level: 2, total_xp: 120, reached_at: '2026-11-27T10:00:00.000Z' });
    expect(await screen.findByText('Level 2 reached!')).toBeTruthy();
    expect(screen.getByText('You have 120 XP in all. Keep going!')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('header-level-number').textContent).toBe('Level 2'));
    expect(api.callsTo(gamificationRoutes.me).length).toBeGreaterThan(asked);

    send('gamification.badge.earned', {
      v: 1,
      user_id: ME_ID,
      badge_code: 'streak_7',
      badge_name: 'On Fire',
      icon: 'flame',
      earned_at: '2026-11-27T10:00:00.000Z',
    });
    expect(await screen.findByText('Badge earned: On Fire')).toBeTruthy();
  });

  it('shows nothing for an event off its contract', async () => {
    renderScreen(<LiveAchievements />);
    await waitFor(() => expect(feed).not.toBeNull());
    send('gamification.level.reached', { user_id: ME_ID, level: 'two' });
    send('gamification.badge.earned', { v: 1, user_id: ME_ID, badge_code: 'x' });
    // a valid event after them arrives, so the two before were read and dropped
    send('gamification.badge.earned', {
      v: 1,
      user_id: ME_ID,
      badge_code: 'b',
      badge_name: 'Helpful',
      icon: 'thumbs-up',
      earned_at: 'now',
    });
    expect(await screen.findByText('Badge earned: Helpful')).toBeTruthy();
    expect(screen.queryByText(/reached!/)).toBeNull();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });
});
