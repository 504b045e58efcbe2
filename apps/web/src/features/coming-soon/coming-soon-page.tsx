import { ComingSoonRequest, identityRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { PublicLayout } from '../../routes/public-layout';
import { Alert, Button, Card, CardContent, FormField, Input } from '../../ui';
import { useContractForm } from '../../ui/form';

/** Spec 2.3. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  usePageTitle(t('comingSoon.pageTitle'));
  const subscribe = useRouteMutation(identityRoutes.comingSoonSubscribe);
  const form = useContractForm(ComingSoonRequest, { defaultValues: { email: '' } });
  const submit = form.submit((values) => subscribe.mutate({ body: values }));

  return (
    <PublicLayout>
      <Card className="w-full max-w-lg" data-testid="coming-soon">
        <CardContent className="space-y-6 sm:p-8">
          <div className="space-y-2 text-center">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('comingSoon.title')}</h1>
            <p className="text-slate-600">{t('comingSoon.text')}</p>
          </div>
          {subscribe.isSuccess ? (
            <Alert tone="success" data-testid="coming-soon-success" className="text-center">
              {t('comingSoon.success')}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-4">
              <FormField label={t('comingSoon.email')} error={form.errorText('email')}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('email')}
                    type="email"
                    autoComplete="email"
                    required
                    placeholder={t('auth.placeholders.email')}
                    data-testid="coming-soon-email"
                  />
                )}
              </FormField>
              {subscribe.isError && (
                <Alert tone="error" data-testid="coming-soon-error">
                  {detailOr(subscribe.error, t('comingSoon.failure'))}
                </Alert>
              )}
              <Button type="submit" className="w-full" loading={subscribe.isPending} data-testid="notify-me">
                {t('comingSoon.notifyMe')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
