import { gamificationRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error';
import { detailOr } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { FullPageSpinner } from '../../routes/full-page-spinner';
import { PublicLayout } from '../../routes/public-layout';
import { Alert, Button, Card, CardContent } from '../../ui';

/**
 * A notification e-mail's "Stop e-mails like this one" link (/unsubscribe?token=…, besides the
 * spec): public, since the reader of an e-mail is often signed out. It says which e-mails the link
 * stops and asks before it does (opening the link changes nothing: mail scanners open every link);
 * a mail client's own "Unsubscribe" button posts to the API directly (RFC 8058).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.unsubscribe.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useRouteQuery(gamificationRoutes.unsubscribeLink, { query: { token } }, { enabled: token !== '', retry: false });
  const stop = useRouteMutation(gamificationRoutes.unsubscribe);
  const invalid = token === '' || (isApiError(link.error) && link.error.status === 400);

  if (!invalid && link.isPending) return <FullPageSpinner />;
  const typeName = link.data ? t(`notifications.types.${link.data.type}`) : '';
  const settings = (
    <Link to="/account-settings" className="font-medium text-primary-strong hover:underline" data-testid="unsubscribe-settings">
      {t('notifications.unsubscribe.settings')}
    </Link>
  );
  return (
    <PublicLayout>
      <Card className="w-full max-w-md" data-testid="unsubscribe-page">
        <CardContent className="space-y-5 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('notifications.unsubscribe.title')}</h1>
          {invalid ? (
            <Alert tone="error" data-testid="unsubscribe-invalid">
              {token === '' ? t('notifications.unsubscribe.noToken') : detailOr(link.error, t('notifications.unsubscribe.noToken'))}
            </Alert>
          ) : link.isError ? (
            <div className="space-y-3">
              <Alert tone="error" data-testid="unsubscribe-error">
                {detailOr(link.error, t('notifications.unsubscribe.loadFailed'))}
              </Alert>
              <Button variant="outline" onClick={() => void link.refetch()}>
                {t('notifications.unsubscribe.retry')}
              </Button>
            </div>
          ) : stop.isSuccess || !link.data!.subscribed ? (
            <Alert tone="success" data-testid="unsubscribe-done">
              {t('notifications.unsubscribe.done', { type: typeName })}
            </Alert>
          ) : (
            <div className="space-y-4">
              <p className="text-slate-700" data-testid="unsubscribe-question">
                {t('notifications.unsubscribe.question', { type: typeName })}
              </p>
              <p className="text-sm text-slate-600">{t('notifications.unsubscribe.inAppStays')}</p>
              {stop.isError && (
                <Alert tone="error" data-testid="unsubscribe-error">
                  {detailOr(stop.error, t('notifications.unsubscribe.failed'))}
                </Alert>
              )}
              <Button
                className="w-full"
                loading={stop.isPending}
                onClick={() => stop.mutate({ query: { token }, body: {} })}
                data-testid="unsubscribe-confirm"
              >
                {t('notifications.unsubscribe.confirm')}
              </Button>
            </div>
          )}
          <p className="text-sm text-slate-600">{settings}</p>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
