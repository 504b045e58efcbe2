import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { PLATFORM_TIME_ZONE } from '@lp/contracts';
import { Clock, UnitOfWork } from '@lp/service-kit';
import { GamificationModule } from '../../gamification/src/app.module.js';
import { NotificationsService } from '../../gamification/src/modules/notifications/notifications.service.js';
import { deliveryJobId } from '../../gamification/src/modules/notifications/notification-deliveries.js';
import { TelegramQueue, handOverTelegram } from '../../gamification/src/modules/notifications/telegram-channel.js';
import { TelegramChatsRepository } from '../../gamification/src/modules/notifications/telegram-chats.repository.js';
import type { PendingDelivery } from '../../gamification/src/modules/notifications/notifications.repository.js';
import { BotHarness, type Account } from './support/bot-harness.js';
import type { DoubleUser } from '../src/dev/bot-api-double.js';

jest.setTimeout(90_000);

let h: BotHarness;
let clock: Clock;
beforeAll(async () => {
  h = await BotHarness.start({ gamification: (env) => GamificationModule.create(env) });
  clock = h.services.gamification!.app.get(Clock);
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await h?.stop();
});

const gamification = () => h.services.gamification!;
/** 10:00 in Addis Ababa (the platform's time zone): outside quiet hours */
const daytime = () => {
  const d = new Date();
  d.setUTCHours(7, 0, 0, 0);
  // the last one gone by: a notBefore in the past is sent at once
  if (d.getTime() > Date.now()) d.setUTCDate(d.getUTCDate() - 1);
  return d;
};

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const chatKnown = async (a: Account) =>
  (await gamification().ds.query('SELECT 1 FROM telegram_chats WHERE user_id = $1', [a.userId])).length > 0;

async function levelUp(a: Account, level: number): Promise<string> {
  const svc = gamification().app.get(NotificationsService);
  await gamification()
    .app.get(UnitOfWork)
    .run(async (tx) =>
      svc.notify(tx, 'level_up', [
        { userId: a.userId, params: { level, total_xp: level * 100 }, link: '/gamification', sourceKey: `level:${level}` },
      ]),
    );
  const [row] = await gamification().ds.query(`SELECT id FROM notifications WHERE user_id = $1 AND source_key = $2`, [
    a.userId,
    `level:${level}`,
  ]);
  return row.id as string;
}

async function linkedAndKnown(name: string): Promise<{ a: Account; tg: DoubleUser }> {
  const a = await h.register(name);
  const tg = await h.linked(a);
  await until(() => chatKnown(a));
  return { a, tg };
}

