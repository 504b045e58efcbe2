import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { JOBS, TelegramJob } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { ENV, LOGGER, queuePrefix, type Logger } from '@lp/service-kit';
import type { TelegramBotEnv } from '../config/telegram-bot-env.js';
import { RpcBotBackend, type BotBackend } from './bot-backend.js';
import { BotRunner } from './bot-runner.service.js';

/**
 * Sends the Telegram notifications gamification hands over (JOBS.sendTelegram): one job per
 * notification under `notification:<id>:telegram`, so a hand-over twice is one message. At send
 * time the chat must still be linked to the recipient (identity answers), else nothing is sent:
 * an unlink between the hand-over and the send (or an unlink event not yet applied) wins.
 */
@Injectable()
export class NotificationSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;
  private readonly backend: BotBackend;

  constructor(
    @Inject(ENV) private readonly env: TelegramBotEnv,
    @Inject(BotRunner) private readonly runner: BotRunner,
    @Inject(RpcClient) rpc: RpcClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.backend = new RpcBotBackend(rpc);
  }

  async onApplicationBootstrap(): Promise<void> {
    // BullMQ owns connections it creates from options and closes them with the worker
    this.worker = new Worker(JOBS.sendTelegram.queue, (job: Job) => this.send(job), {
      connection: { url: this.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: queuePrefix(this.env.BUS_PREFIX),
      concurrency: this.env.TELEGRAM_SEND_CONCURRENCY,
    });
    this.worker.on('failed', (job, err) =>
      this.log.warn({ jobId: job?.id, attempt: job?.attemptsMade, err }, 'telegram notification failed'),
    );
    this.worker.on('error', (err) => this.log.error({ err }, 'telegram notification worker error'));
    await this.worker.waitUntilReady();
  }

  private async send(job: Job): Promise<{ sent: boolean; message_id: number | null }> {
    const data = TelegramJob.parse(job.data);
    const user = await this.backend.linkedUser(data.chat_id);
    if (user?.user_id !== data.user_id) {
      this.log.info({ jobId: job.id }, 'telegram notification not sent: the chat is no longer linked to its recipient');
      return { sent: false, message_id: null };
    }
    const m = await this.runner.api().sendMessage(Number(data.chat_id), data.text, { link_preview_options: { is_disabled: true } });
    return { sent: true, message_id: m.message_id };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
