import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, levelProgress, type User } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { AppShell } from './app-shell';
// loaded up front: Jest's ESM loader fails two lazy imports of one module graph at once (the
// bell's and the level toasts' live parts both bring the community entry), which browsers do not
import '../community';
import { aUser } from '../../testing/users';

jest.setTimeout(30_000);

const user = (role: User['role']): User => aUser({ role });

let api: ApiStub;

beforeEach(() => {
  api = stubApi()
    .on(gamificationRoutes.unreadNotifications, () => ({ unread: 3 }))
    .on(gamificationRoutes.me, () => ({
      user_id: '99999999-8888-4777-8666-555555555555',
      total_xp: 420,
      xp_this_week: 40,
      level: levelProgress(420),
      current_streak: 3,
      longest_streak: 5,
      last_active_day: '2026-11-27',
      badges: [],
      settings: { hide_from_leaderboards: false, time_zone: 'Africa/Addis_Ababa', time_zone_set: true, study_reminder_hour: 18 },
    }));
});
afterEach(restoreFetch);

const open = (role: User['role']) => {
  signIn(api, identityRoutes.me, user(role));
  return renderScreen(
    <AppShell user={user(role)}>
      <p>page</p>
    </AppShell>,
  );
};
const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('AppShell', () => {
  it("puts the bell in the header after the level and before the caller's menus", async () => {
    open('learner');
    const header = await screen.findByRole('banner');
    const bell = await within(header).findByRole('button', { name: 'Notifications, 3 unread' });
    const level = await within(header).findByTestId('header-level');
    expect(follows(level, bell)).toBe(true);
    expect(follows(bell, within(header).getByTestId('user-menu'))).toBe(true);
  });

  it('gives staff the bell too, though they earn no XP', async () => {
    open('admin');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo(gamificationRoutes.unreadNotifications)).toHaveLength(1));
    expect(screen.queryByTestId('header-level')).toBeNull();
  });

  it('leads to every notification from the user menu', async () => {
    open('mentor');
    await userEvent.click(await screen.findByTestId('user-menu'));
    const item = await screen.findByTestId('user-menu-notifications');
    expect(item.getAttribute('href')).toBe('/notifications');
    expect(item.textContent).toBe('Notifications');
  });
});