describe('Telegram notifications', () => {
  it('a notification of a Telegram type reaches the linked chat: its title, its text and its link', async () => {
    jest.spyOn(clock, 'now').mockReturnValue(daytime());
    const { a, tg } = await linkedAndKnown('Ada Lovelace');
    const after = h.double.lastMessageId;
    await levelUp(a, 3);
    const m = await h.double.waitForMessage(tg.id, { after, timeoutMs: 10_000 });
    expect(m.text).toBe('Level 3 reached\n\nYou reached level 3 with 300 XP.\n\nhttp://learnhub.test/gamification');
  });

  it('handed over twice, sent once (one job id per notification and channel)', async () => {
    const { a, tg } = await linkedAndKnown('Bo');
    const queue = gamification().app.get(TelegramQueue);
    const chats = gamification().app.get(TelegramChatsRepository);
    const notificationId = randomUUID();
    const d: PendingDelivery = {
      notificationId,
      channel: 'telegram',
      userId: a.userId,
      notBefore: new Date(),
      type: 'level_up',
      params: { level: 9, total_xp: 900 },
      link: null,
      email: null,
      name: null,
      timeZone: PLATFORM_TIME_ZONE,
      digest: null,
    };
    const after = h.double.lastMessageId;
    await handOverTelegram(queue, chats, d, 'http://x', deliveryJobId(notificationId, 'telegram'));
    await handOverTelegram(queue, chats, d, 'http://x', deliveryJobId(notificationId, 'telegram'));
    await h.double.waitForMessage(tg.id, { after, timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(h.double.messagesTo(tg.id).filter((m) => m.message_id > after && m.text.startsWith('Level 9'))).toHaveLength(1);
  });

  it('a user who unlinked gets nothing: no delivery is made, and a job handed over before the unlink is not sent', async () => {
    jest.spyOn(clock, 'now').mockReturnValue(daytime());
    const { a, tg } = await linkedAndKnown('Cy');
    const queue = gamification().app.get(TelegramQueue);
    expect((await h.say(tg, '/unlink')).text).toMatch(/no longer linked/);
    // handed over while gamification still knew the chat: the bot asks identity at send time
    const stale = randomUUID();
    const job = await queue.add(
      { notification_id: stale, user_id: a.userId, chat_id: String(tg.id), text: 'should not arrive' },
      deliveryJobId(stale, 'telegram'),
      0,
    );
    await until(() => chatKnown(a).then((known) => !known));
    const after = h.double.lastMessageId;
    const id = await levelUp(a, 4);
    expect(
      await gamification().ds.query(`SELECT 1 FROM notification_deliveries WHERE notification_id = $1 AND channel = 'telegram'`, [id]),
    ).toEqual([]);
    await expect(queue.waitFor(job, 10_000)).resolves.toEqual({ sent: false, message_id: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(h.double.messagesTo(tg.id).filter((m) => m.message_id > after)).toEqual([]);
  });

  it('/settings turns Telegram notifications off and on with its button; off: no Telegram delivery', async () => {
    jest.spyOn(clock, 'now').mockReturnValue(daytime());
    const { a, tg } = await linkedAndKnown('Di');
    const settings = await h.say(tg, '/settings');
    expect(settings.text).toBe('Telegram notifications are on.');
    expect(settings.reply_markup?.inline_keyboard?.[0]?.[0]).toEqual({ text: 'Turn off', callback_data: 'settings:off' });
    const off = await h.press(tg, settings, 'settings:off');
    expect(off.text).toBe('Telegram notifications are off. I will not send you notifications.');
    expect(off.reply_markup?.inline_keyboard?.[0]?.[0]).toEqual({ text: 'Turn on', callback_data: 'settings:on' });
    expect(h.double.calls.some((c) => c.method === 'answerCallbackQuery')).toBe(true);
    const id = await levelUp(a, 5);
    expect(
      await gamification().ds.query(`SELECT 1 FROM notification_deliveries WHERE notification_id = $1 AND channel = 'telegram'`, [id]),
    ).toEqual([]);
    expect((await h.say(tg, '/settings')).text).toBe('Telegram notifications are off.');
    const on = await h.press(tg, off, 'settings:on');
    expect(on.text).toBe('Telegram notifications are on. You will get your notifications here.');
    const after = h.double.lastMessageId;
    await levelUp(a, 6);
    expect((await h.double.waitForMessage(tg.id, { after, timeoutMs: 10_000 })).text).toMatch(/^Level 6 reached/);
  });

  it('inside quiet hours the message waits for the morning', async () => {
    // 23:00 in Addis Ababa, on a night whose 07:00 is still ahead of the real clock (the job's delay is counted on it)
    const night = new Date();
    night.setUTCHours(20, 0, 0, 0);
    if (night.getTime() + 8 * 3600_000 <= Date.now()) night.setUTCDate(night.getUTCDate() + 1);
    jest.spyOn(clock, 'now').mockReturnValue(night);
    const { a, tg } = await linkedAndKnown('Ed');
    const after = h.double.lastMessageId;
    const id = await levelUp(a, 7);
    await new Promise((r) => setTimeout(r, 1500));
    expect(h.double.messagesTo(tg.id).filter((m) => m.message_id > after)).toEqual([]);
    // handed over, as a job delayed to 07:00
    const [delivery] = await gamification().ds.query(
      `SELECT status, not_before FROM notification_deliveries WHERE notification_id = $1 AND channel = 'telegram'`,
      [id],
    );
    expect(delivery.status).toBe('queued');
    expect(new Date(delivery.not_before).getTime()).toBe(night.getTime() + 8 * 3600_000);
  });
});
