import { billingRoutes, type DemoCheckoutSchema } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Badge, Button, Card, CardContent, Spinner } from '../../../ui';
import { useMoney } from '../shared/money';

type Checkout = z.infer<typeof DemoCheckoutSchema>;

/**
 * The local demo provider's checkout (/demo-checkout/{reference}; development only): it stands
 * where Chapa's, telebirr's or M-Pesa's own page would be. Only the payer, signed in, sees and
 * confirms it (the route's guard, and billing answers anyone else 404), so it renders inside
 * the signed-in shell. Pay or Cancel tells the provider, which notifies the platform's webhook,
 * and the payer goes back to the return address. What it credits is demo funds.
 */
export function DemoCheckoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('billing.checkout.pageTitle'));
  const { reference } = useParams<{ reference: string }>();
  const checkout = useRouteQuery(billingRoutes.demoCheckout, { params: { reference } }, { staleTime: 0 });

  return (
    <div className="flex flex-col">
      <div className="rounded-md border border-amber-200 bg-amber-50">
        <p className="mx-auto max-w-3xl px-4 py-2 text-center text-sm font-medium text-amber-900" data-testid="demo-provider-banner">
          {t('billing.checkout.demoBanner')}
        </p>
      </div>
      <section className="flex flex-1 items-start justify-center px-4 py-10">
        <Card className="w-full max-w-md" data-testid="demo-checkout">
          {checkout.isPending ? (
            <CardContent className="flex justify-center py-12">
              <Spinner className="text-primary" />
            </CardContent>
          ) : checkout.isError ? (
            <CheckoutMissing error={checkout.error} />
          ) : (
            <CheckoutBody checkout={checkout.data} reference={reference ?? ''} />
          )}
        </Card>
      </section>
    </div>
  );
}

function CheckoutMissing({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <CardContent className="space-y-4 sm:p-8">
      <h1 className="text-xl font-semibold text-slate-900">{t('billing.checkout.notFoundTitle')}</h1>
      <Alert tone="error" data-testid="demo-checkout-error">
        {notFound ? t('billing.checkout.notFound') : detailOrMessage(error)}
      </Alert>
      <Link to="/" className="block text-sm font-medium text-primary-strong hover:underline" data-testid="demo-checkout-home">
        {t('billing.checkout.backHome')}
      </Link>
    </CardContent>
  );
}

function CheckoutBody({ checkout, reference }: { checkout: Checkout; reference: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const act = useRouteMutation(billingRoutes.demoCheckoutAct, {
    // a full load back into the app, as from a real provider's page
    onSuccess: (reply) => window.location.assign(reply.return_url),
  });
  const leaving = act.isSuccess;
  const pending = act.isPending || leaving;
  const chosen = act.variables?.body.action;
  const send = (action: 'confirm' | 'cancel') => act.mutate({ params: { reference }, body: { action } });

  return (
    <CardContent className="space-y-6 sm:p-8" data-status={checkout.status}>
      <div className="space-y-1">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('billing.checkout.payWith')}</p>
        <h1 className="text-2xl font-bold text-slate-900" data-testid="demo-checkout-provider">
          {t(`billing.methodNames.${checkout.provider}`)}
        </h1>
        <Badge tone="warning">{t('billing.checkout.demoBadge')}</Badge>
      </div>

      <dl className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('billing.checkout.description')}</dt>
          <dd className="text-right font-medium text-slate-900" data-testid="demo-checkout-description">
            {checkout.description}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="text-slate-600">{t('billing.checkout.amount')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="demo-checkout-amount">
            {money.of(checkout)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('billing.checkout.reference')}</dt>
          <dd className="font-mono text-xs break-all text-slate-700">{checkout.reference}</dd>
        </div>
      </dl>

      {checkout.status === 'open' ? (
        <div className="space-y-3">
          {act.isError && (
            <Alert tone="error" data-testid="demo-checkout-act-error">
              {detailOrMessage(act.error)}
            </Alert>
          )}
          {leaving && (
            <Alert tone="info" data-testid="demo-checkout-returning">
              {t('billing.checkout.returning')}
            </Alert>
          )}
          <Button
            className="w-full"
            size="lg"
            onClick={() => send('confirm')}
            loading={pending && chosen === 'confirm'}
            disabled={pending}
            data-testid="demo-checkout-pay"
          >
            {t('billing.checkout.pay', { amount: money.of(checkout) })}
          </Button>
          <Button
            className="w-full"
            variant="outline"
            onClick={() => send('cancel')}
            loading={pending && chosen === 'cancel'}
            disabled={pending}
            data-testid="demo-checkout-cancel"
          >
            {t('billing.checkout.cancel')}
          </Button>
        </div>
      ) : (
        <div className="space-y-3" data-testid="demo-checkout-closed">
          <Alert tone={checkout.status === 'paid' ? 'success' : 'error'} role="status">
            {t(`billing.checkout.closed.${checkout.status}`)}
          </Alert>
          <Button asChild variant="outline" className="w-full">
            <a href={checkout.return_url} data-testid="demo-checkout-back">
              {t('billing.checkout.backToMerchant')}
            </a>
          </Button>
        </div>
      )}
      <p className="text-center text-xs text-slate-500">{t('billing.checkout.noRealMoney')}</p>
    </CardContent>
  );
}
