import { zodResolver } from '@hookform/resolvers/zod';
import { billingRoutes, CURRENCIES, DEFAULT_CURRENCY, PROVIDER_METHODS, TopUpRequest } from '@lp/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  useToast,
} from '../../../ui';
import { CheckoutRedirectNotice, useCheckoutRedirect } from '../shared/checkout-redirect';
import { useMoney } from '../shared/money';
import { PaymentMethodPicker } from '../shared/payment-method-picker';
import { useIdempotencyKey } from '../shared/use-idempotency-key';

type TopUpInput = z.input<typeof TopUpRequest>;
type TopUpOutput = z.output<typeof TopUpRequest>;

interface AddFundsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 3 /wallet "Add Funds": amount (min 1) and chapa, telebirr or mpesa; the provider's checkout credits the wallet. */
export function AddFundsDialog({ open, onOpenChange }: AddFundsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-funds-dialog">
        <DialogHeader>
          <DialogTitle>{t('billing.wallet.addFundsTitle')}</DialogTitle>
          <DialogDescription>{t('billing.wallet.addFundsDescription')}</DialogDescription>
        </DialogHeader>
        {/* mounted per opening: a new Idempotency-Key each time */}
        {open && <AddFundsForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddFundsForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { toast } = useToast();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const idempotency = useIdempotencyKey();
  const { redirectingTo, redirect } = useCheckoutRedirect();
  const form = useForm<TopUpInput, unknown, TopUpOutput>({
    resolver: zodResolver(TopUpRequest),
    defaultValues: { currency: DEFAULT_CURRENCY, payment_method: 'chapa' },
  });
  const { errors } = form.formState;
  const topUp = useRouteMutation(billingRoutes.topUp, { invalidates: ['billing.'] });

  const submit = form.handleSubmit((body) =>
    topUp.mutate(
      { body, headers: { 'idempotency-key': idempotency.key } },
      {
        onSuccess: (reply) => {
          if (reply.checkout_url) return redirect(reply.checkout_url);
          // M-Pesa has no page: the prompt went to the payer's phone, the wallet is credited when they accept
          if (reply.status === 'pending') toast({ title: t('billing.wallet.topUpPrompted'), tone: 'info' });
          else toast({ title: t('billing.wallet.topUpDone', { amount: money.major(body.amount, body.currency) }), tone: 'success' });
          onDone();
        },
        onError: idempotency.afterError,
      },
    ),
  );

  if (redirectingTo) return <CheckoutRedirectNotice url={redirectingTo} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="add-funds-form">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField label={t('billing.wallet.amount')} error={vt(errors.amount?.message)}>
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
        <FormField label={t('billing.wallet.currency')} error={vt(errors.currency?.message)}>
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
            error={vt(errors.payment_method?.message)}
          />
        )}
      />
      {form.watch('payment_method') === 'mpesa' && (
        <FormField label={t('billing.wallet.promptPhone')} error={vt(errors.phone_number?.message)}>
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
      {topUp.isError && (
        <Alert tone="error" data-testid="topup-error">
          {t('billing.wallet.topUpFailed', { detail: detailOrMessage(topUp.error) })}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={topUp.isPending} data-testid="topup-submit">
          {t('billing.wallet.addFundsSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
