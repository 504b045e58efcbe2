import { ForgotPasswordRequest, identityRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Alert, Button, FormField, Input } from '../../../ui';
import { useContractForm } from '../../../ui/form';

/**
 * "Forgot password?" (besides the spec): the e-mail to send a link to. The server answers the
 * same whether or not an account has it, and that answer is what the form shows.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const ask = useRouteMutation(identityRoutes.forgotPassword);
  const form = useContractForm(ForgotPasswordRequest, { defaultValues: { email: '' } });

  const submit = form.submit((body) => ask.mutate({ body }));

  return (
    <div className="space-y-4" data-testid="forgot-password">
      <div className="space-y-1">
        <h3 className="text-base font-semibold text-slate-900">{t('auth.forgotPassword.title')}</h3>
        <p className="text-sm text-slate-700">{t('auth.forgotPassword.text')}</p>
      </div>
      {ask.isSuccess ? (
        <Alert tone="success" data-testid="forgot-password-sent">
          {ask.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="forgot-password-form">
          <FormField label={t('auth.fields.email')} error={form.errorText('email')}>
            {(field) => (
              <Input
                {...field}
                {...form.register('email')}
                type="email"
                autoComplete="email"
                placeholder={t('auth.placeholders.email')}
                data-testid="forgot-password-email"
              />
            )}
          </FormField>
          {ask.isError && (
            <Alert tone="error" data-testid="forgot-password-error">
              {detailOr(ask.error, t('auth.forgotPassword.failed'))}
            </Alert>
          )}
          <Button type="submit" className="w-full" loading={ask.isPending} data-testid="forgot-password-submit">
            {t('auth.forgotPassword.submit')}
          </Button>
        </form>
      )}
      <Button variant="outline" className="w-full" onClick={onBack} data-testid="forgot-password-back">
        {t('auth.forgotPassword.back')}
      </Button>
    </div>
  );
}
