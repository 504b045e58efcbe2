import type { EntityManager } from 'typeorm';
import type { Caller, Currency, PaymentItemType } from '@lp/contracts';
import type { TransactionEntity } from '../../entities/transaction.entity.js';

/** What an item costs and who gets the money, as its owner says (never the browser). */
export interface ItemQuote {
  amountMinor: number;
  currency: Currency;
  /** shown in the payer's history */
  description: string;
  /** the instructor of a course, the mentor of a session; null: all of it is the platform's (a subscription) */
  recipient: { id: string; type: 'instructor' | 'mentor' | 'institution' } | null;
  /** the platform's share, percent; ignored without a recipient */
  feePercent: number;
  /** what the kind needs back when the payment completes (a subscription's cycle) */
  details?: Record<string, unknown>;
}

/**
 * One kind of thing that can be bought (course, session, subscription): it prices an item
 * for a caller (refusing what does not exist or is not for sale), and it may act inside the
 * payment's own transaction when the payment completes or fails. Kinds register themselves
 * with PaymentItems; the payments service knows none of them by name.
 */
export interface PaymentItemKind {
  readonly itemType: PaymentItemType;
  quote(itemId: string, caller: Caller, request: { billing_cycle?: 'monthly' | 'yearly' | undefined }): Promise<ItemQuote>;
  /** in the completing transaction (the outbox event is written by the payments service) */
  onCompleted?(tx: EntityManager, payment: TransactionEntity): Promise<void>;
  onFailed?(tx: EntityManager, payment: TransactionEntity): Promise<void>;
}
