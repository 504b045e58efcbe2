import { billingRoutes, DEFAULT_CURRENCY, MOBILE_MONEY_PROVIDERS, WITHDRAW_METHODS, type WalletResponse } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Alert, FormField, Input, Select, useToast } from '../../../ui';
import { FieldMessage, FormDialog, useContractForm } from '../../../ui/form';
import { useMoney } from '../shared/money';
import { useIdempotencyKey } from '../shared/use-idempotency-key';
import { withdrawBody, withdrawFormSchema } from './wallet-forms';

interface WithdrawDialogProps {
  wallet: WalletResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 3 /wallet "Withdraw": amount (min 1, at most the balance) to mobile money (telebirr, mpesa) or a bank. */
export function WithdrawDialog({ wallet, open, onOpenChange }: WithdrawDialogProps) {
  // mounted per opening: a new Idempotency-Key each time
  if (!open) return null;
  return <WithdrawForm wallet={wallet} onClose={() => onOpenChange(false)} />;
}

const emptyDetails = { provider: undefined, phone_number: '', bank_name: '', account_number: '', account_name: '' };

function WithdrawForm({ wallet, onClose }: { wallet: WalletResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const idempotency = useIdempotencyKey();
  const balances = useMemo(() => (wallet.balances.length > 0 ? wallet.balances : [wallet]), [wallet]);
  const schema = useMemo(() => withdrawFormSchema(balances), [balances]);
  // the currencies one can take money out of: those held (the default one always listed)
  const currencies = [...new Set([wallet.currency, ...balances.filter((b) => b.balance_minor > 0).map((b) => b.currency)])];
  const form = useContractForm(schema, {
    defaultValues: { currency: wallet.currency ?? DEFAULT_CURRENCY, method: 'mobile_money', account_details: emptyDetails },
  });
  const method = form.watch('method');
  const currency = form.watch('currency') ?? wallet.currency;
  const held = balances.find((b) => b.currency === currency);

  const withdraw = useRouteMutation(billingRoutes.withdraw, { invalidates: ['billing.'] });
  const submit = form.submit((values) =>
    withdraw.mutate(
      { body: withdrawBody(values), headers: { 'idempotency-key': idempotency.key } },
      {
        onSuccess: () => {
          toast({ title: t('billing.wallet.withdrawDone', { amount: money.major(values.amount, values.currency) }), tone: 'success' });
          onClose();
        },
        onError: idempotency.afterError,
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('billing.wallet.withdrawTitle')}
      description={t('billing.wallet.withdrawDescription')}
      onSubmit={submit}
      submitLabel={t('billing.wallet.withdrawSubmit')}
      pending={withdraw.isPending}
      error={withdraw.isError ? t('billing.wallet.withdrawFailed', { detail: detailOrMessage(withdraw.error) }) : null}
      testId="withdraw-dialog"
      formTestId="withdraw-form"
      errorTestId="withdraw-error"
      submitTestId="withdraw-submit"
    >
      <p className="text-sm text-slate-700" data-testid="withdraw-available">
        {t('billing.wallet.available', { amount: money.minor(held?.balance_minor ?? 0, currency) })}
      </p>
      <div className={currencies.length > 1 ? 'grid gap-4 sm:grid-cols-[1fr_8rem]' : ''}>
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
              data-testid="withdraw-amount"
            />
          )}
        </FormField>
        {currencies.length > 1 && (
          <FormField label={t('billing.wallet.currency')} error={form.errorText('currency')}>
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
        <FieldMessage message={form.errorText('method')} className="mt-1" />
      </fieldset>

      {method === 'mobile_money' ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="withdraw-mobile-money">
          <FormField label={t('billing.wallet.provider')} error={form.errorText('account_details.provider')}>
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
          <FormField label={t('billing.wallet.phoneNumber')} error={form.errorText('account_details.phone_number')}>
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
          <FormField label={t('billing.wallet.bankName')} error={form.errorText('account_details.bank_name')}>
            {(field) => <Input {...field} {...form.register('account_details.bank_name')} data-testid="withdraw-bank-name" />}
          </FormField>
          <FormField label={t('billing.wallet.accountNumber')} error={form.errorText('account_details.account_number')}>
            {(field) => (
              <Input
                {...field}
                {...form.register('account_details.account_number')}
                inputMode="numeric"
                data-testid="withdraw-account-number"
              />
            )}
          </FormField>
          <FormField
            label={t('billing.wallet.accountName')}
            error={form.errorText('account_details.account_name')}
            className="sm:col-span-2"
          >
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
    </FormDialog>
  );
}
