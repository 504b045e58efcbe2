import { IdentityErrorCode } from '@lp/contracts';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { FormField, Input } from '../../ui';

/** Every way of signing in answers this when the account has two-factor authentication and no code came with it. */
export function needsSecondFactor(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === IdentityErrorCode.TWO_FACTOR_REQUIRED;
}

/** The authenticator-code field shown once a sign-in asked for it. */
export function TotpCodeField({ error, ...input }: { error?: string | undefined } & ComponentProps<typeof Input>) {
  const { t } = useTranslation();
  return (
    <FormField label={t('auth.fields.totp')} hint={t('auth.totpHint')} error={error}>
      {(field) => (
        <Input
          {...field}
          {...input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('auth.placeholders.code')}
          data-testid="auth-totp"
          autoFocus
        />
      )}
    </FormField>
  );
}
