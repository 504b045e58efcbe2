import { billingRoutes, CURRENCIES, DEFAULT_CURRENCY, PROVIDER_METHODS, TopUpRequest } from '@lp/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { FormField, Input, Select, useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import { CheckoutRedirectNotice, useCheckoutRedirect } from '../shared/checkout-redirect';
import { useMoney } from '../shared/money';
import { PaymentMethodPicker } from '../shared/payment-method-picker';
import { useIdempotencyKey } from '../shared/use-idempotency-key';

interface AddFundsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 3 /wallet "Add Funds": amount (min 1) and chapa, telebirr or mpesa; the provider's checkout credits the wallet. */
export function AddFundsDialog({ open, onOpenChange }: AddFundsDialogProps) {
  // mounted per opening: a new Idempotency-Key each time
  if (!open) return null;
  return <AddFundsForm onClose={() => onOpenChange(false)} />;
}

function AddFundsForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const idempotency = useIdempotencyKey();
  const { redirectingTo, redirect } = useCheckoutRedirect();
  const form = useContractForm(TopUpRequest, { defaultValues: { currency: DEFAULT_CURRENCY, payment_method: 'chapa' } });
  const topUp = useRouteMutation(billingRoutes.topUp, { invalidates: ['billing.'] });

  const submit = form.submit((body) =>
    topUp.mutate(
      { body, headers: { 'idempotency-key': idempotency.key } },
      {
        onSuccess: (reply) => {
          if (reply.checkout_url) return redirect(reply.checkout_url);
          // M-Pesa has no page: the prompt went to the payer's phone, the wallet is credited when they accept
          if (reply.status === 'pending') toast({ title: t('billing.wallet.topUpPrompted'), tone: 'info' });
          else toast({ title: t('billing.wallet.topUpDone', { amount: money.major(body.amount, body.currency) }), tone: 'success' });
          onClose();
        },
        onError: idempotency.afterError,
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('billing.wallet.addFundsTitle')}
      description={t('billing.wallet.addFundsDescription')}
      onSubmit={submit}
      submitLabel={t('billing.wallet.addFundsSubmit')}
      pending={topUp.isPending}
      error={topUp.isError ? t('billing.wallet.topUpFailed', { detail: detailOrMessage(topUp.error) }) : null}
      testId="add-funds-dialog"
      formTestId="add-funds-form"
      errorTestId="topup-error"
      submitTestId="topup-submit"
      replaceFormWith={redirectingTo && <CheckoutRedirectNotice url={redirectingTo} />}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField label={t('billing.wallet.amount')} error={form.errorText('amount')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('amount', { valueAsNumber: true })}
              type="number"
              min={1}
              step={0.01}
              inputMode="decimal"
              required
              data-testid="topup-amount"
            />
          )}
        </FormField>
        <FormField label={t('billing.wallet.currency')} error={form.errorText('currency')}>
          {(field) => (
            <Select {...field} {...form.register('currency')} data-testid="topup-currency">
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="payment_method"
        render={({ field }) => (
          <PaymentMethodPicker
            name="topup-method"
            methods={PROVIDER_METHODS}
            value={field.value}
            onChange={field.onChange}
            error={form.errorText('payment_method')}
          />
        )}
      />
      {form.watch('payment_method') === 'mpesa' && (
        <FormField label={t('billing.wallet.promptPhone')} error={form.errorText('phone_number')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('phone_number', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              data-testid="topup-phone"
            />
          )}
        </FormField>
      )}
    </FormDialog>
  );
}
