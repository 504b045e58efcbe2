import { Inject, Injectable } from '@nestjs/common';
import { billingRoutes, DEFAULT_CURRENCY, toMajor, toMinor, type Currency, type RouteInput, type RouteOutput } from '@lp/contracts';
import { ExportsUserData, Handles, currentCaller } from '@lp/service-kit';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { TransactionsRepository } from '../ledger/transactions.repository.js';
import { PaymentsService } from '../payments/payments.service.js';
import { toTransaction } from '../payments/transaction.mapper.js';

type R = typeof billingRoutes;
type Balance = RouteOutput<R['walletBalance']>['balances'][number];

/** A person's wallet: balances per currency, history, top-ups. */
@Injectable()
export class WalletService {
  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
  ) {}

  @Handles(billingRoutes.walletBalance)
  async balance(): Promise<RouteOutput<R['walletBalance']>> {
    const accounts = await this.ledger.ownAccounts(currentCaller().userId);
    const byCurrency = new Map<Currency, Balance>();
    const of = (currency: Currency): Balance => {
      let b = byCurrency.get(currency);
      if (!b)
        byCurrency.set(currency, (b = { currency, balance: 0, balance_minor: 0, pending_withdrawals_minor: 0, demo_balance_minor: 0 }));
      return b;
    };
    of(DEFAULT_CURRENCY);
    for (const a of accounts) {
      const b = of(a.currency as Currency);
      if (a.kind === 'wallet')
        Object.assign(b, { balance_minor: a.balance, balance: toMajor(a.balance, b.currency), demo_balance_minor: a.demoBalance });
      else b.pending_withdrawals_minor = a.balance;
    }
    const balances = [...byCurrency.values()].sort((a, b) =>
      a.currency === DEFAULT_CURRENCY ? -1 : b.currency === DEFAULT_CURRENCY ? 1 : a.currency.localeCompare(b.currency),
    );
    return { ...balances[0]!, balances };
  }

  @Handles(billingRoutes.transactions)
  async list({ query }: RouteInput<R['transactions']>): Promise<RouteOutput<R['transactions']>> {
    const { rows, total } = await this.transactions.listForUser(currentCaller().userId, query);
    return { transactions: rows.map(toTransaction), total };
  }

  @Handles(billingRoutes.topUp)
  async topUp({ body, headers }: RouteInput<R['topUp']>): Promise<RouteOutput<R['topUp']>> {
    const amountMinor = toMinor(body.amount, body.currency);
    return this.payments.topUp(
      currentCaller(),
      { amountMinor, currency: body.currency, method: body.payment_method, phoneNumber: body.phone_number },
      headers['idempotency-key'],
      billingRoutes.topUp.subject,
    );
  }

  /** Billing's part of "Download my data": balances and every transaction. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [accounts, { rows }] = await Promise.all([
      this.ledger.ownAccounts(userId),
      this.transactions.listForUser(userId, { limit: 100_000, offset: 0 }),
    ]);
    return {
      balances: accounts.map((a) => ({ kind: a.kind, currency: a.currency, balance_minor: a.balance, demo_balance_minor: a.demoBalance })),
      transactions: rows.map(toTransaction),
    };
  }
}
