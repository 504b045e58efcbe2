import { describe, expect, it } from '@jest/globals';
import { INSUFFICIENT_BALANCE, withdrawBody, withdrawFormSchema } from './wallet-forms';

const wallet = [
  { currency: 'USD' as const, balance_minor: 5000 },
  { currency: 'ETB' as const, balance_minor: 100 },
];
const mobile = { method: 'mobile_money', account_details: { provider: 'telebirr', phone_number: '+251 911-234567' } } as const;
const messages = (input: unknown) => {
  const result = withdrawFormSchema(wallet).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('withdrawal form', () => {
  it('accepts an amount up to the balance of its currency', () => {
    expect(messages({ amount: 50, currency: 'USD', ...mobile })).toEqual([]);
    expect(messages({ amount: 1, currency: 'ETB', ...mobile })).toEqual([]);
  });

  it("refuses more than the balance: 'Insufficient balance'", () => {
    expect(messages({ amount: 50.01, currency: 'USD', ...mobile })).toEqual([`amount: ${INSUFFICIENT_BALANCE}`]);
    expect(messages({ amount: 2, currency: 'ETB', ...mobile })).toEqual([`amount: ${INSUFFICIENT_BALANCE}`]);
    expect(messages({ amount: 1, currency: 'EUR', ...mobile })).toEqual([`amount: ${INSUFFICIENT_BALANCE}`]);
  });

  it('keeps the contract rules: amount at least 1, mobile money needs provider and phone, a bank its name and account', () => {
    expect(messages({ amount: 0.5, ...mobile })).toEqual(['amount: Amount must be at least 1']);
    expect(messages({ amount: 5, method: 'mobile_money', account_details: {} })).toEqual([
      'account_details.provider: Choose telebirr or mpesa',
      'account_details.phone_number: Phone number is required',
    ]);
    expect(messages({ amount: 5, method: 'bank', account_details: { bank_name: '', account_number: '' } })).toEqual([
      'account_details.bank_name: Bank name is required',
      'account_details.account_number: Account number is required',
    ]);
  });

  it('sends only the chosen method’s details', () => {
    const parsed = withdrawFormSchema(wallet).parse({
      amount: 5,
      method: 'bank',
      account_details: { phone_number: '0911', bank_name: 'CBE', account_number: '1000', account_name: '' },
    });
    expect(withdrawBody(parsed).account_details).toEqual({ bank_name: 'CBE', account_number: '1000' });
    const mobileBody = withdrawBody(withdrawFormSchema(wallet).parse({ amount: 5, ...mobile }));
    expect(mobileBody).toMatchObject({
      currency: 'USD',
      method: 'mobile_money',
      account_details: { provider: 'telebirr', phone_number: '+251911234567' },
    });
  });
});
