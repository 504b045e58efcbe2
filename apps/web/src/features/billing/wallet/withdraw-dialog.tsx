import { zodResolver } from '@hookform/resolvers/zod';
import { billingRoutes, DEFAULT_CURRENCY, MOBILE_MONEY_PROVIDERS, WITHDRAW_METHODS, type WalletResponse } from '@lp/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
import { useMoney } from '../shared/money';
import { useIdempotencyKey } from '../shared/use-idempotency-key';
import { withdrawBody, withdrawFormSchema, type WithdrawFormInput, type WithdrawFormOutput } from './wallet-forms';

interface WithdrawDialogProps {
  wallet: WalletResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 3 /wallet "Withdraw": amount (min 1, at most the balance) to mobile money (telebirr, mpesa) or a bank. */
export function WithdrawDialog({ wallet, open, onOpenChange }: WithdrawDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="withdraw-dialog">
        <DialogHeader>
          <DialogTitle>{t('billing.wallet.withdrawTitle')}</DialogTitle>
          <DialogDescription>{t('billing.wallet.withdrawDescription')}</DialogDescription>
        </DialogHeader>
        {open && <WithdrawForm wallet={wallet} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const emptyDetails = { provider: undefined, phone_number: '', bank_name: '', account_number: '', account_name: '' };

function WithdrawForm({ wallet, onDone }: { wallet: WalletResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { toast } = useToast();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const idempotency = useIdempotencyKey();
  const balances = useMemo(() => (wallet.balances.length > 0 ? wallet.balances : [wallet]), [wallet]);
  const schema = useMemo(() => withdrawFormSchema(balances), [balances]);
  // the currencies one can take money out of: those held (the default one always listed)
  const currencies = [...new Set([wallet.currency, ...balances.filter((b) => b.balance_minor > 0).map((b) => b.currency)])];
  const form = useForm<WithdrawFormInput, unknown, WithdrawFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { currency: wallet.currency ?? DEFAULT_CURRENCY, method: 'mobile_money', account_details: emptyDetails },
  });
  const { errors } = form.formState;
  const method = form.watch('method');
  const currency = form.watch('currency') ?? wallet.currency;
  const held = balances.find((b) => b.currency === currency);
  const detailErrors = errors.account_details;

  const withdraw = useRouteMutation(billingRoutes.withdraw, { invalidates: ['billing.'] });
  const submit = form.handleSubmit((values) =>
    withdraw.mutate(
      { body: withdrawBody(values), headers: { 'idempotency-key': idempotency.key } },
      {
        onSuccess: () => {
          toast({ title: t('billing.wallet.withdrawDone', { amount: money.major(values.amount, values.currency) }), tone: 'success' });
          onDone();
        },
        onError: idempotency.afterError,
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="withdraw-form">
      <p className="text-sm text-slate-700" data-testid="withdraw-available">
        {t('billing.wallet.available', { amount: money.minor(held?.balance_minor ?? 0, currency) })}
      </p>
      <div className={currencies.length > 1 ? 'grid gap-4 sm:grid-cols-[1fr_8rem]' : ''}>
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
              data-testid="withdraw-amount"
            />
          )}
        </FormField>
        {currencies.length > 1 && (
          <FormField label={t('billing.wallet.currency')} error={vt(errors.currency?.message)}>
            {(field) => (
              <Select {...field} {...form.register('currency')} data-testid="withdraw-currency">
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('billing.wallet.withdrawMethod')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WITHDRAW_METHODS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                {...form.register('method')}
                value={value}
                className="accent-[var(--color-primary)]"
                data-testid={`withdraw-method-${value}`}
              />
              <span className="text-sm font-medium text-slate-900">{t(`billing.methodNames.${value}`)}</span>
            </label>
          ))}
        </div>
        {errors.method?.message && (
          <p className="mt-1 text-xs font-medium text-red-700" role="alert">
            {vt(errors.method.message)}
          </p>
        )}
      </fieldset>

      {method === 'mobile_money' ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="withdraw-mobile-money">
          <FormField label={t('billing.wallet.provider')} error={vt(detailErrors?.provider?.message)}>
            {(field) => (
              <Select
                {...field}
                {...form.register('account_details.provider', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
                defaultValue=""
                data-testid="withdraw-provider"
              >
                <option value="">{t('billing.wallet.chooseProvider')}</option>
                {MOBILE_MONEY_PROVIDERS.map((p) => (
                  <option key={p} value={p}>
                    {t(`billing.methodNames.${p}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t('billing.wallet.phoneNumber')} error={vt(detailErrors?.phone_number?.message)}>
            {(field) => (
              <Input
                {...field}
                {...form.register('account_details.phone_number')}
                type="tel"
                autoComplete="tel"
                placeholder="+251911234567"
                data-testid="withdraw-phone"
              />
            )}
          </FormField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="withdraw-bank">
          <FormField label={t('billing.wallet.bankName')} error={vt(detailErrors?.bank_name?.message)}>
            {(field) => <Input {...field} {...form.register('account_details.bank_name')} data-testid="withdraw-bank-name" />}
          </FormField>
          <FormField label={t('billing.wallet.accountNumber')} error={vt(detailErrors?.account_number?.message)}>
            {(field) => (
              <Input
                {...field}
                {...form.register('account_details.account_number')}
                inputMode="numeric"
                data-testid="withdraw-account-number"
              />
            )}
          </FormField>
          <FormField label={t('billing.wallet.accountName')} error={vt(detailErrors?.account_name?.message)} className="sm:col-span-2">
            {(field) => (
              <Input
                {...field}
                {...form.register('account_details.account_name')}
                autoComplete="name"
                data-testid="withdraw-account-name"
              />
            )}
          </FormField>
        </div>
      )}

      <Alert tone="info" data-testid="withdraw-processing">
        {t('billing.wallet.processingTime')}
      </Alert>
      {withdraw.isError && (
        <Alert tone="error" data-testid="withdraw-error">
          {t('billing.wallet.withdrawFailed', { detail: detailOrMessage(withdraw.error) })}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={withdraw.isPending} data-testid="withdraw-submit">
          {t('billing.wallet.withdrawSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
