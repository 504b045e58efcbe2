import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@lp/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useValidationText } from '../../../i18n/validation-text';
import { Alert, Button, FormField, Input } from '../../../ui';
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
  const vt = useValidationText();
  const login = useEmailLogin();
  const [totpRequired, setTotpRequired] = useState(false);
  const form = useForm({ resolver: zodResolver(LoginRequest), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
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
      <FormField label={t('auth.fields.email')} error={vt(errors.email?.message)}>
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
      <FormField label={t('auth.fields.password')} error={vt(errors.password?.message)}>
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
      {totpRequired && <TotpCodeField {...form.register('totp_code')} error={vt(errors.totp_code?.message)} />}
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
