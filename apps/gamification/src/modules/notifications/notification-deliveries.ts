import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NOTIFICATION_DIGEST } from '@lp/contracts';
import { Clock, EmailQueue, ENV, LOGGER, UnitOfWork, type Logger } from '@lp/service-kit';
import { TransactionQueues, type TransactionQueue } from '../../common/transaction-queues.js';
import type { GamificationEnv } from '../../config/gamification-env.js';
import { notBefore } from './delivery-plan.js';
import { notificationEmail } from './notification-email.js';
import { NotificationsRepository, type PendingDelivery } from './notifications.repository.js';
import { PushQueue, handOverPush } from './push-hand-over.js';
import { TelegramQueue, handOverTelegram } from './telegram-channel.js';
import { TelegramChatsRepository } from './telegram-chats.repository.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

/** How often deliveries still pending are handed to the worker again (Redis away, a crash between commit and hand-over). */
export const DELIVERY_SWEEP_MS = 30_000;
const SWEEP_BATCH = 500;

/** The worker's job id of one delivery: the same notification and channel are one job, so never sent twice. */
export const deliveryJobId = (notificationId: string, channel: string) => `notification:${notificationId}:${channel}`;

/**
 * Hands a notification's deliveries to the worker once the transaction that made them committed:
 * each a job of its channel (JOBS.sendEmail, the Telegram one, JOBS.sendPush) under its own job
 * id, delayed to the end of the recipient's quiet hours when it is due inside them; the worker
 * sends and retries it. A sweep (at boot and every DELIVERY_SWEEP_MS) hands over what is still
 * pending, so a Redis outage or a crash between the commit and the hand-over only delays a
 * delivery (docs/notifications.md).
 */
@Injectable()
export class NotificationDeliveries implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly committed: TransactionQueue<string>;
  private readonly withdrawn: TransactionQueue<string>;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(NotificationsRepository) private readonly repo: NotificationsRepository,
    @Inject(EmailQueue) private readonly email: EmailQueue,
    @Inject(ENV) private readonly env: GamificationEnv,
    @Inject(TransactionQueues) queues: TransactionQueues,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(PushQueue) private readonly push: PushQueue,
    @Inject(UnsubscribeLinks) private readonly unsubscribe: UnsubscribeLinks,
    @Inject(TelegramQueue) private readonly telegram: TelegramQueue,
    @Inject(TelegramChatsRepository) private readonly telegramChats: TelegramChatsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.committed = queues.afterCommit<string>((ids) => void this.handOver({ ids: [...new Set(ids)] }));
    this.withdrawn = queues.afterCommit<string>((jobIds) => void this.withdraw(jobIds));
  }

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), DELIVERY_SWEEP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Jobs of deliveries that must not go out any more (an account deleted), withdrawn once `tx` commits; those already sent are sent. */
  withdrawAfterCommit(tx: EntityManager, jobIds: readonly string[]): void {
    for (const id of jobIds) this.withdrawn.add(tx, id);
  }

  /** The deliveries of these notifications are handed over once `tx` commits (nothing if it rolls back). */
  afterCommit(tx: EntityManager, notificationIds: readonly string[]): void {
    for (const id of notificationIds) this.committed.add(tx, id);
  }

  /**
   * The digests due folded and handed over, then every delivery pending for longer than a
   * sweep's period; answers how many were handed over. One sweep at a time per process.
   */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.sweeping ??= (async () => {
      const digests = await this.foldDigests();
      return digests + (await this.handOver({ olderThan: new Date(Date.now() - DELIVERY_SWEEP_MS) }));
    })().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /**
   * Each recipient's held deliveries of one type on one channel whose first is a digest window
   * old, folded into one delivery (its own transaction per digest, so a crash loses none) and
   * handed over: one message per channel, held through quiet hours like any other.
   */
  private async foldDigests(): Promise<number> {
    let handed = 0;
    try {
      for (;;) {
        const due = await this.repo.dueDigests(NOTIFICATION_DIGEST.windowMs, SWEEP_BATCH);
        const carriers: string[] = [];
        for (const g of due) {
          const carrier = await this.uow.run((tx) => this.repo.foldDigest(tx, g, notBefore(this.clock.now(), g.timeZone, false)));
          if (carrier) carriers.push(carrier);
        }
        if (carriers.length) handed += await this.handOver({ ids: carriers });
        if (due.length < SWEEP_BATCH || this.stopped) break;
      }
    } catch (err) {
      this.log.warn({ err }, 'notification deliveries: digests could not be folded; the sweep tries again');
    }
    return handed;
  }

  private async withdraw(jobIds: readonly string[]): Promise<void> {
    try {
      for (const id of jobIds) await this.email.withdraw(id);
    } catch (err) {
      this.log.warn({ err, jobs: jobIds.length }, 'notification deliveries: a job could not be withdrawn');
    }
  }

  private async handOver(filter: { ids?: readonly string[]; olderThan?: Date }): Promise<number> {
    if (this.stopped) return 0;
    let handed = 0;
    try {
      for (;;) {
        const batch = await this.repo.pending({ ...filter, limit: SWEEP_BATCH });
        if (!batch.length) break;
        const queued: PendingDelivery[] = [];
        const impossible: PendingDelivery[] = [];
        for (const d of batch) {
          if (d.channel === 'push') {
            await handOverPush(this.push, d, this.env.PUBLIC_URL, deliveryJobId(d.notificationId, d.channel));
            queued.push(d);
            continue;
          }
          if (d.channel === 'telegram') {
            const handed = await handOverTelegram(
              this.telegram,
              this.telegramChats,
              d,
              this.env.PUBLIC_URL,
              deliveryJobId(d.notificationId, d.channel),
            );
            (handed ? queued : impossible).push(d);
            continue;
          }
          if (d.channel !== 'email' || !d.email) {
            impossible.push(d);
            continue;
          }
          await this.email.add(
            notificationEmail({ ...d, email: d.email }, this.env.PUBLIC_URL, this.unsubscribe.urls(d.userId, d.type)),
            deliveryJobId(d.notificationId, d.channel),
            d.notBefore.getTime() - Date.now(),
          );
          queued.push(d);
        }
        await this.repo.settle(queued, 'queued');
        await this.repo.settle(impossible, 'failed');
        handed += queued.length;
        if (batch.length < SWEEP_BATCH) break;
      }
    } catch (err) {
      this.log.warn({ err }, 'notification deliveries: hand-over failed; the sweep tries again');
    }
    return handed;
  }
}
