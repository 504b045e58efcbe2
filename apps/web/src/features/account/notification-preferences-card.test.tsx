import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, type NotificationSettings } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { AccountSettingsPage } from './account-settings-page';
import { learner, preferences, type Preferences } from './fixtures.testing';

// whole screens on a shared two-core machine
jest.setTimeout(30_000);

let api: ApiStub;
let saved: Preferences;
let saveFails: boolean;

beforeEach(() => {
  saved = preferences();
  saveFails = false;
  api = stubApi()
    .on(gamificationRoutes.notificationPreferences, () => saved)
    .on(gamificationRoutes.updateNotificationPreferences, (call) => {
      if (saveFails) return new Reply(503, { detail: 'Gamification is not answering.', code: 'SERVICE_UNAVAILABLE' });
      const { changes } = call.body as { changes: { type: string; channel: string; enabled: boolean }[] };
      saved = {
        preferences: saved.preferences.map((p) => {
          const mine = changes.filter((c) => c.type === p.type);
          return mine.length === 0
            ? p
            : { ...p, enabled: { ...p.enabled, ...Object.fromEntries(mine.map((c) => [c.channel, c.enabled])) } };
        }),
      };
      return saved;
    })
    .on(identityRoutes.updateNotificationSettings, (call) => ({ notification_settings: call.body as NotificationSettings }));
});
afterEach(restoreFetch);

const open = (settings: Partial<NotificationSettings> = {}) => {
  signIn(api, identityRoutes.me, { ...learner, notification_settings: { ...learner.notification_settings, ...settings } });
  return renderScreen(<AccountSettingsPage />, { path: '/account-settings' });
};
const pref = (type: string, channel: string) => screen.getByTestId(`pref-${type}-${channel}`);
const checked = (el: HTMLElement) => el.getAttribute('aria-checked');

describe('NotificationPreferencesCard', () => {
  it('comes right after the account switches: the types by category, in-app always on, only the channels a type has', async () => {
    open();
    const card = await screen.findByTestId('notification-preferences');
    await within(card).findByTestId('pref-answer_accepted-email');
    const sections = [...document.querySelectorAll('[data-testid="account-notifications"], [data-testid="notification-preferences"]')];
    expect(sections.map((s) => s.getAttribute('data-testid'))).toEqual(['account-notifications', 'notification-preferences']);
    expect(sections[0]!.nextElementSibling).toBe(card);

    const categories = within(card)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(categories).toEqual(['Learning', 'Mentoring', 'Community', 'Payments', 'Achievements', 'Reminders', 'Account']);
    const community = within(card).getByRole('region', { name: 'Community' });
    expect(
      within(community)
        .getAllByTestId('notification-preference')
        .map((r) => r.getAttribute('data-type')),
    ).toEqual(['answer_posted', 'answer_accepted', 'direct_message', 'group_invitation']);
    // the newer types carry their labels too
    expect(within(community).getByText('Study group invitation')).toBeTruthy();
    const learning = within(card).getByRole('region', { name: 'Learning' });
    expect(within(learning).getByText('Course announcement')).toBeTruthy();
    expect(within(card).getByText('Assignment due soon')).toBeTruthy();

    const inApp = within(card).getByRole('switch', { name: 'Answer accepted: In-app (always on)' });
    expect(checked(inApp)).toBe('true');
    expect((inApp as HTMLButtonElement).disabled).toBe(true);
    expect(checked(within(card).getByRole('switch', { name: 'Answer accepted: Email' }))).toBe('true');
    // a level reached is never e-mailed
    expect(screen.queryByTestId('pref-level_up-email')).toBeNull();
    const levelUp = within(card)
      .getAllByTestId('notification-preference')
      .find((r) => r.getAttribute('data-type') === 'level_up')!;
    expect(within(levelUp).getByText('Email is not available for this notification')).toBeTruthy();
    expect(within(levelUp).getAllByRole('switch')).toHaveLength(3);
    expect(checked(pref('level_up', 'telegram'))).toBe('true');
  });

  it('saves one switch with just that change, and shows what the service holds', async () => {
    saved = preferences(true, { session_booked: ['push'] });
    open();
    await waitFor(() => expect(checked(pref('session_booked', 'push'))).toBe('false'));
    await userEvent.click(pref('answer_accepted', 'telegram'));
    await waitFor(() => expect(checked(pref('answer_accepted', 'telegram'))).toBe('false'));
    expect(api.callsTo(gamificationRoutes.updateNotificationPreferences).map((c) => c.body)).toEqual([
      { changes: [{ type: 'answer_accepted', channel: 'telegram', enabled: false }] },
    ]);
    await userEvent.click(pref('session_booked', 'push'));
    await waitFor(() => expect(checked(pref('session_booked', 'push'))).toBe('true'));
    expect(api.callsTo(gamificationRoutes.updateNotificationPreferences).at(-1)!.body).toEqual({
      changes: [{ type: 'session_booked', channel: 'push', enabled: true }],
    });
  });

  it('says so when a save fails, and leaves the switch as it was', async () => {
    saveFails = true;
    open();
    await waitFor(() => expect(checked(pref('payment_completed', 'email'))).toBe('true'));
    await userEvent.click(pref('payment_completed', 'email'));
    expect(await screen.findByText('Failed to update the notification channel.')).toBeTruthy();
    expect(checked(pref('payment_completed', 'email'))).toBe('true');
    expect(api.callsTo(gamificationRoutes.updateNotificationPreferences)).toHaveLength(1);
  });

  it('holds the e-mail switches off while "Email Notifications" is off, saying why', async () => {
    saved = preferences(false);
    open({ email: false });
    await waitFor(() => expect(checked(pref('answer_accepted', 'email'))).toBe('false'));
    const email = pref('answer_accepted', 'email') as HTMLButtonElement;
    expect(email.disabled).toBe(true);
    const hint = screen.getByTestId('notification-preferences-email-off');
    expect(hint.textContent).toBe(
      '“Email Notifications” above is off, so no e-mails are sent. Turn it on to choose e-mails for each notification.',
    );
    expect(email.getAttribute('aria-describedby')).toBe(hint.id);
    // the other channels stay free
    const telegram = pref('answer_accepted', 'telegram') as HTMLButtonElement;
    expect(telegram.disabled).toBe(false);
    expect(telegram.getAttribute('aria-describedby')).toBeNull();
  });

  it('frees the e-mail switches as soon as "Email Notifications" above is turned on', async () => {
    saved = preferences(false, { quiz_graded: ['email'] });
    open({ email: false });
    await waitFor(() => expect((pref('answer_accepted', 'email') as HTMLButtonElement).disabled).toBe(true));
    await userEvent.click(screen.getByTestId('toggle-email'));
    await waitFor(() => expect((pref('answer_accepted', 'email') as HTMLButtonElement).disabled).toBe(false));
    expect(checked(pref('answer_accepted', 'email'))).toBe('true');
    // the choice kept while the switch was off shows again
    expect(checked(pref('quiz_graded', 'email'))).toBe('false');
    expect(screen.queryByTestId('notification-preferences-email-off')).toBeNull();
  });

  it('says what went wrong when the channels cannot be loaded', async () => {
    api.on(
      gamificationRoutes.notificationPreferences,
      () => new Reply(503, { detail: 'Gamification is not answering.', code: 'SERVICE_UNAVAILABLE' }),
    );
    open();
    const card = await screen.findByTestId('notification-preferences');
    const error = await within(card).findByTestId('load-error', {}, { timeout: 15_000 });
    expect(error.textContent).toContain('Your notification channels could not be loaded.');
  });
});
