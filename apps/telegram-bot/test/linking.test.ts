import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityRoutes } from '@lp/contracts';
import { BotHarness } from './support/bot-harness.js';

jest.setTimeout(60_000);

let h: BotHarness;
beforeAll(async () => {
  h = await BotHarness.start();
});
afterAll(async () => {
  await h?.stop();
});

const status = (a: Awaited<ReturnType<BotHarness['register']>>) => h.call(identityRoutes.telegramLinkStatus, {}, a.caller);

describe('/start <code>: linking the account made on /profile', () => {
  it('links with a valid code: /profile shows the Telegram account, the bot greets by name', async () => {
    const ada = await h.register('Ada Lovelace');
    const tg = h.telegramUser('Ada');
    const reply = await h.say(tg, `/start ${await h.linkCode(ada)}`);
    expect(reply.text).toBe(
      "Done: this Telegram account is now linked to Ada Lovelace's LearnHub account. You will get your notifications here.\n\nSend /help to see what I can do.",
    );
    await expect(status(ada)).resolves.toMatchObject({ linked: true, telegram_username: tg.username });
    expect((await h.say(tg, '/start')).text).toBe(
      'Welcome back, Ada Lovelace! Your LearnHub account is linked.\n\nSend /help to see what I can do.',
    );
  });

  it('refuses a code used once already', async () => {
    const ada = await h.register();
    const code = await h.linkCode(ada);
    await h.say(h.telegramUser(), `/start ${code}`);
    const other = h.telegramUser('Eve');
    expect((await h.say(other, `/start ${code}`)).text).toBe(
      'This code was already used. Generate a new one on your Profile and send /start <code> again.',
    );
  });

  it('refuses a code 5 minutes old', async () => {
    const ada = await h.register();
    const code = await h.linkCode(ada);
    // five minutes pass: the code's expiry moves back by its whole lifetime
    await h.services.identity!.ds.query(`UPDATE telegram_link_codes SET expires_at = expires_at - interval '300 seconds' WHERE code = $1`, [
      code,
    ]);
    const tg = h.telegramUser();
    expect((await h.say(tg, `/start ${code}`)).text).toBe(
      'This code has expired (a code is valid for 5 minutes). Generate a new one on your Profile and send /start <code> again.',
    );
    expect((await status(ada)).linked).toBe(false);
  });

  it('a code one second short of 5 minutes still links', async () => {
    const ada = await h.register();
    const code = await h.linkCode(ada);
    await h.services.identity!.ds.query(`UPDATE telegram_link_codes SET expires_at = now() + interval '2 seconds' WHERE code = $1`, [code]);
    expect((await h.say(h.telegramUser(), `/start ${code}`)).text).toMatch(/^Done: /);
  });

  it('refuses an unknown code', async () => {
    expect((await h.say(h.telegramUser(), '/start ZZZZ2222')).text).toBe(
      'I do not know this code. Check it on your Profile, or generate a new one there, then send /start <code> again.',
    );
  });

  it('refuses a Telegram account linked to someone else, and an account linked to another Telegram account', async () => {
    const ada = await h.register();
    const tg = await h.linked(ada);
    const bob = await h.register('Bob');
    expect((await h.say(tg, `/start ${await h.linkCode(bob)}`)).text).toBe(
      'This Telegram account is already linked to another LearnHub account. Send /unlink first if you want to link it to this one.',
    );
    expect((await h.say(h.telegramUser(), `/start ${await h.linkCode(ada)}`)).text).toBe(
      'That LearnHub account is already linked to another Telegram account. Unlink it on your Profile first, then generate a new code.',
    );
    expect((await status(bob)).linked).toBe(false);
  });

  it('/start without a code explains how to link', async () => {
    expect((await h.say(h.telegramUser('Grace'), '/start')).text).toBe(
      'Welcome to LearnHub, Grace!\n\nTo link your account, open your Profile on LearnHub, choose "Generate code" under Telegram Integration and send me:\n/start <code>',
    );
  });
});

describe('/unlink, /help and what the bot does not know', () => {
  it('/unlink removes the link: /profile shows it unlinked, commands ask to link again', async () => {
    const ada = await h.register();
    const tg = await h.linked(ada);
    expect((await h.say(tg, '/unlink')).text).toBe(
      'This Telegram account is no longer linked to LearnHub. You will get no more notifications here.',
    );
    expect((await status(ada)).linked).toBe(false);
    expect((await h.say(tg, '/unlink')).text).toBe(
      'This Telegram account is not linked to LearnHub yet. Open your Profile on LearnHub, generate a code and send me /start <code>.',
    );
  });

  it('an unlink on /profile takes effect at the next message', async () => {
    const ada = await h.register();
    const tg = await h.linked(ada);
    await h.call(identityRoutes.telegramUnlink, {}, ada.caller);
    expect((await h.say(tg, '/unlink')).text).toMatch(/^This Telegram account is not linked to LearnHub yet/);
  });

  it('/help lists every command; an unknown command and plain text are answered with the help', async () => {
    const tg = await h.linked(await h.register());
    const help = (await h.say(tg, '/help')).text;
    for (const c of ['/start', '/courses', '/deadlines', '/quiz', '/leaderboard', '/settings', '/unlink', '/help'])
      expect(help).toContain(`${c} - `);
    expect(help).not.toContain('Link your account first');
    expect((await h.say(tg, '/dance')).text).toBe(`Sorry, I do not know that command.\n\n${help}`);
    expect((await h.say(tg, 'hello?')).text).toBe(`Sorry, I do not know that command.\n\n${help}`);
    expect((await h.say(h.telegramUser(), '/help')).text).toContain('Link your account first');
  });

  it('tells Telegram its command menu', () => {
    const menu = h.double.calls.find((c) => c.method === 'setMyCommands');
    expect(menu?.params.commands).toEqual(expect.arrayContaining([{ command: 'quiz', description: 'One practice question' }]));
  });
});
