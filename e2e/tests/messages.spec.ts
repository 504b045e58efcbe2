import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

/**
 * Issue 27, the direct-messages inbox between two people against the whole stack: A writes to
 * B from an empty conversation; B's inbox shows it arrive live with its unread count, B opens
 * it and replies; A sees the reply arrive and "Seen" under the first message, without a
 * reload. axe on the inbox and the thread, and neither pans sideways at 390 px.
 */

const PHONE = { width: 390, height: 844 };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Community learns of new accounts from identity's events: wait until it can open a conversation with `other`. */
async function knownToCommunity(request: APIRequestContext, who: RegisteredAccount, other: RegisteredAccount): Promise<void> {
  await expect
    .poll(async () => (await request.get(`/api/messages/conversations/${other.id}`, { headers: bearer(who.token) })).status(), {
      timeout: 20_000,
    })
    .toBe(200);
}

async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(0);
}

test.describe('direct messages: the /messages inbox between two people', () => {
  test('A writes, B sees it arrive live and replies, A sees the reply and "Seen"', async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    const ann = await registerViaApi(request, 'learner', 'dm-ann');
    const ben = await registerViaApi(request, 'instructor', 'dm-ben');
    await knownToCommunity(request, ann, ben);
    await knownToCommunity(request, ben, ann);

    const annContext = await browser.newContext();
    const annPage = await annContext.newPage();

    await test.step('B starts with an empty inbox, reached from the menu', async () => {
      await signInWithToken(page, ben.token, '/instructor/dashboard');
      await page.goto('/messages');
      await expect(page.getByTestId('conversations-empty')).toContainText('No messages yet');
      await expectNoSeriousA11yViolations(page, 'the empty inbox');
    });

    await test.step("A opens the conversation with B and sends the first message; B's inbox counts it live", async () => {
      await signInWithToken(annPage, ann.token, `/messages/${ben.id}`);
      await expect(annPage.getByTestId('thread-name')).toHaveText(ben.name);
      await expect(annPage.getByTestId('thread-empty')).toBeVisible();
      await annPage.getByTestId('reply-content').fill('Hello Ben, is the study session still on tonight?');
      await annPage.getByTestId('reply-send').click();
      await expect(annPage.getByTestId('thread-message')).toHaveCount(1);
      await expect(annPage.getByTestId('reply-content')).toHaveValue('');

      const row = page.getByTestId('conversation').filter({ hasText: ann.name });
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect(row.getByTestId('conversation-unread')).toHaveText('1');
      await expect(row.getByTestId('conversation-last')).toHaveText('Hello Ben, is the study session still on tonight?');
    });

    await test.step('B opens it (reading it) and replies', async () => {
      await page.getByTestId('conversation').filter({ hasText: ann.name }).click();
      await expect(page).toHaveURL(new RegExp(`/messages/${ann.id}$`));
      await expect(page.getByTestId('thread-message')).toHaveCount(1);
      await expect(page.getByTestId('conversation').filter({ hasText: ann.name }).getByTestId('conversation-unread')).toHaveCount(0);
      await page.getByTestId('reply-content').fill('Yes, 7 pm in the library.');
      await page.getByTestId('reply-send').click();
      await expect(page.getByTestId('thread-message')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, 'a conversation');
    });

    await test.step('A sees the reply arrive and "Seen" under the first message, without a reload', async () => {
      await expect(annPage.getByTestId('thread-message')).toHaveCount(2, { timeout: 20_000 });
      await expect(annPage.getByTestId('thread-message').last()).toContainText('Yes, 7 pm in the library.');
      await expect(annPage.getByTestId('thread-seen')).toHaveCount(1);
      await expect(annPage.getByTestId('thread-message').first().getByTestId('thread-seen')).toContainText('Seen');
    });

    await test.step('at 390 px one pane at a time, and nothing pans sideways', async () => {
      await annPage.setViewportSize(PHONE);
      await expect(annPage.getByTestId('thread')).toBeVisible();
      await expect(annPage.getByTestId('conversations-list')).toBeHidden();
      await expectNoSideways(annPage, 'a conversation');
      await annPage.getByTestId('thread-back').click();
      await expect(annPage.getByTestId('conversations-list')).toBeVisible();
      await expect(annPage.getByTestId('thread')).toHaveCount(0);
      await expectNoSideways(annPage, 'the inbox');
    });
    await annContext.close();
  });
});
