import { identityRoutes, RegisterRequest, type SelfRegisterRole } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Alert, Button, FormField, Input } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { forgetReferralCode, referralCode } from '../referral-code';
import type { SignedInSession } from '../session-storage';

const RegisterFields = RegisterRequest.pick({ name: true, email: true, password: true });

interface EmailRegisterFormProps {
  role: SelfRegisterRole;
  onSignedIn: (session: SignedInSession) => void;
}

export function EmailRegisterForm({ role, onSignedIn }: EmailRegisterFormProps) {
  const { t } = useTranslation();
  const register = useRouteMutation(identityRoutes.register);
  const form = useContractForm(RegisterFields, { defaultValues: { name: '', email: '', password: '' } });

  const submit = form.submit((values) =>
    register.mutate(
      { body: { ...values, role, ref: referralCode() } },
      {
        onSuccess: ({ token, user }) => {
          forgetReferralCode();
          onSignedIn({ token, user });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="email-register-form">
      <FormField label={t('auth.fields.name')} error={form.errorText('name')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('name')}
            autoComplete="name"
            placeholder={t('auth.placeholders.name')}
            data-testid="auth-name"
          />
        )}
      </FormField>
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
          <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" data-testid="auth-password" />
        )}
      </FormField>
      {register.isError && (
        <Alert tone="error" data-testid="auth-error">
          {detailOr(register.error, t('auth.errors.registrationFailed'))}
        </Alert>
      )}
      <Button type="submit" className="w-full" loading={register.isPending} data-testid="auth-submit">
        {t('auth.createAccount')}
      </Button>
    </form>
  );
}
