import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  AppError,
  BillingErrorCode,
  billingEvents,
  billingInternal,
  billingRoutes,
  money,
  type Caller,
  type Currency,
  type InitiatePaymentReply,
  type PaymentItemType,
  type ProviderMethod,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, ENV, Handles, HandlesInternal, UnitOfWork, currentCaller, isUniqueViolation } from '@lp/service-kit';
import type { z } from 'zod';
import type { BillingEnv } from '../../config/billing-env.js';
import type { TransactionEntity, TransactionStatus } from '../../entities/transaction.entity.js';
import { billingErrors } from '../../common/billing-errors.js';
import { LedgerRepository, isOverdraft, type Leg } from '../ledger/ledger.repository.js';
import { TransactionsRepository } from '../ledger/transactions.repository.js';
import { RevenueSharesRepository } from '../earnings/revenue-shares.repository.js';
import { ProviderRegistry } from '../providers/provider-registry.js';
import type { PaymentProvider } from '../providers/payment-provider.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { PaymentItems } from './payment-items.js';
import type { ItemQuote } from './payment-item.js';
import { toTransaction } from './transaction.mapper.js';

type R = typeof billingRoutes;
type PayRequest = {
  item_type: PaymentItemType;
  item_id: string;
  payment_method: 'wallet' | ProviderMethod;
  billing_cycle?: 'monthly' | 'yearly' | undefined;
  /** M-Pesa: the phone that gets the prompt */
  phone_number?: string | undefined;
};
type RefundInput = z.infer<typeof billingInternal.refund.request>;
type RefundOutput = z.infer<typeof billingInternal.refund.response>;

/** Where the provider sends the payer back, per kind of payment. */
const returnPath = (t: { type: string; itemType: string | null; itemId: string | null; id: string }): string => {
  const q = `payment=${t.id}`;
  if (t.type === 'deposit') return `/wallet?${q}`;
  if (t.itemType === 'course') return `/courses/${t.itemId}?${q}`;
  if (t.itemType === 'session') return `/sessions/${t.itemId}/success?${q}`;
  if (t.itemType === 'institution_tier') return `/institution/dashboard?${q}`;
  return `/subscriptions?${q}`;
};

/** The split of a sale: the recipient's share and the platform's fee (rounded in the recipient's favour by at most one minor unit). */
export function splitSale(grossMinor: number, feePercent: number): { recipientMinor: number; feeMinor: number } {
  const feeMinor = Math.floor((grossMinor * Math.round(feePercent * 100)) / 10_000);
  return { recipientMinor: grossMinor - feeMinor, feeMinor };
}

/**
 * Payments: a course, a session or a subscription, paid from the wallet at once or through a
 * provider's hosted checkout; wallet top-ups through a provider; completion on a verified
 * webhook, failure, expiry and refunds. Every movement of money is one transaction: the
 * ledger journal, the rows people see, the revenue share and the outbox event commit together.
 */
