import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  billingEvents,
  billingInternal,
  billingRoutes,
  money,
  toMinor,
  type Currency,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, ENV, Handles, HandlesInternal, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { resolveRails, type BillingEnv, type PayoutMethod, type PayoutRail } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import { LedgerRepository, isDemoFundsOut } from '../ledger/ledger.repository.js';
import { TransactionsRepository } from '../ledger/transactions.repository.js';
import { IdempotencyRepository } from '../payments/idempotency.repository.js';
import { METHOD_NAMES, PaymentsService } from '../payments/payments.service.js';
import { WithdrawalQueue } from './withdrawal.queue.js';

type R = typeof billingRoutes;
/** a withdrawal whose payout job has not settled it by then is run again by the maintenance job */
const STUCK_AFTER_MS = 15 * 60_000;

/**
 * The demo payout rail's one refusal, so a failed payout can be seen: an account or phone
 * number ending in 0000 is "unknown at the receiving bank". Every other payout succeeds.
 * (The demo rail pays nothing out: development and tests only.)
 */
export const payoutRefused = (details: Record<string, unknown>): boolean =>
  /0000$/.test(String(details['phone_number'] ?? details['account_number'] ?? ''));

/**
 * Withdrawals: the amount leaves the wallet for a hold at once (the database refuses to go
 * below zero, whatever runs concurrently), then the payout job pays it out (hold to the
 * payout rail) or gives it back (hold to wallet). Each method goes out on its configured rail
 * (PAYOUT_RAIL_<METHOD>): `demo` (development: nothing is paid; it may take demo funds) or
 * `manual` (real money the operator's finance team sends from the rail's clearing). A real
 * rail takes no demo money: the hold's demo part is 0, and the database refuses the hold when
 * the wallet's real money is short (422 DEMO_FUNDS_NOT_WITHDRAWABLE).
 */
