import { money, type Currency, type Transaction } from '@lp/contracts';
import type { TransactionEntity } from '../../entities/transaction.entity.js';

export const toTransaction = (t: TransactionEntity): Transaction => ({
  id: t.id,
  type: t.type,
  direction: t.direction,
  description: t.description,
  status: t.status,
  payment_method: t.paymentMethod,
  item_type: t.itemType as Transaction['item_type'],
  item_id: t.itemId,
  created_at: t.createdAt.toISOString(),
  completed_at: t.completedAt ? t.completedAt.toISOString() : null,
  ...money(t.amountMinor, t.currency as Currency),
});
