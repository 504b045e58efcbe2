import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { requestHash } from './idempotency.repository.js';
import type { PaymentItemKind } from './payment-item.js';
import { PaymentItems } from './payment-items.js';
import { METHOD_NAMES, splitSale } from './payments.service.js';

describe("a sale's split between the recipient and the platform", () => {
  it('gives the platform its fee percent and the recipient the rest, to the cent', () => {
    expect(splitSale(1000, 20)).toEqual({ recipientMinor: 800, feeMinor: 200 });
    expect(splitSale(3000, 15)).toEqual({ recipientMinor: 2550, feeMinor: 450 });
  });

  it('rounds the fee down, so the recipient gets the odd cent, and the parts always add up', () => {
    expect(splitSale(999, 20)).toEqual({ recipientMinor: 800, feeMinor: 199 });
    expect(splitSale(1, 20)).toEqual({ recipientMinor: 1, feeMinor: 0 });
    for (const gross of [1, 7, 99, 1234, 3333, 100_000]) {
      const { recipientMinor, feeMinor } = splitSale(gross, 12.5);
      expect(recipientMinor + feeMinor).toBe(gross);
    }
  });

  it('takes fractional fee percents exactly and a fee of 0 or 100', () => {
    expect(splitSale(10_000, 12.5).feeMinor).toBe(1250);
    expect(splitSale(10_000, 0)).toEqual({ recipientMinor: 10_000, feeMinor: 0 });
    expect(splitSale(10_000, 100)).toEqual({ recipientMinor: 0, feeMinor: 10_000 });
  });
});

describe('the request hash an Idempotency-Key is bound to', () => {
  it('is the same however the body was written (key order, nested objects)', () => {
    expect(requestHash({ a: 1, b: { d: [1, { y: 2, x: 1 }], c: 'x' } })).toBe(requestHash({ b: { c: 'x', d: [1, { x: 1, y: 2 }] }, a: 1 }));
  });

  it('differs for another body, another array order or a missing field', () => {
    const base = requestHash({ item_id: 'c1', amount: 5 });
    expect(requestHash({ item_id: 'c2', amount: 5 })).not.toBe(base);
    expect(requestHash({ item_id: 'c1' })).not.toBe(base);
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
  });

  it('hashes no body like null, as 64 hex characters', () => {
    expect(requestHash(undefined)).toBe(requestHash(null));
    expect(requestHash({})).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the kinds of thing that can be bought', () => {
  const kind = (itemType: string) => ({ itemType }) as unknown as PaymentItemKind;

  it('finds a registered kind by its item type', () => {
    const items = new PaymentItems();
    const course = kind('course');
    items.register(course);
    expect(items.of('course')).toBe(course);
    expect(items.find('course')).toBe(course);
    expect(items.find(null)).toBeUndefined();
  });

  it('answers a type nothing sells as not for sale, in the error shape callers see', () => {
    const items = new PaymentItems();
    let caught: unknown;
    try {
      items.of('gift_card');
    } catch (e) {
      caught = e;
    }
    expect(AppError.isAppError(caught)).toBe(true);
    expect((caught as AppError).detail).toBe('A gift_card cannot be paid for here yet');
    expect(items.find('gift_card')).toBeUndefined();
  });

  it('refuses a kind registered twice', () => {
    const items = new PaymentItems();
    items.register(kind('session'));
    expect(() => items.register(kind('session'))).toThrow('payment item kind session registered twice');
  });

  it("names the payment methods as people's histories show them", () => {
    expect(METHOD_NAMES).toEqual({ wallet: 'wallet', chapa: 'Chapa', telebirr: 'telebirr', mpesa: 'M-Pesa' });
  });
});
