import { LoginRequest } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { Alert, Button, FormField, Input } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import type { SignedInSession } from '../session-storage';
import { useEmailLogin } from '../use-email-login';
import { needsSecondFactor, TotpCodeField } from '../second-factor';

interface EmailSignInFormProps {
  onSignedIn: (session: SignedInSession) => void;
  /** "Forgot password?" (besides the spec): the modal shows the form that asks for a reset link */
  onForgotPassword?: () => void;
}

export function EmailSignInForm({ onSignedIn, onForgotPassword }: EmailSignInFormProps) {
  const { t } = useTranslation();
  const login = useEmailLogin();
  const [totpRequired, setTotpRequired] = useState(false);
  const form = useContractForm(LoginRequest, { defaultValues: { email: '', password: '' } });

  const submit = form.submit((values) =>
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (needsSecondFactor(error)) setTotpRequired(true);
      },
    }),
  );

  // A TWO_FACTOR_REQUIRED answer to a submission without a code is a prompt, not a failure.
  const showError = login.isError && !(needsSecondFactor(login.error) && !login.variables?.totp_code);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="email-sign-in-form">
      <FormField label={t('auth.fields.email')} error={form.errorText('email')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            placeholder={t('auth.placeholders.email')}
            data-testid="auth-email"
          />
        )}
      </FormField>
      <FormField label={t('auth.fields.password')} error={form.errorText('password')}>
        {(field) => (
          <Input {...field} {...form.register('password')} type="password" autoComplete="current-password" data-testid="auth-password" />
        )}
      </FormField>
      {onForgotPassword && (
        <div className="-mt-2 text-right">
          <Button type="button" variant="link" size="sm" onClick={onForgotPassword} data-testid="auth-forgot-password">
            {t('auth.forgotPassword.link')}
          </Button>
        </div>
      )}
      {totpRequired && <TotpCodeField {...form.register('totp_code')} error={form.errorText('totp_code')} />}
      {showError && (
        <Alert tone="error" data-testid="auth-error">
          {detailOr(login.error, t('auth.errors.authenticationFailed'))}
        </Alert>
      )}
      <Button type="submit" className="w-full" loading={login.isPending} data-testid="auth-submit">
        {t('auth.signIn')}
      </Button>
    </form>
  );
}
