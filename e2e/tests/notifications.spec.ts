import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

/**
 * Issue 27, the notification centre against the whole stack: a question's author is told of a
 * new answer live (the bell counts it without a reload), reads it from the panel and lands on
 * the question; its e-mail reaches the development mailbox; with "Email Notifications" switched
 * off the next answer is told in the app only, and the mailbox gets nothing more for it.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A zone where it is now the afternoon: e-mails are held through the recipient's quiet hours (22:00-07:00), and CI runs at any hour. */
function afternoonZone(): string {
  const hourIn = (tz: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const zones = Array.from({ length: 25 }, (_, i) => i - 12).map((o) =>
    o === 0 ? 'Etc/GMT' : `Etc/GMT${o > 0 ? '+' : '-'}${Math.abs(o)}`,
  );
  return zones.find((z) => [13, 14, 15].includes(hourIn(z)))!;
}

async function ask(request: APIRequestContext, asker: RegisteredAccount, title: string): Promise<string> {
  const res = await request.post('/api/qa/questions', {
    headers: bearer(asker.token),
    data: { title, content: `${title}: what do you think?` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function answer(request: APIRequestContext, who: RegisteredAccount, questionId: string, content: string): Promise<void> {
  const res = await request.post(`/api/qa/questions/${questionId}/answers`, { headers: bearer(who.token), data: { content } });
  expect(res.status(), await res.text()).toBe(201);
}

const bell = (page: Page) => page.getByTestId('notification-bell');

/** The development mailbox's messages to `email` with `subject`. */
async function mailsTo(page: Page, email: string, subject: string): Promise<number> {
  await page.goto('/dev/mailbox');
  // loaded: the list of e-mails is there (the stack has sent some by now: the demo data's, this test's first)
  await expect(page.getByTestId('dev-mailbox').getByRole('list', { name: 'E-mails' })).toBeVisible();
  return page.getByTestId('dev-mailbox-message').filter({ hasText: email }).filter({ hasText: subject }).count();
}

test.describe('notifications: the bell, the panel, the page and the e-mail switch', () => {
  test("a question's author is told of an answer live, reads it, gets its e-mail; with e-mail off, the next one is in the app only", async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const asker = await registerViaApi(request, 'learner', 'notif-asker');
    const helper = await registerViaApi(request, 'learner', 'notif-helper');
    const zone = await request.put('/api/gamification/settings', { headers: bearer(asker.token), data: { time_zone: afternoonZone() } });
    expect(zone.status(), await zone.text()).toBe(200);
    const question = await ask(request, asker, `Notification journey ${Math.random().toString(36).slice(2, 8)}`);

    await test.step('the bell starts at zero, then counts a new answer without a reload', async () => {
      await signInWithToken(page, asker.token, '/learner/dashboard');
      await expect(bell(page)).toHaveAttribute('data-unread', '0');
      await answer(request, helper, question, 'Start with the basics and practise every day.');
      await expect(bell(page)).toHaveAttribute('data-unread', '1', { timeout: 20_000 });
      await expect(page.getByTestId('notification-bell-count')).toHaveText('1');
    });

    await test.step('the panel shows it; clicking it reads it and opens the question', async () => {
      await bell(page).click();
      const panel = page.getByTestId('notification-panel');
      await expect(panel).toBeVisible();
      const item = panel.getByTestId('notification-item').first();
      await expect(item).toHaveAttribute('data-read', 'false');
      await expect(item).toContainText('New answer to your question');
      await expect(item).toContainText(`${helper.name} answered your question.`);
      await expectNoSeriousA11yViolations(page, 'the notification panel');
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/qa/${question}$`));
      await expect(bell(page)).toHaveAttribute('data-unread', '0');
    });

    await test.step('its e-mail reaches the development mailbox', async () => {
      await expect.poll(() => mailsTo(page, asker.email, 'New answer to your question'), { timeout: 30_000 }).toBe(1);
    });

    await test.step('with Email Notifications off, the next answer is told in the app only', async () => {
      await page.goto('/account-settings');
      const email = page.getByTestId('toggle-email');
      await expect(email).toBeChecked();
      await email.click();
      await expect(email).not.toBeChecked();
      // identity announces the switch; the preferences show it once the engagement service has it
      await expect
        .poll(
          async () => {
            const r = await request.get('/api/notifications/preferences', { headers: bearer(asker.token) });
            const body = (await r.json()) as { preferences: Array<{ type: string; switch_on: boolean }> };
            return body.preferences.find((p) => p.type === 'answer_posted')?.switch_on;
          },
          { timeout: 20_000 },
        )
        .toBe(false);
      await answer(request, helper, question, 'And read the documentation twice.');
      await page.goto('/notifications');
      const list = page.getByTestId('notifications-page');
      await expect(list.getByTestId('notification-item').filter({ hasText: 'New answer to your question' })).toHaveCount(2, {
        timeout: 20_000,
      });
      await expectNoSeriousA11yViolations(page, '/notifications');
      // the first e-mail only: give the worker the time it took for the first one, then look again
      await page.waitForTimeout(5000);
      expect(await mailsTo(page, asker.email, 'New answer to your question')).toBe(1);
    });
  });
  test("an e-mail's unsubscribe link, opened signed out, asks first, then stops that type's e-mails and no other", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const asker = await registerViaApi(request, 'learner', 'unsub-asker');
    const helper = await registerViaApi(request, 'learner', 'unsub-helper');
    const zone = await request.put('/api/gamification/settings', { headers: bearer(asker.token), data: { time_zone: afternoonZone() } });
    expect(zone.status(), await zone.text()).toBe(200);
    const question = await ask(request, asker, `Unsubscribe journey ${Math.random().toString(36).slice(2, 8)}`);
    await answer(request, helper, question, 'One answer, one e-mail.');

    type Box = { messages: Array<{ id: string; to: string; subject: string; text: string }> };
    const mine = async () =>
      ((await (await request.get('/api/dev/mailbox')).json()) as Box).messages.filter(
        (m) => m.to === asker.email && m.subject === 'New answer to your question',
      );
    await expect.poll(async () => (await mine()).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await mine();

    await test.step('the message carries the one-click headers of RFC 8058', async () => {
      const raw = ((await (await request.get(`/api/dev/mailbox/${mail!.id}`)).json()) as { raw: string }).raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=[^>]+>$/m);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    });

    await test.step('the link opens a page that asks before it stops anything', async () => {
      const link = mail!.text.match(/Stop e-mails like this one: (\S+)/)![1]!;
      await page.goto(link);
      await expect(page.getByTestId('unsubscribe-question')).toHaveText('Stop e-mails about “New answer to your question”?');
      await expectNoSeriousA11yViolations(page, '/unsubscribe');
      const prefs = await request.get('/api/notifications/preferences', { headers: bearer(asker.token) });
      const before = (await prefs.json()) as { preferences: Array<{ type: string; enabled: Record<string, boolean> }> };
      expect(before.preferences.find((p) => p.type === 'answer_posted')!.enabled.email).toBe(true);
      await page.getByTestId('unsubscribe-confirm').click();
      await expect(page.getByTestId('unsubscribe-done')).toContainText(
        'You will no longer receive e-mails about “New answer to your question”',
      );
    });

    await test.step('the next answer is told in the app only; the account settings show the e-mail off for that type alone', async () => {
      await answer(request, helper, question, 'A second answer, no second e-mail.');
      await expect
        .poll(
          async () => {
            const r = await request.get('/api/notifications', { headers: bearer(asker.token) });
            return ((await r.json()) as { total: number }).total;
          },
          { timeout: 20_000 },
        )
        .toBe(2);
      await page.waitForTimeout(5000);
      expect(await mine()).toHaveLength(1);
      const prefs = await request.get('/api/notifications/preferences', { headers: bearer(asker.token) });
      const after = (await prefs.json()) as { preferences: Array<{ type: string; enabled: Record<string, boolean> }> };
      expect(after.preferences.find((p) => p.type === 'answer_posted')!.enabled.email).toBe(false);
      expect(after.preferences.find((p) => p.type === 'answer_accepted')!.enabled.email).toBe(true);
    });
  });
});
