import type { PAYMENT_METHODS } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Alert, cn } from '../../../ui';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface PaymentMethodPickerProps {
  methods: readonly PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** the radio group's name (one per form) */
  name: string;
  /** the wallet's balance, written beside the wallet choice */
  walletBalance?: string | undefined;
  /** spec 5: the wallet choice is disabled with a warning when the balance is below the price */
  walletInsufficient?: boolean;
  disabled?: boolean;
  error?: string | undefined;
}

/** Spec 2 "Payment modal": wallet, chapa, telebirr, mpesa as radio choices. */
export function PaymentMethodPicker({
  methods,
  value,
  onChange,
  name,
  walletBalance,
  walletInsufficient = false,
  disabled = false,
  error,
}: PaymentMethodPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2" disabled={disabled} data-testid="payment-methods">
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('billing.methods.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((method) => {
          const off = method === 'wallet' && walletInsufficient;
          return (
            <label
              key={method}
              className={cn(
                'flex items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
                off ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
              )}
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={value === method}
                disabled={off}
                onChange={() => onChange(method)}
                className="mt-1 accent-[var(--color-primary)]"
                data-testid={`payment-method-${method}`}
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t(`billing.methods.${method}`)}</span>
                <span className="block text-xs text-slate-600">
                  {method === 'wallet' && walletBalance
                    ? t('billing.methods.walletBalance', { balance: walletBalance })
                    : t(`billing.methods.hints.${method}`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {walletInsufficient && methods.includes('wallet') && (
        <Alert tone="error" role="status" data-testid="wallet-insufficient">
          {t('billing.methods.walletInsufficient')}
        </Alert>
      )}
      {error && (
        <p className="text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
