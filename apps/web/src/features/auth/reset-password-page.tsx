import { identityRoutes } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { detailOr } from '../../api/error-text';
import { fieldErrorsOf } from '../../api/field-errors';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { usePageTitle } from '../../lib/use-page-title';
import { PublicLayout } from '../../routes/public-layout';
import { Alert, Button, Card, CardContent, FormField, Input } from '../../ui';
import { useContractForm } from '../../ui/form';
import type { AuthRedirectState } from './auth-redirect-state';
import { resetPasswordFormSchema, resetTokenOf } from './password-reset';

const EMPTY = { password: '', confirm_password: '' };

/**
 * A reset e-mail's link (besides the spec): a new password, twice. The server's answer is shown
 * as it comes (a spent or expired link, the password rules); once set, sign-in opens from here.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const vt = useValidationText();
  const navigate = useNavigate();
  usePageTitle(t('auth.resetPassword.pageTitle'));
  const [params] = useSearchParams();
  const token = resetTokenOf(params);
  const reset = useRouteMutation(identityRoutes.resetPassword);
  const mismatch = t('auth.resetPassword.mismatch');
  const schema = useMemo(() => resetPasswordFormSchema(mismatch), [mismatch]);
  const form = useContractForm(schema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const server = fieldErrorsOf(reset.error, ['password', 'token'] as const);

  const submit = form.submit(({ password }) => {
    if (token) reset.mutate({ body: { token, password } });
  });
  // the landing page opens the sign-in modal for this state
  const openSignIn = (): void => {
    const state: AuthRedirectState = { auth: 'login' };
    void navigate('/', { state });
  };

  return (
    <PublicLayout>
      <Card className="w-full max-w-md" data-testid="reset-password">
        <CardContent className="space-y-6 sm:p-8">
          <div className="space-y-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('auth.resetPassword.title')}</h1>
            {!reset.isSuccess && <p className="text-sm text-slate-600">{t('auth.resetPassword.text')}</p>}
          </div>
          {reset.isSuccess ? (
            <div className="space-y-4">
              <Alert tone="success" data-testid="reset-password-done">
                {reset.data.message}
              </Alert>
              <Button className="w-full" onClick={openSignIn} data-testid="reset-password-sign-in">
                {t('auth.resetPassword.signIn')}
              </Button>
            </div>
          ) : !token ? (
            <div className="space-y-4">
              <Alert tone="error" data-testid="reset-password-error">
                {t('auth.resetPassword.noToken')}
              </Alert>
              <Button variant="outline" className="w-full" onClick={openSignIn}>
                {t('auth.resetPassword.askAgain')}
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-password-form">
              <FormField label={t('auth.resetPassword.new')} error={vt(errors.password?.message ?? server.byField.password)}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('password')}
                    type="password"
                    autoComplete="new-password"
                    data-testid="reset-new-password"
                  />
                )}
              </FormField>
              <FormField label={t('auth.resetPassword.confirm')} error={form.errorText('confirm_password')}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('confirm_password')}
                    type="password"
                    autoComplete="new-password"
                    data-testid="reset-confirm-password"
                  />
                )}
              </FormField>
              {reset.isError && (
                <Alert tone="error" data-testid="reset-password-error">
                  {detailOr(reset.error, t('auth.resetPassword.failed'))}
                </Alert>
              )}
              {reset.isError && !server.byField.password && (
                <Button variant="link" size="sm" onClick={openSignIn} data-testid="reset-password-ask-again">
                  {t('auth.resetPassword.askAgain')}
                </Button>
              )}
              <Button type="submit" className="w-full" loading={reset.isPending} data-testid="reset-password-submit">
                {t('auth.resetPassword.submit')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
