import { Global, Module } from '@nestjs/common';
import { LedgerRepository } from './modules/ledger/ledger.repository.js';
import { TransactionsRepository } from './modules/ledger/transactions.repository.js';
import { RevenueSharesRepository } from './modules/earnings/revenue-shares.repository.js';
import { IdempotencyRepository } from './modules/payments/idempotency.repository.js';
import { PaymentItems } from './modules/payments/payment-items.js';
import { PlansRepository } from './modules/plans/plans.repository.js';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.js';
import { PromotionsRepository } from './modules/promotions/promotions.repository.js';

const repositories = [
  LedgerRepository,
  TransactionsRepository,
  RevenueSharesRepository,
  IdempotencyRepository,
  PlansRepository,
  SubscriptionsRepository,
  PromotionsRepository,
];

/**
 * Billing's data layer, shared by its areas (a payment writes the ledger, the transactions and
 * the revenue shares in one transaction), and the registry of the kinds of thing for sale.
 */
@Global()
@Module({ providers: [...repositories, PaymentItems], exports: [...repositories, PaymentItems] })
export class BillingDataModule {}
