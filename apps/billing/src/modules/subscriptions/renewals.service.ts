import { Inject, Injectable } from '@nestjs/common';
import { AppError, billingInternal, type Caller } from '@lp/contracts';
import { Clock, ENV, HandlesInternal, LOGGER, UnitOfWork, type Logger } from '@lp/service-kit';
import type { BillingEnv } from '../../config/billing-env.js';
import type { SubscriptionEntity } from '../../entities/subscription.entity.js';
import { PaymentsService } from '../payments/payments.service.js';
import { priceForCycle } from './billing-cycle.js';
import { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

const DAY_MS = 86_400_000;
/** A past due subscription's wallet is tried again once a day during its grace. */
export const RENEWAL_RETRY_MS = DAY_MS;
/** Subscriptions taken per sweep and kind per run; the job runs every 10 minutes. */
const BATCH = 200;

/**
 * The renewal job's work (billing.maintenance.renew-subscriptions, every 10 minutes): at a
 * period's end a cancelled subscription expires and an active one renews from the wallet; a
 * renewal the wallet cannot pay leaves it past due for SUBSCRIPTION_GRACE_DAYS (the limits
 * still apply, the wallet is tried again daily), then it expires. Every change is
 * conditional on the row being as the run saw it, and a renewal is claimed before it is
 * paid, so two runs at once never renew (nor charge) twice.
 */
@Injectable()
export class RenewalsService {
  constructor(
    @Inject(SubscriptionsRepository) private readonly subs: SubscriptionsRepository,
    @Inject(SubscriptionLifecycle) private readonly lifecycle: SubscriptionLifecycle,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: BillingEnv,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Answers how many subscriptions changed (renewed, fell past due or expired). */
  @HandlesInternal(billingInternal.renewSubscriptions)
  async renewDue(): Promise<{ processed: number }> {
    const now = this.clock.now();
    let processed = 0;
    for (const s of await this.subs.cancelledAndEnded(now, BATCH)) processed += await this.expire(s, now);
    for (const s of await this.subs.graceEnded(now, BATCH)) processed += await this.expire(s, now);
    const retryBefore = new Date(now.getTime() - RENEWAL_RETRY_MS);
    for (const s of await this.subs.dueForRenewal(now, retryBefore, BATCH)) processed += await this.renew(s, now, retryBefore);
    return { processed };
  }

  private expire(seen: SubscriptionEntity, now: Date): Promise<number> {
    return this.uow.run(async (tx) => {
      const expired = await this.subs.updateIfUnchanged(tx, seen, { status: 'expired', graceUntil: null }, now);
      if (!expired) return 0;
      await this.lifecycle.announce(tx, expired, seen.plan!, now);
      return 1;
    });
  }

  /**
   * One renewal: claimed, then paid from the subscriber's wallet like any payment (the payment's
   * transaction starts the next period, SubscriptionItem.onCompleted). The Idempotency-Key is
   * the period's, so even a payment repeated for it answers the first one.
   */
  private async renew(seen: SubscriptionEntity, now: Date, retryBefore: Date): Promise<number> {
    if (!(await this.subs.claimRenewal(seen, now, retryBefore))) return 0;
    const plan = seen.plan!;
    try {
      if (priceForCycle(plan, seen.billingCycle) === 0) {
        await this.uow.run((tx) =>
          this.lifecycle.activate(
            tx,
            { userId: seen.userId, plan, cycle: seen.billingCycle, priceMinor: 0, currency: plan.currency, paymentId: null },
            now,
          ),
        );
        return 1;
      }
      const subscriber: Caller = { userId: seen.userId, role: seen.userType, sessionId: 'renewal', institutionId: null };
      await this.payments.pay(
        subscriber,
        { item_type: 'subscription', item_id: seen.planId, payment_method: 'wallet', billing_cycle: seen.billingCycle },
        `renewal:${seen.id}:${seen.currentPeriodEnd.getTime()}`,
        billingInternal.renewSubscriptions.subject,
      );
      return 1;
    } catch (e) {
      if (!AppError.isAppError(e) || e.status >= 500) {
        this.log.warn({ err: e, subscriptionId: seen.id }, 'renewal failed unexpectedly; it is tried again later');
        return 0;
      }
      // refused (INSUFFICIENT_BALANCE mostly): past due for the grace, or still past due
      this.log.info({ subscriptionId: seen.id, code: e.code }, 'renewal refused');
      if (seen.status !== 'active') return 0;
      return this.uow.run(async (tx) => {
        const graceUntil = new Date(now.getTime() + this.env.SUBSCRIPTION_GRACE_DAYS * DAY_MS);
        const pastDue = await this.subs.updateIfUnchanged(tx, seen, { status: 'past_due', graceUntil }, now);
        if (!pastDue) return 0;
        await this.lifecycle.announce(tx, pastDue, plan, now);
        return 1;
      });
    }
  }
}
