import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes } from '@lp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { learner, profile } from './fixtures.testing';
import { HeaderLevel } from './header-level';

jest.setTimeout(30_000);

let api: ApiStub;

beforeEach(() => {
  api = stubApi().on(gamificationRoutes.updateSettings, (call) => ({
    hide_from_leaderboards: false,
    time_zone: (call.body as { time_zone: string }).time_zone,
    time_zone_set: true,
    study_reminder_hour: 18,
  }));
  signIn(api, identityRoutes.me, learner);
});
afterEach(restoreFetch);

describe('HeaderLevel', () => {
  it('shows the level, the XP and the progress to the next level, linking to the leaderboard', async () => {
    api.on(gamificationRoutes.me, () => profile(420));
    renderScreen(<HeaderLevel />);
    const level = await screen.findByTestId('header-level');
    expect(level.getAttribute('href')).toBe('/leaderboard');
    expect(screen.getByTestId('header-level-number').textContent).toBe('Level 3');
    expect(screen.getByTestId('header-xp').textContent).toBe('420 XP');
    const bar = screen.getByRole('progressbar', { name: 'Progress to level 4' });
    // level 3 starts at 300 XP and level 4 at 600: 120 of 300
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('120 of 300 XP to level 4');
    // the time zone is already known: nothing is sent
    expect(api.callsTo(gamificationRoutes.updateSettings)).toEqual([]);
  });

  it("sends the browser's time zone once when the service has none", async () => {
    let zoneSet = false;
    api.on(gamificationRoutes.me, () =>
      profile(0, {
        settings: { hide_from_leaderboards: false, time_zone: 'Africa/Addis_Ababa', time_zone_set: zoneSet, study_reminder_hour: 18 },
      }),
    );
    api.on(gamificationRoutes.updateSettings, (call) => {
      zoneSet = true;
      return {
        hide_from_leaderboards: false,
        time_zone: (call.body as { time_zone: string }).time_zone,
        time_zone_set: true,
        study_reminder_hour: 18,
      };
    });
    renderScreen(<HeaderLevel />);
    expect((await screen.findByTestId('header-level-number')).textContent).toBe('Level 1');
    await waitFor(() => expect(api.callsTo(gamificationRoutes.updateSettings)).toHaveLength(1));
    expect(api.callsTo(gamificationRoutes.updateSettings)[0]!.body).toEqual({
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // the profile is asked again after the change, and nothing more is sent
    await waitFor(() => expect(api.callsTo(gamificationRoutes.me).length).toBeGreaterThanOrEqual(2));
    expect(api.callsTo(gamificationRoutes.updateSettings)).toHaveLength(1);
  });

  it('shows nothing when the service cannot answer', async () => {
    api.on(gamificationRoutes.me, () => new Reply(404, { detail: 'Not found', code: 'NOT_FOUND' }));
    renderScreen(<HeaderLevel />);
    await waitFor(() => expect(api.callsTo(gamificationRoutes.me)).toHaveLength(1));
    expect(screen.queryByTestId('header-level')).toBeNull();
  });
});
