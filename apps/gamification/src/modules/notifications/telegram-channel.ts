import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { JOBS, PLATFORM_TIME_ZONE, gamificationInternal, identityEvents, type EventPayload, type TelegramJob } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { ENV, HandlesInternal, JobProducer, OnEvent, entityManager, type BaseEnv } from '@lp/service-kit';
import { XpRepository } from '../xp/xp.repository.js';
import { TelegramChatsRepository } from './telegram-chats.repository.js';
import { deliveryText } from './delivery-text.js';
import type { PendingDelivery } from './notifications.repository.js';

/** Gamification's side of the Telegram jobs (JOBS.sendTelegram): it says what to send and where, the bot sends it. */
@Injectable()
export class TelegramQueue extends JobProducer<typeof JOBS.sendTelegram> {
  constructor(@Inject(ENV) env: BaseEnv) {
    super(JOBS.sendTelegram, env);
  }
}

/** The text of one notification in a Telegram chat: its title, its body, and where it leads. */
export function telegramText(d: Pick<PendingDelivery, 'type' | 'params' | 'link' | 'digest' | 'timeZone'>, publicUrl: string): string {
  const { title, body, lines } = deliveryText(d, d.timeZone);
  const path = d.link?.startsWith('/') && !d.link.startsWith('//') ? d.link : '/notifications';
  return [title, '', body, ...lines.map((l) => `• ${l}`), '', `${publicUrl}${path}`].join('\n').slice(0, 4096);
}

/**
 * The Telegram branch of the hand-over: one job per notification to the linked chat, held to
 * `notBefore` (quiet hours). False when the user has no chat (unlinked since) or switched
 * Telegram off: the delivery cannot be made.
 */
export async function handOverTelegram(
  queue: TelegramQueue,
  chats: TelegramChatsRepository,
  d: PendingDelivery,
  publicUrl: string,
  jobId: string,
): Promise<boolean> {
  const chat = await chats.find(d.userId);
  if (!chat?.on) return false;
  const job: TelegramJob = { notification_id: d.notificationId, user_id: d.userId, chat_id: chat.chatId, text: telegramText(d, publicUrl) };
  await queue.add(job, jobId, d.notBefore.getTime() - Date.now());
  return true;
}

type Switch = typeof gamificationInternal.botTelegramSwitch;
type TimeZone = typeof gamificationInternal.botTimeZone;

/**
 * The Telegram channel's state: which chat a user's notifications go to (from identity's link
 * and unlink events) and the user's one Telegram switch, read and set by the bot's /settings.
 */
@Injectable()
export class TelegramChannel {
  constructor(
    @Inject(TelegramChatsRepository) private readonly chats: TelegramChatsRepository,
    @Inject(XpRepository) private readonly stats: XpRepository,
  ) {}

  @OnEvent(identityEvents.telegramLinked)
  async linked(p: EventPayload<typeof identityEvents.telegramLinked>, ctx: EventContext): Promise<void> {
    await this.chats.link(entityManager(ctx.tx), p.user_id, p.telegram_user_id, new Date(p.linked_at));
  }

  @OnEvent(identityEvents.telegramUnlinked)
  async unlinked(p: EventPayload<typeof identityEvents.telegramUnlinked>, ctx: EventContext): Promise<void> {
    await this.chats.unlink(entityManager(ctx.tx), p.user_id, new Date(p.unlinked_at));
  }

  @HandlesInternal(gamificationInternal.botTimeZone)
  async timeZone(req: z.infer<TimeZone['request']>): Promise<z.infer<TimeZone['response']>> {
    return { time_zone: (await this.stats.stats(req.user_id))?.time_zone ?? PLATFORM_TIME_ZONE };
  }

  @HandlesInternal(gamificationInternal.botTelegramSwitch)
  async telegramSwitch(req: z.infer<Switch['request']>): Promise<z.infer<Switch['response']>> {
    if (req.on !== undefined && (await this.chats.setOn(req.user_id, req.on))) return { on: req.on, linked: true };
    const chat = await this.chats.find(req.user_id);
    return { on: chat?.on ?? false, linked: chat !== null };
  }
}
