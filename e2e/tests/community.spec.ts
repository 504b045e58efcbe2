import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillRegistration, authModal } from '../support/ui.js';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts.js';

// Community journeys (issue 13): a private study group, an invitation by e-mail opened from the
// development mailbox by a colleague who registers on the way, messages appearing live in both
// browsers, a file shared and downloaded, an event; and a Q&A question answered, upvoted and
// accepted. Every journey registers its own accounts.

const stamp = () => Math.random().toString(36).slice(2, 8);

async function axeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('community journeys', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a private group: invite by e-mail, join from the development mailbox, live messages, a file and an event', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await registerViaApi(request, 'learner', 'grp-owner');
    const colleague = newAccount('learner', 'grp-colleague');
    const groupName = `Statistics Study Group ${stamp()}`;

    await test.step('the learner creates a private group', async () => {
      await signInWithToken(page, owner.token, '/community');
      await expect(page.getByTestId('community-page')).toBeVisible();
      await page.getByTestId('create-group-button').click();
      const dialog = page.getByTestId('create-group-dialog');
      await expect(dialog).toBeVisible();
      // spec: name, description and category required
      await dialog.getByTestId('create-group-submit').click();
      await expect(dialog.getByTestId('group-form-error')).toHaveText('Please fill in all fields');
      await dialog.getByTestId('group-form-name').fill(groupName);
      await dialog.getByTestId('group-form-description').fill('Weekly practice with probability and statistics problems.');
      await dialog.getByTestId('group-form-category').selectOption({ label: 'Academic Support' });
      await expect(dialog.getByTestId('group-form-max-members')).toHaveValue('50');
      await dialog.getByTestId('group-form-privacy').selectOption('private');
      await dialog.getByTestId('create-group-submit').click();
      await expect(page).toHaveURL(/\/community\/groups\/[0-9a-f-]{36}/);
      await expect(page.getByTestId('workspace-title')).toHaveText(groupName);
      await axeClean(page);
    });
    const groupUrl = page.url().split('?')[0]!;

    await test.step('the learner invites a colleague by e-mail from Manage Members', async () => {
      await page.getByTestId('manage-members-button').click();
      const manage = page.getByTestId('manage-members-dialog');
      await expect(manage).toBeVisible();
      await manage.getByTestId('manage-tab-invitations').click();
      await expect(manage.getByTestId('invitation-tip')).toContainText('7 days');
      await manage.getByTestId('invite-email').fill(colleague.email);
      await manage.getByTestId('invite-message').fill('Join our statistics group!');
      await manage.getByTestId('invite-submit').click();
      const row = manage.getByTestId('invitation').filter({ hasText: colleague.email });
      await expect(row).toHaveAttribute('data-status', 'pending');
      await expect(row.getByTestId('invitation-resend')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(manage).toBeHidden();
    });

    const other = await browser.newContext();
    const peer = await other.newPage();
    try {
      await test.step('the colleague opens the invitation from the development mailbox, registers and accepts', async () => {
        await peer.goto('/dev/mailbox');
        const mail = peer.getByTestId('dev-mailbox-message').filter({ hasText: colleague.email }).first();
        // the worker sends it in the background
        await expect(mail).toBeVisible({ timeout: 20_000 });
        await mail.click();
        const body = peer.getByTestId('dev-mailbox-body');
        await expect(body).toContainText(groupName);
        await expect(body).toContainText('Join our statistics group!');
        await body.getByRole('link', { name: /\/community\/invitations\// }).click();
        await expect(peer.getByTestId('invitation-page')).toBeVisible();
        await expect(peer.getByTestId('invitation-group-name')).toHaveText(groupName);
        await peer.getByTestId('invitation-register').click();
        await expect(authModal(peer)).toBeVisible();
        await fillRegistration(authModal(peer), colleague);
        // back on the invitation, signed in now
        await expect(peer.getByTestId('invitation-page')).toBeVisible();
        await peer.getByTestId('invitation-accept').click();
        await expect(peer).toHaveURL(new RegExp(`${groupUrl.replace(/^https?:\/\/[^/]+/, '')}`));
        await expect(peer.getByTestId('group-workspace')).toHaveAttribute('data-member', 'true');
      });

      await test.step("both see each other's messages appear without a reload", async () => {
        await page.goto(`${groupUrl}?tab=messages`);
        await expect(page.getByTestId('messages-list')).toBeVisible();
        await peer.getByTestId('workspace-tab-messages').click();
        await expect(peer.getByTestId('messages-list')).toBeVisible();

        await page.getByTestId('message-input').fill('Hello! Chapter 3 for Thursday?');
        await page.getByTestId('message-send').click();
        await expect(peer.getByTestId('message-content').filter({ hasText: 'Hello! Chapter 3 for Thursday?' })).toBeVisible({
          timeout: 15_000,
        });

        await peer.getByTestId('message-input').fill('Sounds good, see you then.');
        await peer.getByTestId('message-send').click();
        await expect(page.getByTestId('message-content').filter({ hasText: 'Sounds good, see you then.' })).toBeVisible({
          timeout: 15_000,
        });
        // the sender's own message is shown once
        await expect(page.getByTestId('message-content').filter({ hasText: 'Hello! Chapter 3 for Thursday?' })).toHaveCount(1);
      });

      await test.step('the colleague shares a file and the learner downloads it', async () => {
        await peer.getByTestId('workspace-tab-files').click();
        await peer.getByTestId('file-input').setInputFiles({
          name: 'formulas.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('mean = sum / n\nvariance = mean of squared deviations\n'),
        });
        await peer.getByTestId('file-upload').click();
        const row = peer.getByTestId('file-row').filter({ hasText: 'formulas.txt' });
        await expect(row).toBeVisible();
        await expect(row.getByTestId('file-size')).toHaveText('53 Bytes');

        await page.getByTestId('workspace-tab-files').click();
        const mine = page.getByTestId('file-row').filter({ hasText: 'formulas.txt' });
        await expect(mine).toBeVisible();
        const [download] = await Promise.all([page.waitForEvent('download'), mine.getByTestId('file-download').click()]);
        expect(download.suggestedFilename()).toBe('formulas.txt');
      });

      await test.step('the learner schedules an event', async () => {
        await page.getByTestId('workspace-tab-events').click();
        const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
        await page.getByTestId('event-form-title').fill('Exam prep session');
        await page.getByTestId('event-form-date').fill(date);
        await page.getByTestId('event-form-time').fill('18:30');
        await page.getByTestId('event-form-link').fill('https://meet.jit.si/stats-exam-prep');
        await page.getByTestId('event-form-description').fill("We go through last year's exam.");
        await page.getByTestId('event-form-submit').click();
        const event = page.getByTestId('event').filter({ hasText: 'Exam prep session' });
        await expect(event).toBeVisible();
        await expect(event.getByTestId('event-when')).toHaveText(`${date} at 18:30`);
        await peer.getByTestId('workspace-tab-events').click();
        await expect(peer.getByTestId('event').filter({ hasText: 'Exam prep session' })).toBeVisible();
      });

      await test.step('the colleague sends the learner a direct message from the members tab', async () => {
        await peer.getByTestId('workspace-tab-members').click();
        const learnerRow = peer.getByTestId('member').filter({ hasText: owner.name });
        await learnerRow.getByTestId('member-message').click();
        const dialog = peer.getByTestId('direct-message-dialog');
        await dialog.getByTestId('direct-message-content').fill('Thanks for the invitation!');
        await dialog.getByTestId('direct-message-send').click();
        await expect(dialog).toBeHidden();
        const inbox = await request.get('/api/messages', { headers: { authorization: `Bearer ${owner.token}` } });
        expect(inbox.status()).toBe(200);
        expect(await inbox.json()).toEqual([
          expect.objectContaining({
            recipient_id: owner.id,
            content: 'Thanks for the invitation!',
            context: expect.stringContaining('study_group:'),
          }),
        ]);
      });
    } finally {
      await other.close();
    }
  });

  test('moderation sticks: a removed member is told why, cannot rejoin, and joins again once the owner lifts the removal', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await registerViaApi(request, 'learner', 'ban-owner');
    const member = await registerViaApi(request, 'learner', 'ban-member');
    const auth = (a: { token: string }) => ({ authorization: `Bearer ${a.token}` });
    const created = await request.post('/api/study-groups', {
      headers: auth(owner),
      data: {
        name: `Moderated Group ${stamp()}`,
        description: 'Bans stay with the group.',
        category: 'programming_development',
        privacy: 'public',
      },
    });
    expect(created.status()).toBe(201);
    const groupId = ((await created.json()) as { id: string }).id;
    expect((await request.post(`/api/study-groups/${groupId}/join`, { headers: auth(member) })).status()).toBe(200);

    await test.step('the owner removes the member; the Bans tab shows who removed whom', async () => {
      await signInWithToken(page, owner.token, `/community/groups/${groupId}`);
      await page.getByTestId('manage-members-button').click();
      const manage = page.getByTestId('manage-members-dialog');
      const row = manage.getByTestId('manage-member').filter({ hasText: member.name });
      await row.getByTestId('member-remove').click();
      await page.getByTestId('member-action-confirm').getByRole('button', { name: 'Remove' }).click();
      await expect(row).toHaveCount(0);
      await manage.getByTestId('manage-tab-bans').click();
      const ban = manage.getByTestId('ban').filter({ hasText: member.name });
      await expect(ban).toHaveAttribute('data-kind', 'removed');
      await expect(ban.getByTestId('ban-by')).toContainText(`Removed by ${owner.name}`);
      await axeClean(page);
    });

    const other = await browser.newContext();
    const memberPage = await other.newPage();
    await test.step('the removed member opens the group: told why, no Join button', async () => {
      await signInWithToken(memberPage, member.token, `/community/groups/${groupId}`);
      await expect(memberPage.getByTestId('workspace-removed')).toContainText('removed you from this group');
      await expect(memberPage.getByTestId('workspace-join')).toHaveCount(0);
    });

    await test.step('the owner lifts the removal; the member joins again', async () => {
      const manage = page.getByTestId('manage-members-dialog');
      await manage.getByTestId('ban').filter({ hasText: member.name }).getByTestId('ban-lift').click();
      await page.getByTestId('ban-lift-confirm').getByRole('button', { name: 'Lift' }).click();
      await expect(manage.getByTestId('bans-empty')).toBeVisible();
      await manage.getByTestId('bans-history').click();
      await expect(manage.getByTestId('ban').filter({ hasText: member.name })).toHaveAttribute('data-lifted', 'true');
      await memberPage.reload();
      await memberPage.getByTestId('workspace-join').click();
      await expect(memberPage.getByTestId('group-workspace')).toHaveAttribute('data-member', 'true');
    });
    await other.close();
  });

  test('a Q&A question is answered, upvoted and accepted', async ({ page, browser, request }) => {
    const asker = await registerViaApi(request, 'learner', 'qa-asker');
    const helper = await registerViaApi(request, 'instructor', 'qa-helper');
    const title = `How do I compute a median of an even-sized list? ${stamp()}`;

    await test.step('the learner asks on /qa', async () => {
      await signInWithToken(page, asker.token, '/qa');
      await expect(page.getByTestId('qa-page')).toBeVisible();
      await page.getByTestId('ask-question-button').click();
      const dialog = page.getByTestId('ask-question-dialog');
      await dialog.getByTestId('ask-submit').click();
      await expect(dialog.getByTestId('ask-error')).toHaveText('Please fill in all fields');
      await dialog.getByTestId('ask-title').fill(title);
      await dialog
        .getByTestId('ask-content')
        .fill('With an odd number of values it is the middle one, but what about an even number of values?');
      await dialog.getByTestId('ask-category').selectOption('mathematics');
      await dialog.getByTestId('ask-tags').fill('statistics, median');
      await dialog.getByTestId('ask-submit').click();
      await expect(page).toHaveURL(/\/qa\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('question-title')).toHaveText(title);
      // nobody upvotes their own question
      await expect(page.getByTestId('question-upvote')).toBeDisabled();
      await axeClean(page);
    });
    const questionUrl = page.url();

    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await test.step('an instructor answers; the learner sees the answer appear live', async () => {
        await signInWithToken(second, helper.token, '/qa');
        await second.getByTestId('qa-search').fill('median even');
        const card = second.getByTestId('question-card').filter({ hasText: title });
        await expect(card).toBeVisible();
        await card.getByTestId('question-card-link').click();
        await expect(second.getByTestId('question-title')).toHaveText(title);
        await second.getByTestId('question-upvote').click();
        await expect(second.getByTestId('question-upvotes')).toHaveText('1');
        await expect(second.getByTestId('answer-accept')).toHaveCount(0);
        await second
          .getByTestId('answer-content')
          .fill('Take the mean of the two middle values: for 1, 3, 5, 7 the median is (3 + 5) / 2 = 4.');
        await second.getByTestId('answer-submit').click();
        await expect(second.getByTestId('answer')).toHaveCount(1);

        await expect(page.getByTestId('answer')).toHaveCount(1, { timeout: 15_000 });
      });

      await test.step('the learner upvotes and accepts the answer', async () => {
        const answer = page.getByTestId('answer').first();
        await answer.getByTestId('answer-upvote').click();
        await expect(answer.getByTestId('answer-upvotes')).toHaveText('1');
        await answer.getByTestId('answer-accept').click();
        await expect(page.getByTestId('answer').first()).toHaveAttribute('data-accepted', 'true');
        await expect(page.getByTestId('answer-accepted')).toBeVisible();
      });

      await test.step('the question shows as answered with its figures in the list', async () => {
        await page.goto('/qa');
        const card = page.getByTestId('question-card').filter({ hasText: title });
        await expect(card.getByTestId('question-card-answers')).toContainText('1');
        await expect(card.getByTestId('question-card-upvotes')).toContainText('1');
        await page.goto(questionUrl);
        await expect(page.getByTestId('answer').first()).toHaveAttribute('data-accepted', 'true');
      });
    } finally {
      await other.close();
    }
  });
});
