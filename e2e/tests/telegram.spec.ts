import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';

// the bot's local double of the Bot API, beside the journeys' port (e2e/stack.mjs)
const DOUBLE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3310') + 1}`;

test('the code shown on /profile, sent to the bot, links the account: /profile then shows it linked', async ({ page, request }) => {
  const account = await registerViaApi(request, 'learner', 'telegram');
  await signInWithToken(page, account.token, '/profile');
  const card = page.getByRole('region', { name: 'Telegram Integration' });
  await expect(card.getByText('Not linked', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Generate code' }).click();
  const code = (await page.getByTestId('telegram-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  // a pretend Telegram user writes to the bot through the double's side door
  const telegramId = 600_000 + Math.floor(Math.random() * 100_000);
  const sent = await request.post(`${DOUBLE}/_double/users/${telegramId}/messages`, {
    data: { text: `/start ${code}`, first_name: 'Ada', username: 'ada_e2e' },
  });
  expect(sent.ok()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${DOUBLE}/_double/chats/${telegramId}`)).json()) as { result: Array<{ text: string }> }).result
          .map((m) => m.text)
          .join('\n'),
      {
        timeout: 10_000,
      },
    )
    .toMatch(/^Done: this Telegram account is now linked to .+'s LearnHub account\./);

  await page.reload();
  await expect(card.getByText('Linked', { exact: true })).toBeVisible();
  await expect(card.getByText('Linked as @ada_e2e')).toBeVisible();
});
