import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, type LeaderboardResponse, type LeagueResponse } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { entry, learner, ME_ID, profile, userId } from './fixtures.testing';
import { LeaderboardPage } from './leaderboard-page';

// whole screens on a shared two-core machine
jest.setTimeout(30_000);

let api: ApiStub;
let boards: Partial<Record<string, LeaderboardResponse>>;

const board = (extra: Partial<LeaderboardResponse>): LeaderboardResponse => ({
  timeframe: 'week',
  period_start: '2026-11-23T21:00:00.000Z',
  period_end: '2026-11-30T21:00:00.000Z',
  scope: 'platform',
  participants: 0,
  entries: [],
  me: null,
  neighbours: [],
  ...extra,
});

beforeEach(() => {
  boards = {};
  api = stubApi()
    .on(gamificationRoutes.leaderboard, (call) => boards[call.query.get('timeframe') ?? ''] ?? board({}))
    .on(gamificationRoutes.me, () => profile(420));
  signIn(api, identityRoutes.me, learner);
});
afterEach(restoreFetch);

const open = (path = '/leaderboard') => renderScreen(<LeaderboardPage />, { path, pattern: '/leaderboard' });
const rows = () => within(screen.getByTestId('leaderboard-table')).getAllByRole('row').slice(1);

describe('LeaderboardPage', () => {
  it('gives medals to the first three places, and the same rank and medal to a tie', async () => {
    boards.week = board({
      participants: 4,
      entries: [entry(1, 1), entry(1, 2, { medal: 'gold' }), entry(3, 3), entry(4, 4)],
    });
    open();
    await screen.findByTestId('leaderboard-table');
    const ranks = rows().map((r) => [r.getAttribute('data-rank'), r.querySelector('[data-medal]')?.getAttribute('aria-label') ?? null]);
    expect(ranks).toEqual([
      ['1', 'Gold medal'],
      ['1', 'Gold medal'],
      ['3', 'Bronze medal'],
      ['4', null],
    ]);
    expect(screen.getByTestId('leaderboard-participants').textContent).toBe('4 learners on the board');
    expect(screen.getByTestId('leaderboard-scope').textContent).toBe('Everyone on the platform');
  });

  it("highlights the caller's row in the top hundred without repeating it below", async () => {
    const me = entry(2, 99, { user_id: ME_ID, name: 'Lena Learner', is_me: true });
    boards.week = board({ participants: 3, entries: [entry(1, 1), me, entry(3, 3)], me, neighbours: [entry(1, 1), entry(3, 3)] });
    open();
    const mine = await screen.findByTestId('leaderboard-row-me');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(screen.queryByTestId('leaderboard-gap')).toBeNull();
    expect(screen.getAllByTestId('leaderboard-row-me')).toHaveLength(1);
    expect(screen.getByTestId('leaderboard-mine-rank').textContent).toBe('Rank #2 of 3');
  });

  it('pins the caller below the top hundred with two neighbours each side', async () => {
    const top = Array.from({ length: 100 }, (_, i) => entry(i + 1, i + 1));
    const me = entry(150, 999, { user_id: ME_ID, name: 'Lena Learner', is_me: true, total_xp: 12 });
    boards.week = board({
      participants: 200,
      entries: top,
      me,
      neighbours: [entry(148, 148), entry(149, 149), entry(151, 151), entry(152, 152)],
    });
    open();
    await screen.findByTestId('leaderboard-gap');
    const pinned = rows().filter((r) => r.getAttribute('data-pinned') === 'true');
    expect(pinned.map((r) => r.getAttribute('data-rank'))).toEqual(['148', '149', '150', '151', '152']);
    expect(pinned[2]!.getAttribute('data-user-id')).toBe(ME_ID);
    expect(pinned[2]!.getAttribute('aria-current')).toBe('true');
    // right after the hundred (the gap row between is decoration, hidden from the table's rows)
    expect(rows().indexOf(pinned[0]!)).toBe(100);
    expect(screen.getByTestId('leaderboard-mine-rank').textContent).toBe('Rank #150 of 200');
  });

  it('says nobody is on an empty board, and why the caller is not on it', async () => {
    open('/leaderboard?tab=month');
    expect(await screen.findByRole('heading', { name: 'Nobody has earned XP yet' })).toBeTruthy();
    expect(screen.queryByTestId('leaderboard-table')).toBeNull();
    expect(screen.getByTestId('leaderboard-mine-none')).toBeTruthy();
    expect(api.callsTo(gamificationRoutes.leaderboard).map((c) => c.query.get('timeframe'))).toEqual(['month']);
    expect(screen.getByRole('tab', { name: 'This Month' }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks for the board of the tab chosen, and shows the institution scope when the answer has it', async () => {
    boards.all = board({
      timeframe: 'all',
      period_start: null,
      period_end: null,
      scope: 'institution',
      participants: 1,
      entries: [entry(1, 1)],
    });
    open();
    await screen.findByRole('heading', { name: 'Nobody has earned XP yet' });
    await userEvent.click(screen.getByRole('tab', { name: 'All Time' }));
    await waitFor(() => expect(screen.getByTestId('leaderboard-scope').textContent).toBe('Members of your institution only'));
    expect(api.callsTo(gamificationRoutes.leaderboard).map((c) => c.query.get('timeframe'))).toEqual(['week', 'all']);
  });

  it('shows the league with its promotion and demotion zones', async () => {
    api.on(gamificationRoutes.league, (): LeagueResponse => ({
      tier: 'silver',
      league: {
        id: userId(500),
        tier: 'silver',
        week_start: '2026-11-23T21:00:00.000Z',
        week_end: '2026-11-30T21:00:00.000Z',
        members: [
          { rank: 1, user_id: userId(1), name: 'Ann', xp: 300, is_me: false, zone: 'promotion' },
          { rank: 2, user_id: ME_ID, name: 'Lena Learner', xp: 200, is_me: true, zone: 'stay' },
          { rank: 3, user_id: userId(3), name: 'Bo', xp: 10, is_me: false, zone: 'demotion' },
        ],
      },
    }));
    open('/leaderboard?tab=league');
    expect(await screen.findByRole('heading', { name: 'Silver League' })).toBeTruthy();
    const members = within(screen.getByTestId('league-table')).getAllByRole('row').slice(1);
    expect(members.map((r) => r.getAttribute('data-zone'))).toEqual(['promotion', 'stay', 'demotion']);
    expect(within(members[0]!).getByText('Promotion zone')).toBeTruthy();
    expect(within(members[2]!).getByText('Demotion zone')).toBeTruthy();
    expect(members[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('says what went wrong when the board cannot be loaded, and tries again on Retry', async () => {
    let fail = true;
    api.on(gamificationRoutes.leaderboard, () =>
      fail
        ? new Reply(503, { detail: 'Gamification is not answering.', code: 'SERVICE_UNAVAILABLE' })
        : board({ participants: 1, entries: [entry(1, 1)] }),
    );
    open();
    const error = await screen.findByTestId('load-error', {}, { timeout: 15_000 });
    expect(error.textContent).toContain('The leaderboard could not be loaded.');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('leaderboard-table')).toBeTruthy();
  });
});