@Injectable()
export class WithdrawalsService {
  private readonly log = new Logger('withdrawals');

  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(IdempotencyRepository) private readonly idempotency: IdempotencyRepository,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(WithdrawalQueue) private readonly queue: WithdrawalQueue,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: BillingEnv,
  ) {}

  @Handles(billingRoutes.withdraw)
  async withdraw({ body, headers }: RouteInput<R['withdraw']>): Promise<RouteOutput<R['withdraw']>> {
    const caller = currentCaller();
    const currency = body.currency as Currency;
    const amountMinor = toMinor(body.amount, currency);
    const d = body.account_details;
    const where =
      body.method === 'mobile_money'
        ? `${METHOD_NAMES[d.provider!]} ${d.phone_number}`
        : `${d.bank_name} ${maskAccount(d.account_number!)}`;
    const payoutMethod: PayoutMethod = body.method === 'mobile_money' ? d.provider! : 'bank';
    const rail = resolveRails(this.env)[payoutMethod];
    if (!rail) throw billingErrors.payoutMethodUnavailable(payoutMethod === 'bank' ? 'a bank account' : METHOD_NAMES[payoutMethod]);
    const claim = { userId: caller.userId, scope: billingRoutes.withdraw.subject, key: headers['idempotency-key'], body };
    const reply = await this.demoFundsAsError(caller.userId, currency, () =>
      this.payments.withOverdraftAsError(() =>
        this.uow.run((tx) =>
          this.idempotency.run(tx, claim, async () => {
            const t = await this.transactions.insert(tx, {
              userId: caller.userId,
              type: 'withdrawal',
              direction: 'debit',
              status: 'pending',
              amountMinor,
              currency,
              description: `Withdrawal to ${where}`,
              paymentMethod: payoutMethod,
              details: { method: body.method, ...d, rail },
            });
            // a real rail takes real money only (demo part 0); the demo rail spends demo money first
            await this.ledger.post(tx, { kind: 'withdrawal_hold', transactionId: t.id, description: t.description }, [
              {
                account: { kind: 'wallet', ownerId: caller.userId, currency },
                amount: -amountMinor,
                ...(rail === 'demo' ? {} : { demo: 0 }),
              },
              { account: { kind: 'withdrawal_hold', ownerId: caller.userId, currency }, amount: amountMinor },
            ]);
            return {
              transaction_id: t.id,
              status: 'pending' as const,
              message: 'Withdrawal requested. Processing takes 1-3 business days.',
            };
          }),
        ),
      ),
    );
    // after the commit: a lost job is found again by the maintenance sweep
    await this.queue.add({ transaction_id: reply.transaction_id }, reply.transaction_id).catch((e: unknown) => {
      this.log.warn({ err: e, transactionId: reply.transaction_id }, 'payout job not queued; the maintenance sweep will run it');
    });
    return reply;
  }

  /** The payout job: pays the hold out, or gives it back when the rail refuses. Runs once per withdrawal. */
  @HandlesInternal(billingInternal.processWithdrawal)
  async process(
    req: z.infer<typeof billingInternal.processWithdrawal.request>,
  ): Promise<z.infer<typeof billingInternal.processWithdrawal.response>> {
    return this.uow.run(async (tx) => {
      const t = await this.transactions.lock(tx, req.transaction_id);
      if (!t || t.type !== 'withdrawal') throw new Error(`no withdrawal ${req.transaction_id}`);
      if (t.status !== 'pending') return { status: 'already_done' as const };
      const now = this.clock.now();
      const currency = t.currency as Currency;
      const hold = { kind: 'withdrawal_hold' as const, ownerId: t.userId, currency };
      // withdrawals from before rails were named went out on the demo rail
      const rail = (t.details['rail'] as PayoutRail | undefined) ?? 'demo';
      // what this withdrawal held of demo money leaves the hold again, no more, no less (one from
      // before demo funds were kept has no record of it: its hold's demo money goes first)
      const held =
        t.details['rail'] === undefined
          ? undefined
          : -(await this.ledger.demoOf(tx, t.id, 'withdrawal_hold', { kind: 'wallet', ownerId: t.userId, currency }));
      if (rail === 'demo' && payoutRefused(t.details)) {
        await this.ledger.post(tx, { kind: 'withdrawal_release', transactionId: t.id, description: `Payout refused: ${t.description}` }, [
          { account: hold, amount: -t.amountMinor, ...(held === undefined ? {} : { demo: -held }) },
          { account: { kind: 'wallet', ownerId: t.userId, currency }, amount: t.amountMinor },
        ]);
        await this.transactions.transition(tx, t.id, ['pending'], 'failed', now);
        await this.settled(tx, t, 'refused', now);
        return { status: 'failed' as const };
      }
      // the demo rail's clearing may hold demo money; a real rail's refuses it (database trigger)
      const clearing = rail === 'demo' ? 'payout_demo' : `payout_${t.paymentMethod}`;
      await this.ledger.post(tx, { kind: 'withdrawal_payout', transactionId: t.id, description: t.description }, [
        { account: hold, amount: -t.amountMinor, ...(held === undefined ? {} : { demo: -held }) },
        { account: { kind: 'provider_clearing', provider: clearing, currency }, amount: t.amountMinor },
      ]);
      await this.transactions.transition(tx, t.id, ['pending'], 'completed', now);
      await this.settled(tx, t, 'paid', now);
      return { status: 'completed' as const };
    });
  }

  /** The payout's outcome for its owner (notifications), in the payout's transaction. */
  private async settled(
    tx: EntityManager,
    t: { id: string; userId: string; amountMinor: number; currency: string; description: string },
    status: 'paid' | 'refused',
    now: Date,
  ): Promise<void> {
    await writeEvent(tx, billingEvents.withdrawalSettled, {
      v: 1,
      transaction_id: t.id,
      user_id: t.userId,
      amount_minor: t.amountMinor,
      currency: t.currency,
      status,
      description: t.description,
      settled_at: now.toISOString(),
    });
  }

  /** A real payout refused for want of real money: 422 with what can be withdrawn there. */
  private async demoFundsAsError<T>(userId: string, currency: Currency, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (!isDemoFundsOut(e)) throw e;
      const real = await this.uow.run((tx) => this.ledger.walletRealBalance(tx, userId, currency));
      const m = money(real, currency);
      throw billingErrors.demoFundsNotWithdrawable(`${m.amount.toFixed(2)} ${m.currency}`);
    }
  }

  /** Withdrawals no job settled in time (a job lost before it was queued) are run here. */
  async sweep(): Promise<number> {
    const stuck = await this.transactions.stuckWithdrawals(new Date(this.clock.now().getTime() - STUCK_AFTER_MS), 100);
    let n = 0;
    for (const t of stuck) if ((await this.process({ transaction_id: t.id })).status !== 'already_done') n++;
    return n;
  }
}

const maskAccount = (n: string): string => (n.length <= 4 ? n : `••••${n.slice(-4)}`);
