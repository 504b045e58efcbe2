import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RpcClient } from '@lp/bus';
import { REFERRAL_REWARD_CURRENCY, billingInternal } from '@lp/contracts';
import { LOGGER, type Logger } from '@lp/service-kit';
import type { z } from 'zod';
import { TransactionQueues, type TransactionQueue } from '../../common/transaction-queues.js';
import { ReferralsRepository } from './referrals.repository.js';

type CreditReply = z.infer<typeof billingInternal.creditPromotion.response>;

/** How often unpaid rewards are asked for again (billing away, a crash between commit and credit). */
export const REWARD_SWEEP_MS = 30_000;
const SWEEP_BATCH = 50;

/**
 * Pays completed referrals' money through billing, after the completion committed: the
 * credit is asked right after the commit, and a sweep (at boot and every REWARD_SWEEP_MS)
 * asks again for every completed reward billing has not confirmed, so a billing outage or
 * a crash between the commit and the call only delays it. Billing pays once per referral id
 * (its idempotency key), so asking twice, from two sweeps or two instances, pays once.
 */
@Injectable()
export class ReferralRewards implements OnApplicationBootstrap, OnApplicationShutdown {
  /** referrals completed in a transaction, paid once it committed (not awaited: the consumer's commit and ack do not wait on billing) */
  private readonly completed: TransactionQueue<string>;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(TransactionQueues) queues: TransactionQueues,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.completed = queues.afterCommit<string>((ids) => {
      for (const id of new Set(ids)) void this.pay(id);
    });
  }

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), REWARD_SWEEP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Pays the referral's reward once `tx` commits (nothing if it rolls back). */
  afterCommit(tx: EntityManager, referralId: string): void {
    this.completed.add(tx, referralId);
  }

  /** Every completed reward not yet confirmed by billing, asked again; answers how many landed. One sweep at a time per process. */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.sweeping ??= (async () => {
      let paid = 0;
      try {
        for (const r of await this.referrals.unclaimed(SWEEP_BATCH)) if (await this.pay(r.id)) paid += 1;
      } catch (e) {
        this.log.warn({ err: e }, 'referral reward sweep failed; the next one tries again');
      } finally {
        this.sweeping = null;
      }
      return paid;
    })();
    return this.sweeping;
  }

  /** Asks billing for the referral's credit and records that it landed; false when it is not due or billing did not answer. */
  async pay(referralId: string): Promise<boolean> {
    if (this.stopped) return false;
    try {
      const r = await this.referrals.findById(referralId);
      if (!r || r.status !== 'completed' || r.rewardMinor <= 0 || r.rewardClaimed || !r.referrerId) return false;
      const reply = await this.rpc.request<CreditReply>(billingInternal.creditPromotion.subject, {
        idempotency_key: r.id,
        user_id: r.referrerId,
        amount_minor: r.rewardMinor,
        currency: REFERRAL_REWARD_CURRENCY,
        reason: 'referral_reward',
        memo: 'Referral reward: a friend you invited completed their first lesson',
      });
      await this.referrals.markClaimed(r.id);
      this.log.info({ referralId: r.id, transactionId: reply.transaction_id, credited: reply.credited }, 'referral reward paid');
      return true;
    } catch (e) {
      this.log.warn({ err: e, referralId }, 'referral reward not paid yet; the sweep asks again');
      return false;
    }
  }
}
