import { billingRoutes, type WalletResponse } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidate, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button, Card, CardContent, PageHeader, useToast } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useMoney } from '../shared/money';
import { usePaymentOutcomeMessage } from '../shared/payment-outcome';
import { PaymentReturnNotice } from '../shared/payment-return-notice';
import { usePaymentReturn } from '../shared/use-payment-return';
import { AddFundsDialog } from './add-funds-dialog';
import { TransactionsTable } from './transactions-table';
import { WithdrawDialog } from './withdraw-dialog';

/**
 * Spec 3 /wallet (every signed-in role): the balance (USD first, every other currency held
 * below), pending withdrawals, Add Funds, Withdraw and the transaction history. Coming back
 * from a top-up's checkout (`?payment=<id>`), the payment's end is reported.
 */
export function WalletPage() {
  const { t } = useTranslation();
  usePageTitle(t('billing.wallet.title'));
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const outcomeMessage = usePaymentOutcomeMessage();
  const returning = usePaymentReturn((outcome) => {
    toast(outcomeMessage(outcome));
    void invalidate(['billing.']);
  });
  const wallet = useRouteQuery(billingRoutes.walletBalance, {});
  const [dialog, setDialog] = useState<'topup' | 'withdraw' | null>(null);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div data-testid="wallet-page" className="space-y-6">
      <PageHeader
        title={t('billing.wallet.title')}
        subtitle={t('billing.wallet.subtitle')}
        actions={
          <div className="flex gap-2">
            <Button onClick={() => setDialog('topup')} data-testid="add-funds">
              {t('billing.wallet.addFunds')}
            </Button>
            <Button variant="outline" onClick={() => setDialog('withdraw')} disabled={!wallet.data} data-testid="withdraw">
              {t('billing.wallet.withdraw')}
            </Button>
          </div>
        }
      />
      {returning && <PaymentReturnNotice />}

      {wallet.isPending ? (
        <LoadingBlock />
      ) : wallet.isError ? (
        <LoadError error={wallet.error} title={t('billing.wallet.loadFailed')} onRetry={() => void wallet.refetch()} />
      ) : (
        <BalanceCards wallet={wallet.data} />
      )}

      <TransactionsTable />

      <AddFundsDialog open={dialog === 'topup'} onOpenChange={close} />
      {wallet.data && <WithdrawDialog wallet={wallet.data} open={dialog === 'withdraw'} onOpenChange={close} />}
    </div>
  );
}

function BalanceCards({ wallet }: { wallet: WalletResponse }) {
  const { t } = useTranslation();
  const money = useMoney();
  const others = wallet.balances.filter(
    (b) => b.currency !== wallet.currency && (b.balance_minor !== 0 || b.pending_withdrawals_minor !== 0),
  );
  const pending = [wallet, ...others].filter((b) => b.pending_withdrawals_minor > 0);

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="bg-gradient-to-br from-primary to-primary-strong text-white lg:col-span-2" data-testid="wallet-balance-card">
        <CardContent className="space-y-2">
          <p className="text-sm font-medium text-white/85">{t('billing.wallet.balanceLabel', { currency: wallet.currency })}</p>
          <p
            className="text-4xl font-bold tracking-tight sm:text-5xl"
            data-testid="wallet-balance"
            data-currency={wallet.currency}
            data-amount-minor={wallet.balance_minor}
          >
            {money.minor(wallet.balance_minor, wallet.currency)}
          </p>
          {[wallet, ...others].some((b) => b.demo_balance_minor > 0) && (
            <p className="text-sm text-white/85" data-testid="wallet-demo-funds">
              {t('billing.wallet.demoFunds', {
                amount: [wallet, ...others]
                  .filter((b) => b.demo_balance_minor > 0)
                  .map((b) => money.minor(b.demo_balance_minor, b.currency))
                  .join(', '),
              })}
            </p>
          )}
          {others.length > 0 && (
            <div className="pt-3">
              <h2 className="text-sm font-medium text-white/85">{t('billing.wallet.otherCurrencies')}</h2>
              <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1" data-testid="wallet-other-balances">
                {others.map((b) => (
                  <li key={b.currency} className="text-lg font-semibold" data-testid={`wallet-balance-${b.currency}`}>
                    {money.minor(b.balance_minor, b.currency)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </CardContent>
      </Card>
      <Card data-testid="pending-withdrawals">
        <CardContent className="space-y-2">
          <h2 className="text-sm font-medium text-slate-600">{t('billing.wallet.pendingWithdrawals')}</h2>
          {pending.length === 0 ? (
            <p className="text-sm text-slate-700" data-testid="pending-withdrawals-none">
              {t('billing.wallet.noPendingWithdrawals')}
            </p>
          ) : (
            <ul className="space-y-1">
              {pending.map((b) => (
                <li key={b.currency} className="text-2xl font-bold text-slate-900" data-testid={`pending-withdrawals-${b.currency}`}>
                  {money.minor(b.pending_withdrawals_minor, b.currency)}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-slate-600">{t('billing.wallet.processingTime')}</p>
        </CardContent>
      </Card>
    </div>
  );
}
