import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { billingInternal } from '@lp/contracts';
import { Clock, HandlesInternal, UnitOfWork } from '@lp/service-kit';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { TransactionsRepository } from '../ledger/transactions.repository.js';

type I = typeof billingInternal;

/** Demo data for `npm start`, over the bus (developmentOnly in app.module.ts): production has no way to mint a deposit. */
@Injectable()
export class SeedHandlers {
  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * A deposit through the demo provider's clearing, once per (user, description); demo funds, as all the
   * demo provider's money. The advisory lock makes two seeds running at once deposit once.
   */
  @HandlesInternal(billingInternal.seedWallet)
  async seedWallet(req: z.infer<I['seedWallet']['request']>): Promise<z.infer<I['seedWallet']['response']>> {
    const currency = req.currency;
    await this.uow.run(async (tx) => {
      // raw-sql: an advisory lock on (user, description), a key no table's repository owns, held until this
      // transaction ends so the check below and the deposit happen once even with two seeds at once
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`seed-wallet:${req.user_id}:${req.description}`]);
      if (await this.transactions.hasDeposit(tx, req.user_id, req.description)) return;
      const t = await this.transactions.insert(tx, {
        userId: req.user_id,
        type: 'deposit',
        direction: 'credit',
        status: 'completed',
        amountMinor: req.deposit_minor,
        currency,
        description: req.description,
        paymentMethod: 'telebirr',
        provider: 'demo',
        completedAt: this.clock.now(),
      });
      await this.ledger.post(tx, { kind: 'deposit', transactionId: t.id, description: t.description }, [
        { account: { kind: 'provider_clearing', provider: 'demo', currency }, amount: -req.deposit_minor },
        { account: { kind: 'wallet', ownerId: req.user_id, currency }, amount: req.deposit_minor },
      ]);
    });
    return { balance_minor: await this.uow.run((tx) => this.ledger.walletBalance(tx, req.user_id, currency)) };
  }
}
