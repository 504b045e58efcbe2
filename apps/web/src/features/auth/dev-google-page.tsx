import { DevProviderSessionRequest, identityRoutes, sessionHash, signInRoleOf } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { detailOr } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { PublicLayout } from '../../routes/public-layout';
import { Alert, Button, Card, CardContent, FormField, Input } from '../../ui';
import { useContractForm } from '../../ui/form';

/**
 * The local development provider that stands in for Google: it creates a
 * provider session and returns to the app the way Google would, with
 * `#session_id=...` in the URL.
 */
export function DevGooglePage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.devGoogle.pageTitle'));
  const [params] = useSearchParams();
  const role = signInRoleOf(params.get('role'));
  // the local development provider that stands in for Google; answers a session_id
  const createSession = useRouteMutation(identityRoutes.devProviderSession);
  const form = useContractForm(DevProviderSessionRequest, { defaultValues: { email: '', name: '' } });

  const submit = form.submit((values) =>
    createSession.mutate(
      { body: values },
      {
        // a full load, like coming back from the real provider
        onSuccess: ({ session_id }) => window.location.assign(`/${sessionHash(session_id, role)}`),
      },
    ),
  );

  return (
    <PublicLayout>
      <Card className="w-full max-w-md" data-testid="dev-google">
        <CardContent className="space-y-6 sm:p-8">
          <div className="space-y-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('auth.devGoogle.title')}</h1>
            <p className="text-sm text-slate-600">{t('auth.devGoogle.text')}</p>
            <p className="text-sm font-medium text-slate-800">{t('auth.devGoogle.role', { role: t(`roles.${role}`) })}</p>
          </div>
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField label={t('auth.fields.email')} error={form.errorText('email')}>
              {(field) => (
                <Input
                  {...field}
                  {...form.register('email')}
                  type="email"
                  autoComplete="email"
                  placeholder={t('auth.placeholders.email')}
                  data-testid="dev-google-email"
                />
              )}
            </FormField>
            <FormField label={t('auth.fields.name')} error={form.errorText('name')}>
              {(field) => (
                <Input
                  {...field}
                  {...form.register('name')}
                  autoComplete="name"
                  placeholder={t('auth.placeholders.name')}
                  data-testid="dev-google-name"
                />
              )}
            </FormField>
            {createSession.isError && (
              <Alert tone="error" data-testid="auth-error">
                {detailOr(createSession.error, t('auth.errors.oauthFailed'))}
              </Alert>
            )}
            <Button
              type="submit"
              className="w-full"
              loading={createSession.isPending || createSession.isSuccess}
              data-testid="dev-google-submit"
            >
              {t('auth.devGoogle.submit')}
            </Button>
          </form>
          <Link to="/" className="block text-center text-sm font-medium text-primary-strong hover:underline">
            {t('auth.devGoogle.backToSite')}
          </Link>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
