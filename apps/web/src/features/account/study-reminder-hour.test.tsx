import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, levelProgress, type GamificationProfile, type NotificationSettings } from '@lp/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { aUser } from '../../testing/users';
import { NotificationSettingsCard } from './notification-settings-card';

jest.setTimeout(30_000);

let api: ApiStub;
let hour: number;
let fails: boolean;

beforeEach(() => {
  hour = 18;
  fails = false;
  api = stubApi()
    .on(gamificationRoutes.me, (): GamificationProfile => ({
      user_id: 'u1',
      total_xp: 120,
      xp_this_week: 40,
      level: levelProgress(120),
      current_streak: 3,
      longest_streak: 5,
      last_active_day: '2026-11-27',
      badges: [],
      settings: { hide_from_leaderboards: false, time_zone: 'Europe/Berlin', time_zone_set: true, study_reminder_hour: hour },
    }))
    .on(gamificationRoutes.updateSettings, (call) => {
      if (fails) return new Reply(503, { detail: 'Gamification is not answering.', code: 'SERVICE_UNAVAILABLE' });
      hour = (call.body as { study_reminder_hour: number }).study_reminder_hour;
      return { hide_from_leaderboards: false, time_zone: 'Europe/Berlin', time_zone_set: true, study_reminder_hour: hour };
    });
});
afterEach(restoreFetch);

const open = (role: 'learner' | 'mentor', settings: Partial<NotificationSettings> = {}) => {
  const user = aUser({ role, notification_settings: { email: true, studyReminders: true, assignmentDeadlines: true, ...settings } });
  signIn(api, identityRoutes.me, user);
  return renderScreen(<NotificationSettingsCard user={user} />, { path: '/account-settings' });
};

describe('the study reminder hour', () => {
  it("shows the learner's hour in their zone and saves another", async () => {
    open('learner');
    const select = await screen.findByTestId('study-reminder-hour');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('18'));
    expect(screen.getByText('Once a day in your time zone (Europe/Berlin), only on days you have not learned yet.')).toBeTruthy();
    await userEvent.selectOptions(select, '07:00');
    await waitFor(() => expect(api.callsTo(gamificationRoutes.updateSettings).at(-1)!.body).toEqual({ study_reminder_hour: 7 }));
    expect(await screen.findByText('Reminder time saved')).toBeTruthy();
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('7'));
  });

  it('is disabled while Study Reminders is off, and says so when a save fails', async () => {
    open('learner', { studyReminders: false });
    const select = await screen.findByTestId('study-reminder-hour');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('18'));
    expect((select as HTMLSelectElement).disabled).toBe(true);
  });

  it('tells of a failed save and keeps the saved hour', async () => {
    fails = true;
    open('learner');
    const select = await screen.findByTestId('study-reminder-hour');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    await userEvent.selectOptions(select, '09:00');
    expect(await screen.findByText('The reminder time could not be saved')).toBeTruthy();
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('18'));
  });

  it('is not offered to a role that gets no study reminders', async () => {
    open('mentor');
    expect(await screen.findByTestId('toggle-studyReminders')).toBeTruthy();
    expect(screen.queryByTestId('study-reminder-hour')).toBeNull();
  });
});
