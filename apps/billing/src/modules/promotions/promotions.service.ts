import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { billingInternal, type Currency } from '@lp/contracts';
import { Clock, HandlesInternal, UnitOfWork } from '@lp/service-kit';
import type { z } from 'zod';
import { billingErrors } from '../../common/billing-errors.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { TransactionsRepository } from '../ledger/transactions.repository.js';
import { PromotionsRepository } from './promotions.repository.js';

type CreditInput = z.infer<typeof billingInternal.creditPromotion.request>;
type CreditOutput = z.infer<typeof billingInternal.creditPromotion.response>;

/**
 * Promotional credits: money the platform gives away (a referral's reward), paid from its
 * `platform_promotions` account into a person's wallet as one balanced journal. Real money,
 * not demo funds: the platform pays it, so it is withdrawable like an earning. Billing emits
 * no event for a wallet credit (top-ups have none either); the caller learns the outcome
 * from the reply.
 */
@Injectable()
export class PromotionsService {
  constructor(
    @Inject(PromotionsRepository) private readonly promotions: PromotionsRepository,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Pays the credit once per key: the key is claimed before anything else is written, so
   * retries and concurrent duplicates (the caller retries until it hears an answer) answer
   * the first credit with `credited: false`. The same key for another user or amount is
   * refused: the caller has mixed up its keys, and paying either would be a guess.
   */
  @HandlesInternal(billingInternal.creditPromotion)
  async creditPromotion(req: CreditInput): Promise<CreditOutput> {
    return this.uow.run(async (tx) => {
      const transactionId = randomUUID();
      const claimed = await this.promotions.claim(tx, {
        idempotencyKey: req.idempotency_key,
        userId: req.user_id,
        amountMinor: req.amount_minor,
        currency: req.currency,
        reason: req.reason,
        transactionId,
      });
      if (!claimed) {
        const prior = await this.promotions.find(req.idempotency_key, tx);
        if (!prior) throw new Error(`promotion credit ${req.idempotency_key} neither claimed nor found`);
        if (prior.userId !== req.user_id || prior.amountMinor !== req.amount_minor || prior.currency !== req.currency) {
          throw billingErrors.idempotencyKeyReused();
        }
        return { transaction_id: prior.transactionId, credited: false };
      }
      const currency = req.currency as Currency;
      const t = await this.transactions.insert(tx, {
        id: transactionId,
        userId: req.user_id,
        type: 'deposit',
        direction: 'credit',
        status: 'completed',
        amountMinor: req.amount_minor,
        currency,
        description: req.memo,
        details: { reason: req.reason, idempotency_key: req.idempotency_key },
        completedAt: this.clock.now(),
      });
      await this.ledger.post(tx, { kind: 'promotion', transactionId: t.id, description: req.memo }, [
        { account: { kind: 'platform_promotions', currency }, amount: -req.amount_minor },
        { account: { kind: 'wallet', ownerId: req.user_id, currency }, amount: req.amount_minor },
      ]);
      return { transaction_id: t.id, credited: true };
    });
  }
}
