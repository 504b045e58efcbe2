import { Inject, Injectable, Logger } from '@nestjs/common';
import { billingInternal, billingRoutes, toMinor, type Currency, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, HandlesInternal, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { z } from 'zod';
import { LedgerRepository } from '../ledger/ledger.repository.js';
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
 */
export const payoutRefused = (details: Record<string, unknown>): boolean => /0000$/.test(String(details['phone_number'] ?? details['account_number'] ?? ''));

/**
 * Withdrawals: the amount leaves the wallet for a hold at once (the database refuses to go
 * below zero, whatever runs concurrently), then the payout job pays it out (hold to the
 * payout rail) or gives it back (hold to wallet).
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
  ) {}

  @Handles(billingRoutes.withdraw)
  async withdraw({ body, headers }: RouteInput<R['withdraw']>): Promise<RouteOutput<R['withdraw']>> {
    const caller = currentCaller();
    const currency = body.currency as Currency;
    const amountMinor = toMinor(body.amount, currency);
    const d = body.account_details;
    const where = body.method === 'mobile_money' ? `${METHOD_NAMES[d.provider!]} ${d.phone_number}` : `${d.bank_name} ${maskAccount(d.account_number!)}`;
    const claim = { userId: caller.userId, scope: billingRoutes.withdraw.subject, key: headers['idempotency-key'], body };
    const reply = await this.payments.withOverdraftAsError(() =>
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
            paymentMethod: body.method === 'mobile_money' ? d.provider! : 'bank',
            details: { method: body.method, ...d },
          });
          await this.ledger.post(tx, { kind: 'withdrawal_hold', transactionId: t.id, description: t.description }, [
            { account: { kind: 'wallet', ownerId: caller.userId, currency }, amount: -amountMinor },
            { account: { kind: 'withdrawal_hold', ownerId: caller.userId, currency }, amount: amountMinor },
          ]);
          return { transaction_id: t.id, status: 'pending' as const, message: 'Withdrawal requested. Processing takes 1-3 business days.' };
        }),
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
  async process(req: z.infer<typeof billingInternal.processWithdrawal.request>): Promise<z.infer<typeof billingInternal.processWithdrawal.response>> {
    return this.uow.run(async (tx) => {
      const t = await this.transactions.lock(tx, req.transaction_id);
      if (!t || t.type !== 'withdrawal') throw new Error(`no withdrawal ${req.transaction_id}`);
      if (t.status !== 'pending') return { status: 'already_done' as const };
      const now = this.clock.now();
      const currency = t.currency as Currency;
      const hold = { kind: 'withdrawal_hold' as const, ownerId: t.userId, currency };
      if (payoutRefused(t.details)) {
        await this.ledger.post(tx, { kind: 'withdrawal_release', transactionId: t.id, description: `Payout refused: ${t.description}` }, [
          { account: hold, amount: -t.amountMinor },
          { account: { kind: 'wallet', ownerId: t.userId, currency }, amount: t.amountMinor },
        ]);
        await this.transactions.transition(tx, t.id, ['pending'], 'failed', now);
        return { status: 'failed' as const };
      }
      await this.ledger.post(tx, { kind: 'withdrawal_payout', transactionId: t.id, description: t.description }, [
        { account: hold, amount: -t.amountMinor },
        { account: { kind: 'provider_clearing', provider: `payout_${t.paymentMethod}`, currency }, amount: t.amountMinor },
      ]);
      await this.transactions.transition(tx, t.id, ['pending'], 'completed', now);
      return { status: 'completed' as const };
    });
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