@Injectable()
export class PaymentsService {
  private readonly log = new Logger('payments');

  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(RevenueSharesRepository) private readonly shares: RevenueSharesRepository,
    @Inject(IdempotencyRepository) private readonly idempotency: IdempotencyRepository,
    @Inject(PaymentItems) private readonly items: PaymentItems,
    @Inject(ProviderRegistry) private readonly providers: ProviderRegistry,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: BillingEnv,
  ) {}

  @Handles(billingRoutes.initiatePayment)
  async initiate({ body, headers }: RouteInput<R['initiatePayment']>): Promise<RouteOutput<R['initiatePayment']>> {
    // the browser's amount is never read: the item's owner prices it
    const { amount: _ignored, ...request } = body;
    return this.pay(currentCaller(), request, headers['idempotency-key'], billingRoutes.initiatePayment.subject);
  }

  /**
   * A payment started by the item's owner for its buyer (mentoring, right after a booking): as
   * POST /payments/initiate, priced by the owner, keyed by the owner's idempotency key.
   */
  @HandlesInternal(billingInternal.payForItem)
  async payForItem(req: z.infer<typeof billingInternal.payForItem.request>): Promise<InitiatePaymentReply> {
    const buyer: Caller = { userId: req.user_id, role: 'learner', sessionId: req.idempotency_key, institutionId: null };
    return this.pay(
      buyer,
      { item_type: req.item_type, item_id: req.item_id, payment_method: req.payment_method },
      req.idempotency_key,
      billingInternal.payForItem.subject,
    );
  }

  @Handles(billingRoutes.payment)
  async get({ params }: RouteInput<R['payment']>): Promise<RouteOutput<R['payment']>> {
    const t = await this.transactions.findById(params.id);
    // another person's payment is as unknown as a missing one
    if (!t || t.userId !== currentCaller().userId) throw billingErrors.paymentNotFound();
    return toTransaction(t);
  }

  /**
   * Pays for an item: priced by its kind (its owner over the bus, or billing's own plans),
   * charged from the wallet at once or opened at a provider. `key` (Idempotency-Key) makes a
   * retry answer the first answer; `claimBody` is what the key is bound to (the route's own
   * body, when another route pays through here).
   */
  async pay(
    caller: Caller,
    request: PayRequest,
    key: string | undefined,
    scope: string,
    claimBody: unknown = request,
  ): Promise<InitiatePaymentReply> {
    const claim = { userId: caller.userId, scope, key, body: claimBody };
    const answered = await this.idempotency.answered<InitiatePaymentReply>(claim);
    if (answered) return answered;
    const kind = this.items.of(request.item_type);
    const quote = await kind.quote(request.item_id, caller, { billing_cycle: request.billing_cycle });
    if (quote.amountMinor <= 0) throw billingErrors.notForSale('This item is free: nothing to pay');
    if (request.payment_method === 'wallet') {
      return this.withOverdraftAsError(() =>
        this.uow.run((tx) => this.idempotency.run(tx, claim, () => this.payFromWallet(tx, caller, request, quote))),
      );
    }
    const method = request.payment_method;
    return this.uow.run((tx) =>
      this.idempotency.run(tx, claim, async () => {
        const payment = await this.openCheckout(tx, {
          userId: caller.userId,
          type: 'payment',
          method,
          amountMinor: quote.amountMinor,
          currency: quote.currency,
          description: quote.description,
          itemType: request.item_type,
          itemId: request.item_id,
          recipientId: quote.recipient?.id ?? null,
          details: { ...quote.details, fee_percent: quote.feePercent, recipient_type: quote.recipient?.type ?? null },
          phoneNumber: request.phone_number ?? null,
        });
        return this.reply(payment, payment.checkoutUrl ? 'Complete the payment at the checkout' : PROMPT_SENT);
      }),
    );
  }

  /** A top-up: the wallet is credited when the provider confirms. */
  async topUp(
    caller: Caller,
    body: { amountMinor: number; currency: Currency; method: ProviderMethod; phoneNumber?: string | undefined },
    key: string | undefined,
    scope: string,
  ) {
    return this.uow.run((tx) =>
      this.idempotency.run(tx, { userId: caller.userId, scope, key, body }, async () => {
        const t = await this.openCheckout(tx, {
          userId: caller.userId,
          type: 'deposit',
          method: body.method,
          amountMinor: body.amountMinor,
          currency: body.currency,
          description: `Wallet top-up via ${METHOD_NAMES[body.method]}`,
          itemType: null,
          itemId: null,
          recipientId: null,
          details: {},
          phoneNumber: body.phoneNumber ?? null,
        });
        return {
          transaction_id: t.id,
          status: 'pending' as const,
          checkout_url: t.checkoutUrl,
          message: t.checkoutUrl ? 'Complete the top-up at the checkout' : PROMPT_SENT,
        };
      }),
    );
  }

  private async payFromWallet(tx: EntityManager, caller: Caller, request: PayRequest, quote: ItemQuote): Promise<InitiatePaymentReply> {
    const now = this.clock.now();
    const payment = await this.transactions.insert(tx, {
      userId: caller.userId,
      type: 'payment',
      direction: 'debit',
      status: 'completed',
      amountMinor: quote.amountMinor,
      currency: quote.currency,
      description: quote.description,
      paymentMethod: 'wallet',
      itemType: request.item_type,
      itemId: request.item_id,
      recipientId: quote.recipient?.id ?? null,
      details: { ...quote.details, fee_percent: quote.feePercent, recipient_type: quote.recipient?.type ?? null },
      completedAt: now,
    });
    await this.settle(tx, payment, { kind: 'wallet', ownerId: caller.userId, currency: quote.currency as Currency }, now);
    return this.reply(payment, 'Payment successful');
  }

  private async openCheckout(
    tx: EntityManager,
    p: Pick<TransactionEntity, 'userId' | 'type' | 'amountMinor' | 'description' | 'itemType' | 'itemId' | 'recipientId' | 'details'> & {
      method: ProviderMethod;
      currency: Currency;
      phoneNumber: string | null;
    },
  ): Promise<TransactionEntity> {
    const provider = this.providers.forMethod(p.method);
    const expiresAt = new Date(this.clock.now().getTime() + this.env.PAYMENT_PENDING_TTL_MINUTES * 60_000);
    const t = await this.transactions.insert(tx, {
      userId: p.userId,
      type: p.type,
      direction: p.type === 'deposit' ? 'credit' : 'debit',
      status: 'pending',
      amountMinor: p.amountMinor,
      currency: p.currency,
      description: p.description,
      paymentMethod: p.method,
      provider: provider.name,
      itemType: p.itemType,
      itemId: p.itemId,
      recipientId: p.recipientId,
      details: p.details,
      expiresAt,
    });
    const ours = this.providers.reference(provider, t.id);
    const opened = await provider.initiate(
      {
        reference: ours,
        method: p.method,
        payerId: p.userId,
        phoneNumber: p.phoneNumber,
        amountMinor: p.amountMinor,
        currency: p.currency,
        description: p.description,
        returnUrl: `${this.env.PUBLIC_URL}${returnPath(t)}`,
        expiresAt,
      },
      tx,
    );
    // M-Pesa names the payment itself (CheckoutRequestID): its callback and its query use that
    const reference = opened.reference ?? ours;
    await this.transactions.setCheckout(tx, t.id, reference, opened.checkoutUrl);
    return Object.assign(t, { providerRef: reference, checkoutUrl: opened.checkoutUrl });
  }

  /**
   * What the provider says about a pending payment decides it: paid (and the amount and
   * currency are the payment's) completes it, failed fails it, pending leaves it. Used by
   * the webhook and by the re-verify job; a payment already settled is left as it is.
   */
  async settleFromProvider(
    provider: PaymentProvider,
    t: TransactionEntity,
  ): Promise<'completed' | 'failed' | 'cancelled' | 'pending' | 'ignored' | 'mismatch'> {
    try {
      return await this.settleOnce(provider, t);
    } catch (e) {
      const boughtTwice = isUniqueViolation(e, ITEM_PAID_KEY) || (AppError.isAppError(e) && e.code === BillingErrorCode.ALREADY_SUBSCRIBED);
      if (!boughtTwice) throw e;
      // bought twice (the wallet was faster than this checkout): the money is the payer's, in their wallet
      return this.uow.run(async (tx) => {
        const credited = await this.transactions.convertToDeposit(
          tx,
          t.id,
          `${t.description} (already paid: credited to your wallet)`,
          this.clock.now(),
        );
        if (!credited) return 'ignored';
        await this.ledger.post(tx, { kind: 'deposit', transactionId: t.id, description: credited.description }, [
          { account: { kind: 'provider_clearing', provider: t.provider!, currency: t.currency as Currency }, amount: -t.amountMinor },
          { account: { kind: 'wallet', ownerId: t.userId, currency: t.currency as Currency }, amount: t.amountMinor },
        ]);
        return 'completed';
      });
    }
  }

  private async settleOnce(
    provider: PaymentProvider,
    t: TransactionEntity,
  ): Promise<'completed' | 'failed' | 'cancelled' | 'pending' | 'ignored' | 'mismatch'> {
    const told = await provider.verify(t.providerRef!, { amountMinor: t.amountMinor, currency: t.currency });
    if (told.status === 'pending') return 'pending';
    if (told.status === 'paid' && (told.amountMinor !== t.amountMinor || told.currency !== t.currency)) {
      this.log.warn(
        { transactionId: t.id, told },
        'provider reports another amount than the payment: left pending for a person to look at',
      );
      return 'mismatch';
    }
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      if (told.status === 'failed' || told.status === 'cancelled') {
        const failed = await this.transactions.transition(tx, t.id, ['pending'], told.status, now);
        if (!failed) return 'ignored';
        await this.failed(tx, failed, now);
        return told.status;
      }
      // money the provider took is honoured even when our side already gave up waiting (expired)
      const paid = await this.transactions.transition(tx, t.id, ['pending', 'expired'], 'completed', now);
      if (!paid) return 'ignored';
      const source = { kind: 'provider_clearing' as const, provider: paid.provider!, currency: paid.currency as Currency };
      if (paid.type === 'deposit') {
        await this.ledger.post(tx, { kind: 'deposit', transactionId: paid.id, description: paid.description }, [
          { account: source, amount: -paid.amountMinor },
          { account: { kind: 'wallet', ownerId: paid.userId, currency: paid.currency as Currency }, amount: paid.amountMinor },
        ]);
      } else {
        await this.settle(tx, paid, source, now);
      }
      return 'completed';
    });
  }

  /** Expires provider payments past their life (the expiry job, through the wallet's maintenance). */
  async expireOverdue(): Promise<{ processed: number }> {
    const now = this.clock.now();
    let processed = 0;
    for (const t of await this.transactions.expiredPending(now, 500)) {
      await this.uow.run(async (tx) => {
        const expired = await this.transactions.transition(tx, t.id, ['pending'], 'expired', now);
        if (expired) {
          await this.failed(tx, expired, now);
          processed++;
        }
      });
    }
    return { processed };
  }

  /** Asks the provider about payments pending for a while (a lost webhook still completes them). */
  @HandlesInternal(billingInternal.reverifyPending)
  async reverifyPending(): Promise<{ processed: number }> {
    const before = new Date(this.clock.now().getTime() - this.env.PAYMENT_REVERIFY_AFTER_MINUTES * 60_000);
    let processed = 0;
    for (const t of await this.transactions.stalePending(before, 200)) {
      const provider = t.provider ? this.providers.byName(t.provider) : null;
      if (!provider || !t.providerRef) continue;
      try {
        const outcome = await this.settleFromProvider(provider, t);
        if (outcome === 'completed' || outcome === 'failed' || outcome === 'cancelled') processed++;
      } catch (e) {
        this.log.warn({ transactionId: t.id, err: e }, 'could not re-verify a pending payment; the next run tries again');
      }
    }
    return { processed };
  }

  /**
   * Gives a completed payment back to the payer's wallet and reverses its revenue share.
   * When the recipient has already spent their share, the platform carries the difference
   * (the refund to the payer never waits on the recipient's balance).
   */
  @HandlesInternal(billingInternal.refund)
  async refund(req: RefundInput): Promise<RefundOutput> {
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const payment = await this.transactions.lock(tx, req.payment_id);
      if (!payment || payment.type !== 'payment') throw billingErrors.paymentNotFound();
      if (payment.status === 'refunded') {
        const prior = (await this.transactions.forPayment(payment.id, tx)).find((t) => t.type === 'refund' && t.userId === payment.userId);
        return { refund_id: prior?.id ?? payment.id, status: 'already_refunded', amount_minor: prior?.amountMinor ?? payment.amountMinor };
      }
      if (payment.status !== 'completed') throw billingErrors.notRefundable('Only a completed payment can be refunded');
      const currency = payment.currency as Currency;
      const refund = await this.transactions.insert(tx, {
        userId: payment.userId,
        type: 'refund',
        direction: 'credit',
        status: 'completed',
        amountMinor: payment.amountMinor,
        currency,
        description: `Refund: ${payment.description} (${req.reason})`,
        paymentMethod: 'wallet',
        itemType: payment.itemType,
        itemId: payment.itemId,
        paymentId: payment.id,
        completedAt: now,
      });
      // the payer gets back the demo money they paid with as demo money, not as real money
      const paidWithDemo = await this.ledger.demoSpent(tx, payment.id, 'payment');
      const legs: Leg[] = [
        { account: { kind: 'wallet', ownerId: payment.userId, currency }, amount: payment.amountMinor, demo: paidWithDemo },
      ];
      const share = await this.shares.forPayment(tx, payment.id);
      if (share && !share.reversedAt) {
        const available = await this.ledger.walletBalance(tx, share.recipientId, currency, true);
        const fromRecipient = Math.min(available, share.recipientMinor);
        if (fromRecipient > 0) {
          legs.push({ account: { kind: 'wallet', ownerId: share.recipientId, currency }, amount: -fromRecipient });
          await this.transactions.insert(tx, {
            userId: share.recipientId,
            type: 'refund',
            direction: 'debit',
            status: 'completed',
            amountMinor: fromRecipient,
            currency,
            description: `Refunded sale: ${share.description}`,
            itemType: payment.itemType,
            itemId: payment.itemId,
            paymentId: payment.id,
            completedAt: now,
          });
        }
        legs.push({ account: { kind: 'platform_revenue', currency }, amount: -(payment.amountMinor - fromRecipient), demo: 'rest' });
        await this.shares.markReversed(tx, share.id, now);
      } else {
        legs.push({ account: { kind: 'platform_revenue', currency }, amount: -payment.amountMinor, demo: 'rest' });
      }
      await this.ledger.post(tx, { kind: 'refund', transactionId: refund.id, description: refund.description }, legs);
      await this.transactions.transition(tx, payment.id, ['completed'], 'refunded', now);
      await writeEvent(tx, billingEvents.paymentRefunded, {
        ...this.eventBase(payment),
        refund_id: refund.id,
        reason: req.reason,
        refunded_at: now.toISOString(),
      });
      return { refund_id: refund.id, status: 'refunded', amount_minor: payment.amountMinor };
    });
  }

  /**
   * A completed payment's money moves: from `source` (the payer's wallet or the provider's
   * clearing) to the recipient's wallet and the platform's revenue; the revenue share and the
   * recipient's earning are written, the item's kind finishes its part, the event goes out.
   */
  private async settle(tx: EntityManager, payment: TransactionEntity, source: Leg['account'], now: Date): Promise<void> {
    const currency = payment.currency as Currency;
    const feePercent = Number(payment.details['fee_percent'] ?? 0);
    const recipientType = payment.details['recipient_type'] as 'instructor' | 'mentor' | 'institution' | null;
    const legs: Leg[] = [{ account: source, amount: -payment.amountMinor }];
    if (payment.recipientId && recipientType) {
      const { recipientMinor, feeMinor } = splitSale(payment.amountMinor, feePercent);
      if (recipientMinor > 0) legs.push({ account: { kind: 'wallet', ownerId: payment.recipientId, currency }, amount: recipientMinor });
      if (feeMinor > 0) legs.push({ account: { kind: 'platform_revenue', currency }, amount: feeMinor });
      await this.shares.insert(tx, {
        paymentId: payment.id,
        recipientId: payment.recipientId,
        recipientType,
        itemType: payment.itemType!,
        itemId: payment.itemId!,
        description: payment.description,
        currency,
        grossMinor: payment.amountMinor,
        recipientMinor,
        feeMinor,
        feePercentage: feePercent,
      });
      if (recipientMinor > 0)
        await this.transactions.insert(tx, {
          userId: payment.recipientId,
          type: 'earning',
          direction: 'credit',
          status: 'completed',
          amountMinor: recipientMinor,
          currency,
          description: `Sale: ${payment.description} (platform fee ${feePercent}%)`,
          itemType: payment.itemType,
          itemId: payment.itemId,
          paymentId: payment.id,
          completedAt: now,
        });
    } else {
      legs.push({ account: { kind: 'platform_revenue', currency }, amount: payment.amountMinor });
    }
    await this.ledger.post(tx, { kind: 'payment', transactionId: payment.id, description: payment.description }, legs);
    await this.items.find(payment.itemType)?.onCompleted?.(tx, payment);
    await writeEvent(tx, billingEvents.paymentCompleted, { ...this.eventBase(payment), completed_at: now.toISOString() });
  }

  private async failed(tx: EntityManager, t: TransactionEntity, now: Date): Promise<void> {
    if (t.type !== 'payment' || !t.itemType) return;
    await this.items.find(t.itemType)?.onFailed?.(tx, t);
    await writeEvent(tx, billingEvents.paymentFailed, {
      ...this.eventBase(t),
      status: t.status as Extract<TransactionStatus, 'failed' | 'cancelled' | 'expired'>,
      failed_at: now.toISOString(),
    });
  }

  private eventBase(t: TransactionEntity) {
    const m = money(t.amountMinor, t.currency as Currency);
    return {
      v: 1 as const,
      payment_id: t.id,
      user_id: t.userId,
      item_type: t.itemType as PaymentItemType,
      item_id: t.itemId!,
      amount: m.amount,
      amount_minor: m.amount_minor,
      currency: m.currency,
      payment_method: t.paymentMethod ?? 'wallet',
    };
  }

  private reply(t: TransactionEntity, message: string): InitiatePaymentReply {
    return {
      transaction_id: t.id,
      status: t.status === 'completed' ? 'completed' : 'pending',
      checkout_url: t.checkoutUrl,
      message,
      ...money(t.amountMinor, t.currency as Currency),
    };
  }

  /**
   * The database refused: to overdraw a wallet (the spec's 'Insufficient balance', 422), or a
   * second completed purchase of one course or session (409).
   */
  async withOverdraftAsError<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isOverdraft(e)) throw billingErrors.insufficientBalance();
      if (isUniqueViolation(e, ITEM_PAID_KEY)) throw billingErrors.alreadyPaid();
      throw e;
    }
  }
}

const ITEM_PAID_KEY = 'transactions_item_paid_key';
const PROMPT_SENT = 'Confirm the payment on your phone';

/** How a payment method is named in people's histories. */
export const METHOD_NAMES: Record<ProviderMethod | 'wallet', string> = {
  wallet: 'wallet',
  chapa: 'Chapa',
  telebirr: 'telebirr',
  mpesa: 'M-Pesa',
};
