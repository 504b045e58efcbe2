export * from './account.entity.js';
export * from './ledger-journal.entity.js';
export * from './ledger-entry.entity.js';
export * from './transaction.entity.js';
export * from './revenue-share.entity.js';
export * from './idempotency-key.entity.js';
export * from './webhook-receipt.entity.js';
export * from './demo-checkout.entity.js';
export * from './promotion-credit.entity.js';

import { AccountEntity } from './account.entity.js';
import { LedgerJournalEntity } from './ledger-journal.entity.js';
import { LedgerEntryEntity } from './ledger-entry.entity.js';
import { TransactionEntity } from './transaction.entity.js';
import { RevenueShareEntity } from './revenue-share.entity.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { WebhookReceiptEntity } from './webhook-receipt.entity.js';
import { DemoCheckoutEntity } from './demo-checkout.entity.js';
import { PromotionCreditEntity } from './promotion-credit.entity.js';

/** The ledger and the payments that move it. */
export const ledgerEntities = [
  AccountEntity,
  LedgerJournalEntity,
  LedgerEntryEntity,
  TransactionEntity,
  RevenueShareEntity,
  IdempotencyKeyEntity,
  WebhookReceiptEntity,
  DemoCheckoutEntity,
  PromotionCreditEntity,
];

export * from './pricing-plan.entity.js';
export * from './subscription.entity.js';

import { PricingPlanEntity } from './pricing-plan.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';

/** Pricing plans and the subscriptions to them. */
export const subscriptionEntities = [PricingPlanEntity, SubscriptionEntity];

/** Every table of billing. */
export const billingEntities = [...ledgerEntities, ...subscriptionEntities];
