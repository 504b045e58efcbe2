import { describe, expect, it } from '@jest/globals';
import type { TransactionEntity } from '../../entities/transaction.entity.js';
import { toTransaction } from './transaction.mapper.js';

const row = (over: Partial<TransactionEntity> = {}) =>
  ({
    id: 't1',
    userId: 'u1',
    type: 'payment',
    direction: 'debit',
    status: 'completed',
    amountMinor: 1250,
    currency: 'USD',
    description: 'Course: Algebra',
    paymentMethod: 'wallet',
    provider: null,
    providerRef: 'secret-ref',
    checkoutUrl: null,
    itemType: 'course',
    itemId: 'c1',
    paymentId: null,
    recipientId: 'i1',
    details: { account_number: '123' },
    expiresAt: null,
    createdAt: new Date('2026-04-01T10:00:00Z'),
    updatedAt: new Date('2026-04-01T10:00:01Z'),
    completedAt: new Date('2026-04-01T10:00:01Z'),
    ...over,
  }) as TransactionEntity;

describe("a transaction in a person's history", () => {
  it('shows the amount in major and minor units with its currency, and what was bought', () => {
    expect(toTransaction(row())).toEqual({
      id: 't1',
      type: 'payment',
      direction: 'debit',
      description: 'Course: Algebra',
      status: 'completed',
      payment_method: 'wallet',
      item_type: 'course',
      item_id: 'c1',
      created_at: '2026-04-01T10:00:00.000Z',
      completed_at: '2026-04-01T10:00:01.000Z',
      amount: 12.5,
      amount_minor: 1250,
      currency: 'USD',
    });
  });

  it("shows a pending one without a completion time, and never the provider's reference or account details", () => {
    const shown = toTransaction(row({ status: 'pending', completedAt: null, type: 'deposit', direction: 'credit', currency: 'ETB' }));
    expect(shown).toMatchObject({ status: 'pending', completed_at: null, currency: 'ETB' });
    expect(JSON.stringify(shown)).not.toMatch(/secret-ref|account_number/);
  });
});
