import type { ReactNode } from 'react';

/**
 * What is being paid for, above a payment's choices: the item's name, then the amount
 * (emphasised, with its test id so journeys read the price the payer sees).
 */
export function PaymentSummary({
  itemLabel,
  item,
  amountLabel,
  amount,
  amountTestId,
}: {
  itemLabel: string;
  item: ReactNode;
  amountLabel: string;
  amount: ReactNode;
  amountTestId: string;
}) {
  return (
    <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{itemLabel}</dt>
        <dd className="text-right font-medium text-slate-900">{item}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{amountLabel}</dt>
        <dd className="font-semibold text-slate-900" data-testid={amountTestId}>
          {amount}
        </dd>
      </div>
    </dl>
  );
}
